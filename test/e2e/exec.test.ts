// `codex-ts exec` end to end: the built binary against the fake model over real HTTP.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ExecThreadEvent } from "../../src/protocol/exec-events.js";
import { lastUserText, reply, sse, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

async function setup(replies: Parameters<typeof startFakeModel>[0] = {}, extraToml = "") {
  model = await startFakeModel(replies);
  return { model, home: makeHome(model.url, extraToml) };
}

function types(events: Array<Record<string, unknown>>): string[] {
  return events.map((e) =>
    e.type === "item.completed" || e.type === "item.started"
      ? `${String(e.type)}:${String((e.item as { type: string }).type)}`
      : String(e.type),
  );
}

describe("exec --json", () => {
  it("prints thread.started, turn.started, the agent message and turn.completed with usage", async () => {
    const { model, home } = await setup({
      replies: [reply.message("hi there", { usage: { input: 30, cached: 4, output: 7, reasoning: 2 } })],
    });
    const res = await runCli(["exec", "--json", "say hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    for (const e of events) expect(ExecThreadEvent.safeParse(e).success).toBe(true);
    expect(types(events)).toEqual([
      "thread.started",
      "turn.started",
      "item.completed:agent_message",
      "turn.completed",
    ]);
    expect(events[2]).toMatchObject({ item: { text: "hi there" } });
    expect(events[3]).toEqual({
      type: "turn.completed",
      usage: {
        input_tokens: 30,
        cached_input_tokens: 4,
        cache_write_input_tokens: 0,
        output_tokens: 7,
        reasoning_output_tokens: 2,
      },
    });
    const request = model.requests[0];
    expect(request?.headers.authorization).toBe("Bearer sk-test");
    expect(request?.headers.originator).toBe("codex_cli_ts");
    expect(String(request?.headers["user-agent"])).toMatch(/^codex-ts\/\d+\.\d+\.\d+/);
    expect(request?.headers.session_id).toBe((events[0] as { thread_id: string }).thread_id);
    expect(request?.body).toMatchObject({
      stream: true,
      store: false,
      model: "gpt-5.1-codex",
      tool_choice: "auto",
    });
    expect(lastUserText(request?.body.input ?? [])).toBe("say hi");
  });

  it("sends base instructions, AGENTS.md and the environment context, in that order", async () => {
    const { model, home } = await setup({ replies: [reply.message("ok")] });
    writeFileSync(join(home.codexHome, "AGENTS.md"), "GLOBAL RULE");
    writeFileSync(join(home.cwd, "AGENTS.md"), "REPO RULE");
    const res = await runCli(["exec", "--json", "go"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const input = model.requests[0]?.body.input as Array<{ role: string; content: Array<{ text: string }> }>;
    expect(input.map((i) => i.role)).toEqual(["developer", "user", "user", "user"]);
    expect(input[0]?.content[0]?.text).toMatch(/You are codex-ts/);
    expect(input[1]?.content[0]?.text).toMatch(
      /# AGENTS.md instructions for .*\n\n<INSTRUCTIONS>\nGLOBAL RULE\n\nREPO RULE\n<\/INSTRUCTIONS>/,
    );
    expect(input[2]?.content[0]?.text).toContain(`<cwd>${home.cwd}</cwd>`);
    expect(input[2]?.content[0]?.text).toContain("<approval_policy>never</approval_policy>");
    expect(input[3]?.content[0]?.text).toBe("go");
  });

  it("runs a shell call, feeds its output back, and reports a command_execution item", async () => {
    const { model, home } = await setup({
      replies: [reply.shell(["bash", "-lc", "echo from-the-shell; exit 3"]), reply.message("done")],
    });
    const res = await runCli(["exec", "--json", "-s", "danger-full-access", "run it"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    expect(types(events)).toEqual([
      "thread.started",
      "turn.started",
      "item.started:command_execution",
      "item.completed:command_execution",
      "item.completed:agent_message",
      "turn.completed",
    ]);
    expect(events[3]).toMatchObject({
      item: {
        type: "command_execution",
        command: "bash -lc 'echo from-the-shell; exit 3'",
        aggregated_output: "from-the-shell\n",
        exit_code: 3,
        status: "failed",
      },
    });
    const second = model.requests[1]?.body.input ?? [];
    const output = second.find((i) => i.type === "function_call_output") as { output: string } | undefined;
    expect(output?.output).toMatch(/^Exit code: 3\nWall time: [\d.]+ seconds\nOutput:\nfrom-the-shell\n/);
    expect(events.at(-1)).toMatchObject({ usage: { input_tokens: 20, output_tokens: 10 } });
  });

  it("reads the prompt from stdin and writes the last message to a file", async () => {
    const { home } = await setup({ replies: [reply.message("from stdin")] });
    const out = join(home.cwd, "last.txt");
    const res = await runCli(["exec", "-o", out, "-"], {
      env: home.env,
      cwd: home.cwd,
      stdin: "a piped prompt",
    });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe("from stdin\n");
    expect(res.stderr).toContain("user\na piped prompt");
    expect(readFileSync(out, "utf8")).toBe("from stdin");
  });

  it("sends --output-schema as the response format and --image as an input image", async () => {
    const { model, home } = await setup({ replies: [reply.message('{"ok":true}')] });
    const schemaPath = join(home.cwd, "schema.json");
    const schema = {
      type: "object",
      properties: { ok: { type: "boolean" } },
      required: ["ok"],
      additionalProperties: false,
    };
    writeFileSync(schemaPath, JSON.stringify(schema));
    const imagePath = join(home.cwd, "pixel.png");
    writeFileSync(imagePath, Buffer.from("89504e470d0a1a0a", "hex"));
    const res = await runCli(["exec", "--json", "--output-schema", schemaPath, "-i", imagePath, "describe"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const body = model.requests[0]?.body as {
      text?: unknown;
      input: Array<{ content?: Array<{ type: string; image_url?: string }> }>;
    };
    expect(body.text).toEqual({
      format: { type: "json_schema", name: "codex_output_schema", schema, strict: true },
    });
    const user = body.input.at(-1)?.content ?? [];
    expect(user[1]?.image_url).toBe(
      `data:image/png;base64,${Buffer.from("89504e470d0a1a0a", "hex").toString("base64")}`,
    );
  });

  it("refuses to run outside a git repository unless told to", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url, "", { git: false });
    const res = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("--skip-git-repo-check");
    expect(model.requests).toHaveLength(0);
    const ok = await runCli(["exec", "--skip-git-repo-check", "hi"], { env: home.env, cwd: home.cwd });
    expect(ok.code).toBe(0);
  });
});

describe("exec --json with the default command tool (exec_command)", () => {
  async function setupDefault(replies: Parameters<typeof startFakeModel>[0]) {
    model = await startFakeModel(replies);
    return { model, home: makeHome(model.url, "", { shellTool: "default" }) };
  }
  const outputOf = (m: NonNullable<typeof model>, request: number, callId: string) =>
    String(
      m.requests[request]?.body.input?.find((i) => i.type === "function_call_output" && i.call_id === callId)
        ?.output,
    );

  it("offers exec_command and write_stdin, and reports the command as the SDK reads it", async () => {
    const { model, home } = await setupDefault({
      replies: [
        reply.exec("echo from-exec; echo oops >&2; exit 3", { callId: "call_x" }),
        reply.message("done"),
      ],
    });
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "run it"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const tools = (model.requests[0]?.body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(tools).toEqual([
      "exec_command",
      "write_stdin",
      "apply_patch",
      "update_plan",
      "view_image",
      "request_user_input",
    ]);
    const events = jsonLines(res.stdout);
    for (const e of events) expect(ExecThreadEvent.safeParse(e).success).toBe(true);
    expect(types(events)).toEqual([
      "thread.started",
      "turn.started",
      "item.started:command_execution",
      "item.completed:command_execution",
      "item.completed:agent_message",
      "turn.completed",
    ]);
    const command = "bash -lc 'echo from-exec; echo oops >&2; exit 3'";
    expect(events[2]).toMatchObject({
      item: {
        type: "command_execution",
        command,
        aggregated_output: "",
        exit_code: null,
        status: "in_progress",
      },
    });
    expect(events[3]).toMatchObject({
      item: { type: "command_execution", command, exit_code: 3, status: "failed" },
    });
    const aggregated = String((events[3]?.item as { aggregated_output: string }).aggregated_output);
    expect(aggregated.split("\n").sort()).toEqual(["", "from-exec", "oops"]);
    expect(outputOf(model, 1, "call_x")).toMatch(
      /^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\nProcess exited with code 3\nOriginal token count: \d+\nOutput:\n/,
    );
  });

  it("runs commands in the sandbox: workspace-write cannot write .git", async () => {
    const { model, home } = await setupDefault({
      replies: [
        reply.exec("touch inside.txt && touch .git/hooked", { callId: "call_s" }),
        reply.message("ok"),
      ],
    });
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "go"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    expect(existsSync(join(home.cwd, "inside.txt"))).toBe(true);
    expect(existsSync(join(home.cwd, ".git", "hooked"))).toBe(false);
    expect(outputOf(model, 1, "call_s")).toMatch(/Process exited with code 1\n[\s\S]*Read-only file system/);
  });

  it("applies `apply_patch <<'EOF'` sent through exec_command as a file_change item", async () => {
    const patch = "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch";
    const { model, home } = await setupDefault({
      replies: [
        reply.exec(`apply_patch <<'EOF'\n${patch}\nEOF\n`, { callId: "call_p" }),
        reply.message("patched"),
      ],
    });
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "patch it"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    expect(readFileSync(join(home.cwd, "hello.txt"), "utf8")).toBe("hello\n");
    const events = jsonLines(res.stdout);
    expect(types(events)).toEqual([
      "thread.started",
      "turn.started",
      "item.started:file_change",
      "item.completed:file_change",
      "item.completed:agent_message",
      "turn.completed",
    ]);
    expect(events[3]).toMatchObject({
      item: {
        type: "file_change",
        status: "completed",
        changes: [{ path: join(home.cwd, "hello.txt"), kind: "add" }],
      },
    });
    expect(outputOf(model, 1, "call_p")).toBe("Success. Updated the following files:\nA hello.txt");
  });

  it("refuses an escalation it cannot ask about, telling the model and the reader", async () => {
    const { model, home } = await setupDefault({
      replies: [
        reply.exec("touch escalated.txt", {
          callId: "call_e",
          sandbox_permissions: "require_escalated",
          justification: "write outside",
        }),
        reply.message("understood"),
      ],
    });
    const res = await runCli(["exec", "--json", "-a", "on-request", "go"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(existsSync(join(home.cwd, "escalated.txt"))).toBe(false);
    expect(outputOf(model, 1, "call_e")).toMatch(/^rejected by user/);
    const errors = jsonLines(res.stdout).filter(
      (e) => e.type === "item.completed" && (e.item as { type: string }).type === "error",
    );
    expect(String((errors[0]?.item as { message: string }).message)).toMatch(
      /^denied: approval needed to run `touch escalated.txt` \(write outside\)/,
    );
  });
});

describe("exec failures", () => {
  it("HTTP 500 on every attempt: turn.failed, exit 1, a readable message", async () => {
    const { model, home } = await setup({ fallback: reply.httpError(500, { message: "upstream exploded" }) });
    const res = await runCli(["exec", "--json", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(1);
    const events = jsonLines(res.stdout);
    expect(types(events)).toEqual(["thread.started", "turn.started", "error", "error", "turn.failed"]);
    expect(events.at(-1)).toEqual({
      type: "turn.failed",
      error: { message: "model request failed: HTTP 500: upstream exploded after 3 attempts" },
    });
    expect(res.stderr).toContain("HTTP 500: upstream exploded");
    expect(model.requests).toHaveLength(3);
  });

  it("a stream cut mid-way is retried and the turn succeeds", async () => {
    const { model, home } = await setup({
      replies: [reply.cut("partial answer", 3), reply.message("whole answer")],
    });
    const res = await runCli(["exec", "--json", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    expect(events.find((e) => e.type === "error")?.message).toMatch(/^Reconnecting\.\.\. 1\/2 \(stream/);
    expect(events.filter((e) => e.type === "item.completed")).toEqual([
      { type: "item.completed", item: { id: "item_0", type: "agent_message", text: "whole answer" } },
    ]);
    expect(model.requests).toHaveLength(2);
  });

  it("HTTP 429 with Retry-After is honoured before the retry", async () => {
    const { model, home } = await setup({
      replies: [reply.httpError(429, { retryAfter: "1" }), reply.message("after the wait")],
    });
    const times: number[] = [];
    const started = Date.now();
    const res = await runCli(["exec", "--json", "hi"], { env: home.env, cwd: home.cwd });
    times.push(Date.now() - started);
    expect(res.code).toBe(0);
    expect(model.requests).toHaveLength(2);
    expect(jsonLines(res.stdout).find((e) => e.type === "item.completed")).toMatchObject({
      item: { text: "after the wait" },
    });
    expect(times[0]).toBeGreaterThanOrEqual(1000);
  });

  it("a model failure event that no retry can fix fails the turn at once", async () => {
    const { model, home } = await setup({
      replies: [
        {
          events: [
            sse.created(),
            {
              type: "response.failed",
              response: { error: { code: "insufficient_quota", message: "quota exhausted" } },
            },
          ],
        },
      ],
    });
    const res = await runCli(["exec", "--json", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(1);
    expect(jsonLines(res.stdout).at(-1)).toEqual({
      type: "turn.failed",
      error: { message: "quota exhausted" },
    });
    expect(model.requests).toHaveLength(1);
  });

  it("no API key: a clear message naming the variables to set", async () => {
    const { model, home } = await setup();
    const env = { ...home.env };
    delete env.OPENAI_API_KEY;
    const res = await runCli(["exec", "hi"], { env, cwd: home.cwd });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("OPENAI_API_KEY");
    expect(res.stderr).toContain("CODEX_API_KEY");
    expect(res.stderr).toContain("auth.json");
    expect(model.requests).toHaveLength(0);
  });

  it("a config file with bad TOML names the file and line", async () => {
    model = await startFakeModel();
    const home = makeHome(model.url, "this is = = not toml\n", { shellTool: "default" });
    const res = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/invalid TOML in .*config\.toml \(line 2/);
  });
});
