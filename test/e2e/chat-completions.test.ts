// `wire_api = "chat"` end to end: the built binary against the fake model's Chat Completions endpoint
// (OpenAI- and Ollama-shaped streams) over real HTTP and SSE.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatReply } from "../support/fake-chat.js";
import { reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, runCli, type TestHome } from "../support/cli.js";

let model: Awaited<ReturnType<typeof startFakeModel>> | undefined;
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
});

/** A Chat Completions provider named `local` at the fake model, as the session's provider. */
function chatProviderToml(url: string, modelName = "local-coder"): string {
  return (
    `model = "${modelName}"\nmodel_provider = "local"\n` +
    `[model_providers.local]\nname = "Local"\nbase_url = "${url}"\nwire_api = "chat"\n` +
    `request_max_retries = 2\nstream_max_retries = 2\n`
  );
}

async function setup(replies: Parameters<typeof startFakeModel>[0] = {}): Promise<TestHome> {
  model = await startFakeModel(replies);
  return makeHome(model.url, chatProviderToml(model.url), { shellTool: "default" });
}

type ChatMessage = { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string };

function messagesOf(n: number): ChatMessage[] {
  return (model?.requests[n]?.body.messages ?? []) as ChatMessage[];
}

function completedItems(stdout: string): Array<Record<string, unknown>> {
  return jsonLines(stdout)
    .filter((e) => e.type === "item.completed")
    .map((e) => e.item as Record<string, unknown>);
}

