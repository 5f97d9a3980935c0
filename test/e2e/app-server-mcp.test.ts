// MCP server state and the model's questions through `codex-ts app-server`: mcpServerStatus/list and
// mcpServer/startupStatus/updated with a real stdio server and one that never starts, and
// item/tool/requestUserInput answered by the client. Every message is checked against the real protocol.
import { afterEach, describe, expect, it } from "vitest";
import { reply, startFakeModel, type ScriptedReply } from "../support/fake-model.js";
import { makeHome } from "../support/cli.js";
import { AppServerClient, closeAppServerTest } from "../support/app-server-client.js";
import { hungServerToml, stdioServerToml } from "../support/mcp-config.js";

type Json = Record<string, unknown>;
type Model = Awaited<ReturnType<typeof startFakeModel>>;
let model: Model | undefined;
let client: AppServerClient | undefined;

afterEach(async () => {
  await closeAppServerTest(client, model);
  client = undefined;
  model = undefined;
});

async function start(toml: string, replies: ScriptedReply[] = []) {
  model = await startFakeModel({ replies });
  const home = makeHome(model.url, toml);
  client = AppServerClient.spawn([], { env: home.env, cwd: home.cwd });
  await client.initialize();
  const threadId = ((await client.call("thread/start", { cwd: home.cwd })).thread as Json).id as string;
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
    expect((data[0] as Json).toolsError).toEqual(expect.stringMatching(/.+/));

    const page = await c.call("mcpServerStatus/list", { threadId, limit: 1 });
    expect([(page.data as Json[]).map((s) => s.name), page.nextCursor]).toEqual([["hung"], "1"]);
    const one = await c.call("mcpServerStatus/list", { threadId, serverName: "local" });
    expect((one.data as Json[]).map((s) => s.name)).toEqual(["local"]);

    // Without a thread: the configured servers, not started.
    const configured = await c.call("mcpServerStatus/list", {});
    expect((configured.data as Json[]).map((s) => [s.name, s.runtimeStatus])).toEqual([
      ["hung", "notStarted"],
      ["local", "notStarted"],
    ]);
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
