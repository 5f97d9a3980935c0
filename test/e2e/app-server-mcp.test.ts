// MCP server state and the model's questions through `codex-ts app-server`: mcpServerStatus/list (of a
// thread, and without one) and mcpServer/startupStatus/updated with a real stdio server and one that never
// starts, and
// item/tool/requestUserInput answered by the client. Every message is checked against the real protocol.
import { describe, expect, it } from "vitest";
import { reply, type ScriptedReply } from "../support/fake-model.js";
import { startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { hungServerToml, stdioServerToml } from "../support/mcp-config.js";

const app = useAppServer();

async function start(toml: string, replies: ScriptedReply[] = []) {
  const { home, model, client } = await app.start({ model: { replies }, toml });
  const threadId = await startThread(client, { cwd: home.cwd });
  return { home, model, c: client, threadId };
}

describe("app-server MCP servers", () => {
  it("reports a healthy stdio server connected with its tools, and a hung one failed", async () => {
    const toml = stdioServerToml("local") + hungServerToml("hung", 1);
    const { c, threadId } = await start(toml);
    const byName = (name: string) => (p: Json) => p.name === name && p.threadId === threadId;
    const failed = await c.waitNotification(
      "mcpServer/startupStatus/updated",
      (p) => byName("hung")(p) && p.status !== "starting",
      {
        timeoutMs: 20_000,
      },
    );
    expect(failed).toMatchObject({ status: "failed", error: expect.stringMatching(/.+/) });
    // As Codex: the failure is the server's status, not a `warning` as well.
    expect(c.notifications("warning").filter((w) => String(w.message).includes("'hung'"))).toEqual([]);
    await c.waitNotification(
      "mcpServer/startupStatus/updated",
      (p) => byName("local")(p) && p.status === "ready",
      {
        timeoutMs: 20_000,
      },
    );

    const listed = await c.call("mcpServerStatus/list", { threadId });
    const data = listed.data as Json[];
    expect(data.map((s) => [s.name, s.runtimeStatus])).toEqual([
      ["hung", "failed"],
      ["local", "connected"],
    ]);
    const local = data[1] as Json;
    expect(Object.keys(local.tools as Json).sort()).toEqual(["add_note", "die", "echo"]);
    expect(local.authStatus).toBe("unsupported");
    // What the server said of itself at the handshake, every key of Codex's McpServerInfo there.
    expect(local.serverInfo).toEqual({
      name: "test-stdio",
      title: null,
      version: "1.0.0",
      description: null,
      icons: null,
      websiteUrl: null,
    });
    expect(local.serverCapabilities).toMatchObject({ tools: {} });
    // A tool's input schema as the server declared it (the model is sent a cleaned copy).
    expect(((local.tools as Json).die as Json).inputSchema).toEqual({ type: "object" });
    expect((data[0] as Json).toolsError).toEqual(expect.stringMatching(/.+/));

    const page = await c.call("mcpServerStatus/list", { threadId, limit: 1 });
    expect([(page.data as Json[]).map((s) => s.name), page.nextCursor]).toEqual([["hung"], "1"]);
    const one = await c.call("mcpServerStatus/list", { threadId, serverName: "local" });
    expect((one.data as Json[]).map((s) => s.name)).toEqual(["local"]);
  });

  it("without a thread, starts each configured server once to list its tools, bounded by its startup timeout", async () => {
    const toml =
      stdioServerToml("local") +
      hungServerToml("hung", 1) +
      '\n[mcp_servers.missing]\ncommand = "/nonexistent/mcp-server"\n' +
      stdioServerToml("off", { extra: "enabled = false\n" });
    const { client: c } = await app.start({ toml });
    const listed = await c.call("mcpServerStatus/list", {});
    const data = listed.data as Json[];
    // No thread runs them: no runtime status, as Codex answers; a disabled server is not started.
    expect(data.map((s) => [s.name, s.runtimeStatus])).toEqual([
      ["hung", null],
      ["local", null],
      ["missing", null],
      ["off", "disabled"],
    ]);
    const [hung, local, missing, off] = data as [Json, Json, Json, Json];
    expect(Object.keys(local.tools as Json).sort()).toEqual(["add_note", "die", "echo"]);
    expect(local).toMatchObject({
      toolsError: null,
      serverInfo: { name: "test-stdio", version: "1.0.0" },
      serverCapabilities: { tools: {} },
    });
    expect(hung).toMatchObject({ tools: {}, serverInfo: null, serverCapabilities: null });
    expect(hung.toolsError).toContain("timed out after 1s");
    expect(missing.toolsError).toContain("/nonexistent/mcp-server");
    expect(off).toMatchObject({ tools: {}, toolsError: null, serverInfo: null });

    // Paged and filtered as with a thread; only the page's servers are started.
    const one = await c.call("mcpServerStatus/list", { serverName: "local" });
    expect((one.data as Json[]).map((s) => [s.name, Object.keys(s.tools as Json).length])).toEqual([
      ["local", 3],
    ]);
    const page = await c.call("mcpServerStatus/list", { cursor: "2", limit: 1 });
    expect([(page.data as Json[]).map((s) => s.name), page.nextCursor]).toEqual([["missing"], "3"]);
  });
});

describe("app-server item/tool/requestUserInput", () => {
  const questions = [
    {
      id: "db",
      header: "Database",
      question: "Which database?",
      options: [
        { value: "pg", label: "Postgres", description: "Robust." },
        { value: "sqlite", label: "SQLite", description: "Simple." },
      ],
    },
  ];

  it("asks the client; the answer reaches the model's next request", async () => {
    const { c, model, threadId } = await start("", [
      reply.functionCall("request_user_input", { questions }, "q1"),
      reply.message("using sqlite"),
    ]);
    await c.call("turn/start", { threadId, input: [{ type: "text", text: "set up" }] });
    const ask = await c.waitServerRequest("item/tool/requestUserInput");
    const params = ask.params as Json;
    expect(params).toMatchObject({ threadId, itemId: "q1", isBlocking: true });
    expect(((params.questions as Json[])[0]?.options as Json[]).map((o) => o.label)).toEqual([
      "Postgres",
      "SQLite",
    ]);
    c.respond(ask.id as number, { answers: { db: { answers: ["SQLite"] } } });
    await c.waitNotification("serverRequest/resolved", (p) => p.requestId === ask.id);
    await c.waitNotification("turn/completed");

    const output = model.requests
      .flatMap((r) => r.body.input ?? [])
      .find((i) => i.type === "function_call_output" && i.call_id === "q1")?.output;
    expect(JSON.parse(String(output))).toEqual({ answers: { db: { selected: ["sqlite"], other: null } } });
  });
});

describe("app-server direct MCP calls", () => {
  it("mcpServer/tool/call and mcpServer/resource/read reach the thread's server; unknown servers are refused", async () => {
    const { c, threadId } = await start(stdioServerToml("local"));
    await c.waitNotification(
      "mcpServer/startupStatus/updated",
      (p) => p.name === "local" && p.status === "ready",
      { timeoutMs: 20_000 },
    );
    const called = await c.call("mcpServer/tool/call", {
      threadId,
      server: "local",
      tool: "echo",
      arguments: { text: "hi" },
    });
    expect(called.content).toEqual([{ type: "text", text: "echo: hi" }]);
    const read = await c.call("mcpServer/resource/read", { threadId, server: "local", uri: "note://hello" });
    expect(read.contents).toEqual([
      { uri: "note://hello", mimeType: "text/plain", text: "hello from the note" },
    ]);
    const noThread = await c.call("mcpServer/resource/read", { server: "local", uri: "note://hello" });
    expect(noThread.contents).toEqual(read.contents);

    const unknown = await c.waitResponse(
      c.request("mcpServer/tool/call", { threadId, server: "nope", tool: "echo" }),
    );
    expect(unknown.error).toMatchObject({ code: -32603, message: "unknown MCP server 'nope'" });
    const missing = await c.waitResponse(
      c.request("mcpServer/resource/read", { threadId, server: "local", uri: "note://other" }),
    );
    expect(missing.error).toMatchObject({ code: -32600, message: expect.stringContaining("note://other") });
  });
});