describe("exec with a Chat Completions provider", () => {
  it("says hello: system message first, tools as functions, usage from the last chunk", async () => {
    const home = await setup({
      replies: [chatReply.message("hello from chat", { usage: { input: 40, cached: 8, output: 6 } })],
    });
    const res = await runCli(["exec", "--json", "say hi"], { env: home.env, cwd: home.cwd });
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    const events = jsonLines(res.stdout);
    expect(completedItems(res.stdout)).toEqual([
      expect.objectContaining({ type: "agent_message", text: "hello from chat" }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "turn.completed",
      usage: { input_tokens: 40, cached_input_tokens: 8, output_tokens: 6 },
    });
    const request = model?.requests[0];
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toMatchObject({
      model: "local-coder",
      stream: true,
      stream_options: { include_usage: true },
      tool_choice: "auto",
    });
    const messages = messagesOf(0);
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(String(messages[0]?.content)).toMatch(/You are codex-ts/);
    expect(String(messages[1]?.content)).toMatch(/<environment_context>[\s\S]*say hi$/);
    const tools = request?.body.tools as Array<{
      type: string;
      function: { name: string; parameters: unknown };
    }>;
    expect(tools.every((t) => t.type === "function")).toBe(true);
    expect(tools.map((t) => t.function.name)).toEqual(
      expect.arrayContaining(["exec_command", "write_stdin", "apply_patch", "update_plan"]),
    );
    expect(tools.find((t) => t.function.name === "apply_patch")?.function.parameters).toMatchObject({
      properties: { input: { type: "string" } },
    });
  });

  it("runs a shell command the model asked for in argument pieces, and sends back its output", async () => {
    const home = await setup({
      replies: [chatReply.exec("echo hi-from-chat-shell", { id: "call_sh1" }), chatReply.message("ran it")],
    });
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "run it"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    const items = completedItems(res.stdout);
    expect(items.map((i) => i.type)).toEqual(["command_execution", "agent_message"]);
    expect(items[0]).toMatchObject({ exit_code: 0, status: "completed" });
    expect(String(items[0]?.aggregated_output)).toContain("hi-from-chat-shell");
    const messages = messagesOf(1);
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.tool_calls).toEqual([
      {
        id: "call_sh1",
        type: "function",
        function: { name: "exec_command", arguments: '{"cmd":"echo hi-from-chat-shell"}' },
      },
    ]);
    const tool = messages.at(-1);
    expect(tool).toMatchObject({ role: "tool", tool_call_id: "call_sh1" });
    expect(String(tool?.content)).toContain("hi-from-chat-shell");
  });

  it("runs parallel calls and answers each with its tool message", async () => {
    const home = await setup({
      replies: [
        chatReply.toolCalls([
          { name: "exec_command", args: { cmd: "echo one" }, id: "call_a" },
          { name: "exec_command", args: { cmd: "echo two" }, id: "call_b" },
        ]),
        chatReply.message("both ran"),
      ],
    });
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "two"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.code).toBe(0);
    const tail = messagesOf(1).slice(-3);
    expect(tail.map((m) => m.role)).toEqual(["assistant", "tool", "tool"]);
    expect(tail.slice(1).map((m) => m.tool_call_id)).toEqual(["call_a", "call_b"]);
    expect(String(tail[2]?.content)).toContain("two");
  });

  it("applies a patch called in function form", async () => {
    const patch = "*** Begin Patch\n*** Add File: hello.txt\n+hello from a chat model\n*** End Patch\n";
    const home = await setup({
      replies: [
        chatReply.toolCalls([{ name: "apply_patch", args: { input: patch }, id: "call_p" }]),
        chatReply.message("patched"),
      ],
    });
    const res = await runCli(["exec", "--json", "-s", "workspace-write", "add a file"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    expect(readFileSync(join(home.cwd, "hello.txt"), "utf8")).toBe("hello from a chat model\n");
    expect(completedItems(res.stdout)[0]).toMatchObject({ type: "file_change", status: "completed" });
    expect(messagesOf(1).at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_p",
      content: "Success. Updated the following files:\nA hello.txt",
    });
  });

  it("retries a stream cut mid-way and keeps only the second attempt", async () => {
    const home = await setup({
      replies: [chatReply.cut("this is cut", 3), chatReply.message("whole answer")],
    });
    const res = await runCli(["exec", "--json", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(model?.requests).toHaveLength(2);
    expect(completedItems(res.stdout).map((i) => i.text)).toEqual(["whole answer"]);
  });

  it("waits as long as a 429's Retry-After says, then succeeds", async () => {
    const home = await setup({
      replies: [
        reply.httpError(429, { retryAfter: "1", message: "slow down" }),
        chatReply.message("after wait"),
      ],
    });
    const started = Date.now();
    const res = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(res.stdout.trim()).toBe("after wait");
    expect(res.stderr).toMatch(/Reconnecting\.\.\. 1\/2 \(model request failed: HTTP 429: slow down\)/);
  });

  it("reports the server's message when it refuses, and a cut-off answer as such", async () => {
    const home = await setup({
      replies: [reply.httpError(400, { message: "model 'local-coder' not found, try pulling it first" })],
    });
    const res = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("HTTP 400: model 'local-coder' not found, try pulling it first");

    model?.push(chatReply.finish("partial", "length"));
    const cut = await runCli(["exec", "hi"], { env: home.env, cwd: home.cwd });
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/cut off: it reached its output token limit/);
  });

  it("shows an Ollama-shaped answer's reasoning as a reasoning item", async () => {
    const home = await setup({
      replies: [chatReply.message("42", { flavor: "ollama", reasoning: "six times seven" })],
    });
    const res = await runCli(["exec", "--json", "answer"], { env: home.env, cwd: home.cwd });
    expect(res.code).toBe(0);
    expect(completedItems(res.stdout)).toEqual([
      expect.objectContaining({ type: "reasoning", text: "six times seven" }),
      expect.objectContaining({ type: "agent_message", text: "42" }),
    ]);
  });
});

describe("a thread that changes provider between turns", () => {
  it("resumes a Responses thread with a chat provider, and back, with every tool call answered", async () => {
    model = await startFakeModel({
      replies: [
        reply.exec("echo first", { callId: "call_r1" }),
        reply.message("one"),
        chatReply.exec("echo second", { id: "call_c1", reasoning: "let me run it" }),
        chatReply.message("two"),
        reply.message("three"),
      ],
    });
    // The session's provider is the Responses one; `local` speaks Chat Completions at the same server.
    const home = makeHome(
      model.url,
      `[model_providers.local]\nname = "Local"\nbase_url = "${model.url}"\nwire_api = "chat"\n`,
      { shellTool: "default" },
    );
    const run = (args: string[]) => runCli(["exec", ...args], { env: home.env, cwd: home.cwd });
    const first = await run(["--json", "-s", "workspace-write", "turn one"]);
    expect(first.code).toBe(0);
    const second = await run([
      "-s",
      "workspace-write",
      "-c",
      'model_provider="local"',
      "-m",
      "local-coder",
      "resume",
      "--last",
      "turn two",
    ]);
    expect(second.stderr).not.toMatch(/Error/);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe("two");
    const third = await run(["resume", "--last", "turn three"]);
    expect(third.code).toBe(0);
    expect(third.stdout.trim()).toBe("three");

    const paths = model.requests.map((r) => r.path);
    expect(paths).toEqual([
      "/v1/responses",
      "/v1/responses",
      "/v1/chat/completions",
      "/v1/chat/completions",
      "/v1/responses",
    ]);
    // The chat request carries the Responses turn as chat messages.
    const chat = messagesOf(2);
    expect(chat.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["call_r1"]);
    expect(chat.filter((m) => m.role === "assistant").map((m) => m.content)).toEqual([null, "one"]);
    // The Responses request carries the chat turn's call and output as items, but not its reasoning: without
    // encrypted content the API could not resolve it.
    const input = model.requests[4]?.body.input ?? [];
    expect(input.filter((i) => i.type === "reasoning")).toEqual([]);
    expect(input.filter((i) => i.type === "function_call").map((i) => i.call_id)).toEqual([
      "call_r1",
      "call_c1",
    ]);
    expect(input.filter((i) => i.type === "function_call_output").map((i) => i.call_id)).toEqual([
      "call_r1",
      "call_c1",
    ]);
  });
});
