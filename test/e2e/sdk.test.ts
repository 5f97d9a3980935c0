// The official @openai/codex-sdk drives our binary through codexPathOverride.
import { Codex } from "@openai/codex-sdk";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { CLI, makeHome } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
});

function sdkFor(url: string, env: NodeJS.ProcessEnv) {
  const clean = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return new Codex({ codexPathOverride: CLI, baseUrl: url, apiKey: "sk-from-sdk", env: clean });
}

describe("@openai/codex-sdk against codex-ts", () => {
  it("thread.run returns the final response, items and usage", async () => {
    model = await startFakeModel({
      replies: [reply.exec("echo sdk; exit 4"), reply.exec("echo sdk"), reply.message("all done")],
    });
    // codex-ts's default tools (exec_command), as a user of the SDK gets them.
    const home = makeHome("http://unused.invalid/v1", "", { shellTool: "default" });
    const codex = sdkFor(model.url, home.env);
    const thread = codex.startThread({ workingDirectory: home.cwd, sandboxMode: "danger-full-access" });
    const turn = await thread.run("do the thing");
    expect(turn.finalResponse).toBe("all done");
    expect(turn.items.map((i) => i.type)).toEqual([
      "command_execution",
      "command_execution",
      "agent_message",
    ]);
    expect(turn.items[0]).toMatchObject({
      command: "bash -lc 'echo sdk; exit 4'",
      aggregated_output: "sdk\n",
      exit_code: 4,
      status: "failed",
    });
    expect(turn.items[1]).toMatchObject({
      command: "bash -lc 'echo sdk'",
      aggregated_output: "sdk\n",
      exit_code: 0,
      status: "completed",
    });
    const tools = (model.requests[0]?.body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(tools).toContain("exec_command");
    expect(tools).not.toContain("shell");
    expect(turn.usage).toMatchObject({ input_tokens: 30, output_tokens: 15 });
    expect(thread.id).toMatch(/^[0-9a-f-]{36}$/);
    // The SDK's settings reach the model request.
    expect(model.requests[0]?.headers.authorization).toBe("Bearer sk-from-sdk");
    expect(model.requests[0]?.headers.originator).toBe("codex_sdk_ts");
    expect(lastUserText(model.requests[0]?.body.input ?? [])).toBe("do the thing");
  });

  it("runStreamed yields the events as they happen", async () => {
    model = await startFakeModel({ replies: [reply.message("streamed hello")] });
    const home = makeHome("http://unused.invalid/v1", "", { shellTool: "default" });
    const thread = sdkFor(model.url, home.env).startThread({
      workingDirectory: home.cwd,
      model: "gpt-5.1-codex-mini",
    });
    const { events } = await thread.runStreamed("hello");
    const seen: string[] = [];
    for await (const event of events) seen.push(event.type);
    expect(seen).toEqual(["thread.started", "turn.started", "item.completed", "turn.completed"]);
    expect(model.requests[0]?.body.model).toBe("gpt-5.1-codex-mini");
  });

  it("resumeThread continues the thread with its history", async () => {
    model = await startFakeModel({ replies: [reply.message("noted"), reply.message("you said blue")] });
    const home = makeHome("http://unused.invalid/v1", "", { shellTool: "default" });
    const codex = sdkFor(model.url, home.env);
    const first = codex.startThread({ workingDirectory: home.cwd });
    await first.run("my favourite colour is blue");
    const again = codex.resumeThread(first.id ?? "", { workingDirectory: home.cwd });
    const turn = await again.run("what is my favourite colour?");
    expect(turn.finalResponse).toBe("you said blue");
    expect(again.id).toBe(first.id);
    const texts = (model.requests[1]?.body.input ?? [])
      .filter((i) => i.type === "message")
      .map((i) => JSON.stringify(i.content));
    expect(texts.join()).toContain("my favourite colour is blue");
    expect(texts.join()).toContain("noted");
  });

  it("a failed turn surfaces as an error from thread.run", async () => {
    model = await startFakeModel({ fallback: reply.httpError(503, { message: "overloaded" }) });
    const home = makeHome("http://unused.invalid/v1", "", { shellTool: "default" });
    const thread = sdkFor(model.url, home.env).startThread({ workingDirectory: home.cwd });
    await expect(thread.run("hi")).rejects.toThrow(/HTTP 503: overloaded/);
  });

  it("every option reaches the request: config, effort, network, web search, dirs, schema, images", async () => {
    const schema = {
      type: "object",
      properties: { ok: { type: "boolean" } },
      required: ["ok"],
      additionalProperties: false,
    };
    model = await startFakeModel({ replies: [reply.message('{"ok":true}')] });
    const home = makeHome("http://unused.invalid/v1", "", { shellTool: "default" });
    const extra = join(home.cwd, "..", "extra-dir");
    mkdirSync(extra);
    const image = join(home.cwd, "pixel.png");
    // A 1x1 PNG.
    writeFileSync(
      image,
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    );
    const clean = Object.fromEntries(
      Object.entries(home.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const codex = new Codex({
      codexPathOverride: CLI,
      baseUrl: model.url,
      apiKey: "sk-options",
      env: clean,
      config: { model_verbosity: "high", developer_instructions: "Answer in JSON." },
    });
    const thread = codex.startThread({
      workingDirectory: home.cwd,
      model: "gpt-5.1",
      sandboxMode: "workspace-write",
      modelReasoningEffort: "high",
      networkAccessEnabled: true,
      webSearchMode: "cached",
      additionalDirectories: [extra],
    });
    const turn = await thread.run(
      [
        { type: "text", text: "is it ok?" },
        { type: "local_image", path: image },
      ],
      { outputSchema: schema },
    );
    expect(JSON.parse(turn.finalResponse)).toEqual({ ok: true });
    const request = model.requests[0];
    const body = request?.body as Record<string, unknown>;
    expect(request?.headers.authorization).toBe("Bearer sk-options");
    expect(body.reasoning).toMatchObject({ effort: "high" });
    expect(body.text).toEqual({
      format: { type: "json_schema", name: "codex_output_schema", schema, strict: true },
      verbosity: "high",
    });
    expect(body.tools).toContainEqual({ type: "web_search", external_web_access: false });
    const input = JSON.stringify(body.input);
    expect(input).toContain("Answer in JSON.");
    expect(input).toContain("<network_access>enabled</network_access>");
    expect(input).toContain(extra);
    expect(input).toContain('"type":"input_image"');
    expect(input).toContain("data:image/png;base64,");
  });

  it("cyberAccessProgram reaches the turn's requests, on a resumed thread too", async () => {
    model = await startFakeModel({ replies: [reply.message("first"), reply.message("second")] });
    const home = makeHome("http://unused.invalid/v1", "", { shellTool: "default" });
    const codex = sdkFor(model.url, home.env);
    const thread = codex.startThread({ workingDirectory: home.cwd });
    await thread.run("look", { cyberAccessProgram: "daybreak_blue" });
    // The SDK puts the flag before `resume <id>`.
    await codex.resumeThread(thread.id ?? "", { workingDirectory: home.cwd }).run("again", {
      cyberAccessProgram: "standard",
    });
    expect(model.requests.map((r) => r.body.access_programs)).toEqual([
      { cyber: "daybreak_blue" },
      { cyber: "standard" },
    ]);
  });

  it("an abort signal stops the run; the thread resumes afterwards", async () => {
    model = await startFakeModel({ replies: [reply.hang(), reply.message("after the abort")] });
    const home = makeHome("http://unused.invalid/v1", "", { shellTool: "default" });
    const codex = sdkFor(model.url, home.env);
    const thread = codex.startThread({ workingDirectory: home.cwd });
    const controller = new AbortController();
    const { events } = await thread.runStreamed("wait forever", { signal: controller.signal });
    const seen: string[] = [];
    const consumed = (async () => {
      for await (const event of events) {
        seen.push(event.type);
        if (event.type === "thread.started") void model?.waitForRequests(1).then(() => controller.abort());
      }
    })();
    await expect(consumed).rejects.toThrow(/abort/i);
    expect(seen[0]).toBe("thread.started");
    const again = await codex.resumeThread(thread.id ?? "", { workingDirectory: home.cwd }).run("go on");
    expect(again.finalResponse).toBe("after the abort");
  });
});
