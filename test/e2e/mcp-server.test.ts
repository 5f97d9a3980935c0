// `codex-ts mcp-server` driven by the MCP SDK's own client, as an MCP host would: `codex` starts a thread,
// `codex-reply` continues it (live, or resumed from its rollout by a new server process).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { CLI, makeHome, type TestHome } from "../support/cli.js";

type Model = Awaited<ReturnType<typeof startFakeModel>>;

let model: Model | undefined;
const clients: Client[] = [];
afterEach(async () => {
  expect(model?.errors ?? []).toEqual([]);
  for (const client of clients.splice(0)) await client.close();
  await model?.close();
  model = undefined;
});

async function connect(
  home: TestHome,
  options: { elicitation?: boolean } = {},
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "mcp-server"],
    env: home.env as Record<string, string>,
    cwd: home.cwd,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  const client = new Client(
    { name: "e2e", version: "1.0.0" },
    { capabilities: options.elicitation ? { elicitation: { form: {} } } : {} },
  );
  clients.push(client);
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content as Array<{ type: string; text?: string }>;
  return content.map((c) => c.text ?? "").join("");
}

describe("codex-ts mcp-server", () => {
  it("lists its three tools", async () => {
    model = await startFakeModel();
    const { client } = await connect(makeHome(model.url));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["codex", "codex-reply", "review"]);
    const codex = tools.find((t) => t.name === "codex");
    expect(Object.keys(codex?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["prompt", "model", "profile", "cwd", "approval-policy", "sandbox", "config"]),
    );
    expect(codex?.inputSchema.required).toEqual(["prompt"]);
  });

  it("runs `codex`, then `codex-reply` on the same thread, streaming progress", async () => {
    model = await startFakeModel({
      replies: [reply.message("first answer"), reply.message("second answer")],
    });
    const home = makeHome(model.url);
    const { client } = await connect(home);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params.data));
    const progress: string[] = [];

    const first = await client.callTool(
      { name: "codex", arguments: { prompt: "hello there", sandbox: "read-only" } },
      undefined,
      { onprogress: (p) => void progress.push(p.message ?? ""), timeout: 20_000 },
    );
    expect(first.isError).toBeFalsy();
    expect(text(first)).toBe("first answer");
    const threadId = (first.structuredContent as { threadId: string }).threadId;
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.structuredContent).toEqual({ threadId, content: "first answer" });
    // The SDK's client runs notification handlers a microtask late and forgets a request's progress handler
    // when its result arrives, so progress that reaches it in the same read as the result is dropped: the
    // last messages may be missing, never out of order. The turn's start comes a model round-trip earlier.
    expect(progress[0]).toBe("turn started");
    const expected = ["turn started", "message: first answer", "turn complete"];
    expect(progress).toEqual(expected.slice(0, progress.length));
    expect(logged).toContainEqual(
      expect.objectContaining({ threadId, msg: expect.objectContaining({ type: "task_complete" }) }),
    );

    const second = await client.callTool(
      { name: "codex-reply", arguments: { threadId, prompt: "and again" } },
      undefined,
      { onprogress: () => undefined, timeout: 20_000 },
    );
    expect(text(second)).toBe("second answer");
    expect(second.structuredContent).toEqual({ threadId, content: "second answer" });
    // Same thread: the second request carries the first exchange and the same session id.
    const input = model.requests[1]?.body.input ?? [];
    expect(JSON.stringify(input)).toContain("hello there");
    expect(JSON.stringify(input)).toContain("first answer");
    expect(lastUserText(input)).toBe("and again");
    expect(model.requests[1]?.headers.session_id).toBe(threadId);
    // A client without elicitation cannot answer approvals: the policy is never.
    expect(JSON.stringify(model.requests[0]?.body.input)).toContain(
      "<approval_policy>never</approval_policy>",
    );
  });

  it("resumes a thread from its rollout after the server restarted", async () => {
    model = await startFakeModel({
      replies: [reply.message("before restart"), reply.message("after restart")],
    });
    const home = makeHome(model.url);
    const first = await connect(home);
    const started = await first.client.callTool({ name: "codex", arguments: { prompt: "remember 42" } });
    const threadId = (started.structuredContent as { threadId: string }).threadId;
    await first.client.close();

    const second = await connect(home);
    const resumed = await second.client.callTool({
      name: "codex-reply",
      arguments: { threadId, prompt: "what was it?" },
    });
    expect(text(resumed)).toBe("after restart");
    expect(resumed.structuredContent).toEqual({ threadId, content: "after restart" });
    const input = JSON.stringify(model.requests[1]?.body.input ?? []);
    expect(input).toContain("remember 42");
    expect(input).toContain("before restart");
  });

  it("asks approvals through elicitation when the client supports it", async () => {
    model = await startFakeModel({
      replies: [reply.shell(["bash", "-lc", "echo approved > made.txt"]), reply.message("made it")],
    });
    const home = makeHome(model.url);
    const { client } = await connect(home, { elicitation: true });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { decision: "approved" } };
    });
    const result = await client.callTool({
      name: "codex",
      arguments: { prompt: "make a file", "approval-policy": "untrusted", sandbox: "danger-full-access" },
    });
    expect(text(result)).toBe("made it");
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("echo approved > made.txt");
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(true);
  });

  it("answers an unknown thread id with a clear error", async () => {
    model = await startFakeModel();
    const { client } = await connect(makeHome(model.url));
    const result = await client.callTool({
      name: "codex-reply",
      arguments: { threadId: "0199a0a0-0000-7000-8000-000000000000", prompt: "hi" },
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("no thread with id 0199a0a0-0000-7000-8000-000000000000");
  });
});
