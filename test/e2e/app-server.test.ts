// `codex-ts app-server` driven like an IDE would: the handshake, a thread and its turns, approvals, an
// interrupt, accounts, model/list, generated schemas, and WebSocket. Every message is checked against the
// real protocol's JSON Schema by the test client.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runCli } from "../support/cli.js";
import { AppServerClient } from "../support/app-server-client.js";
import {
  runTurn,
  startThread,
  useAppServer,
  type Json,
  type StartOptions,
} from "../support/app-server-fixture.js";
import { scratchDir } from "../support/scratch.js";

const app = useAppServer();

const item = (p: Json) => p.item as Json;

/** For the tests that do the handshake themselves, or never do it. */
const startServer = (options: StartOptions = {}) => app.start({ initialize: false, ...options });
/** codex-ts's own command tools (exec_command), as an IDE user gets them. */
const DEFAULT_TOOLS: StartOptions = { home: { shellTool: "default" } };

describe("app-server", () => {
  it("initialize -> thread/start -> a streamed turn -> turn/completed; clientInfo.name is the originator", async () => {
    const { home, model, client: c } = await startServer();
    model.push(reply.message("Hello from the fake model"));
    const init = await c.initialize("my_ide");
    expect(init).toMatchObject({ codexHome: home.codexHome, platformFamily: "unix", platformOs: "linux" });
    // Version-gated clients read the Codex version after the originator; ours follows in parentheses.
    expect(init.userAgent).toMatch(/^my_ide\/0\.169\.0 \(codex-ts \d+\.\d+\.\d+; .*\(my_ide; 1\.0\.0\)$/);

    const started = await c.call("thread/start", { cwd: home.cwd });
    const thread = started.thread as Json;
    expect(started).toMatchObject({ cwd: home.cwd, model: "gpt-5.1-codex", approvalPolicy: "on-request" });
    expect(thread).toMatchObject({
      cwd: home.cwd,
      status: { type: "idle" },
      turns: [],
      originator: "my_ide",
    });
    const threadId = thread.id as string;
    await c.waitNotification("thread/started", (p) => (p.thread as Json).id === threadId);

    const turn = (await c.call("turn/start", { threadId, input: [{ type: "text", text: "say hello" }] }))
      .turn as Json;
    expect(turn).toMatchObject({ status: "inProgress", items: [] });
    const done = await c.waitNotification("turn/completed");
    expect(done.turn).toMatchObject({ id: turn.id, status: "completed", error: null });

    const deltas = c.notifications("item/agentMessage/delta").map((p) => p.delta as string);
    expect(deltas.join("")).toBe("Hello from the fake model");
    const completed = c.notifications("item/completed").map(item);
    expect(completed.map((i) => i.type)).toEqual(["userMessage", "agentMessage"]);
    expect(completed[0]).toMatchObject({ content: [{ type: "text", text: "say hello" }] });
    expect(completed[1]).toMatchObject({ text: "Hello from the fake model" });
    expect(c.notifications("item/started").map((p) => item(p).id)).toEqual(completed.map((i) => i.id));
    expect(c.notifications("turn/started")).toHaveLength(1);
    expect(c.notifications("thread/tokenUsage/updated")[0]).toMatchObject({
      turnId: turn.id,
      tokenUsage: { total: { totalTokens: 15 } },
    });
    expect(model.requests[0]?.headers.originator).toBe("my_ide");
    expect(model.requests[0]?.headers.session_id).toBe(threadId);
  });

  it("CODEX_INTERNAL_ORIGINATOR_OVERRIDE wins over clientInfo.name", async () => {
    const { home, model, client } = await startServer({
      model: { replies: [reply.message("hi")] },
      env: { CODEX_INTERNAL_ORIGINATOR_OVERRIDE: "forced_origin" },
    });
    const init = await client.initialize("my_ide");
    expect(init.userAgent).toMatch(/^forced_origin\//);
    const threadId = await startThread(client, { cwd: home.cwd });
    await runTurn(client, threadId, "hi");
    expect(model.requests[0]?.headers.originator).toBe("forced_origin");
  });

  it("rejects requests before initialize and a second initialize, and keeps serving", async () => {
    const { client: c } = await startServer();
    const early = await c.waitResponse(c.request("config/read", {}));
    expect(early.error).toEqual({ code: -32600, message: "Not initialized" });
    await c.initialize();
    const again = await c.waitResponse(c.request("initialize", { clientInfo: { name: "x", version: "1" } }));
    expect(again.error).toEqual({ code: -32600, message: "Already initialized" });
    const unknown = await c.waitResponse(c.request("thread/notAMethod", {}, { validate: false }));
    expect(unknown.error).toEqual({
      code: -32601,
      message: "Method not found: thread/notAMethod",
    });
    expect((await c.call("config/read", {})).config).toMatchObject({ model: "gpt-5.1-codex" });
  });

  it("asks for approval of a command (-a untrusted): accept runs it, decline does not", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
    });

    model.push(reply.exec("touch approved.txt; echo made"), reply.message("made it"));
    c.request("turn/start", { threadId, input: [{ type: "text", text: "make a file" }] });
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval");
    expect(ask.params).toMatchObject({
      threadId,
      command: "bash -lc 'touch approved.txt; echo made'",
      cwd: home.cwd,
    });
    c.respond(ask.id!, { decision: "accept" });
    await c.waitNotification("serverRequest/resolved", (p) => p.requestId === ask.id);
    await c.waitNotification("turn/completed");
    const command = c
      .notifications("item/completed")
      .map(item)
      .find((i) => i.type === "commandExecution");
    expect(command).toMatchObject({
      id: (ask.params as Json).itemId,
      command: "bash -lc 'touch approved.txt; echo made'",
      status: "completed",
      exitCode: 0,
      aggregatedOutput: "made\n",
    });
    expect(existsSync(join(home.cwd, "approved.txt"))).toBe(true);

    const from = c.received.length;
    model.push(reply.exec("touch declined.txt"), reply.message("ok, not"));
    c.request("turn/start", { threadId, input: [{ type: "text", text: "another" }] });
    const ask2 = await c.waitServerRequest("item/commandExecution/requestApproval", { from });
    c.respond(ask2.id!, { decision: "decline" });
    await c.waitNotification("turn/completed", () => true, { from });
    const declined = await c.waitNotification(
      "item/completed",
      (p) => item(p).id === (ask2.params as Json).itemId,
      { from },
    );
    expect(item(declined)).toMatchObject({ type: "commandExecution", status: "declined" });
    expect(existsSync(join(home.cwd, "declined.txt"))).toBe(false);
  });

  it("exec_command: an escalation asks with its justification; apply_patch through it asks as a file change", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "on-request",
      sandbox: "read-only",
    });
    const patch = "*** Begin Patch\n*** Add File: patched.txt\n+hi\n*** End Patch";
    model.push(
      reply.exec("touch escalated.txt", {
        sandbox_permissions: "require_escalated",
        justification: "Allow writing escalated.txt?",
      }),
      reply.exec(`apply_patch <<'EOF'\n${patch}\nEOF`),
      reply.message("both done"),
    );
    c.request("turn/start", { threadId, input: [{ type: "text", text: "write two files" }] });
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval");
    expect(ask.params).toMatchObject({
      threadId,
      command: "bash -lc 'touch escalated.txt'",
      reason: "Allow writing escalated.txt?",
    });
    c.respond(ask.id!, { decision: "accept" });
    const askPatch = await c.waitServerRequest("item/fileChange/requestApproval");
    expect(askPatch.params).toMatchObject({ threadId });
    c.respond(askPatch.id!, { decision: "accept" });
    await c.waitNotification("turn/completed");
    expect(existsSync(join(home.cwd, "escalated.txt"))).toBe(true);
    expect(readFileSync(join(home.cwd, "patched.txt"), "utf8")).toBe("hi\n");
    const completed = c.notifications("item/completed").map(item);
    expect(completed.map((i) => i.type)).toEqual([
      "userMessage",
      "commandExecution",
      "fileChange",
      "agentMessage",
    ]);
    expect(completed[1]).toMatchObject({ id: (ask.params as Json).itemId, status: "completed", exitCode: 0 });
    expect(completed[2]).toMatchObject({
      id: (askPatch.params as Json).itemId,
      status: "completed",
      changes: [{ path: join(home.cwd, "patched.txt"), kind: { type: "add" } }],
    });
  });

  it("turn/interrupt stops a running command and completes the turn as interrupted", async () => {
    const { home, model, client: c } = await app.start(DEFAULT_TOOLS);
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "never",
      sandbox: "danger-full-access",
    });
    model.push(reply.exec("sleep 30", { yield_time_ms: 30_000 }), reply.message("after"));
    const turn = (await c.call("turn/start", { threadId, input: [{ type: "text", text: "sleep" }] }))
      .turn as Json;
    await c.waitNotification("item/started", (p) => item(p).type === "commandExecution");
    const before = Date.now();
    const interruptId = c.request("turn/interrupt", { threadId, turnId: turn.id });
    expect((await c.waitResponse(interruptId)).result).toEqual({});
    const done = await c.waitNotification("turn/completed");
    expect(Date.now() - before).toBeLessThan(2000);
    expect(done.turn).toMatchObject({ id: turn.id, status: "interrupted" });
    // As Codex: the answer comes first, then the turn's end.
    const at = (match: (m: Json) => boolean) => c.received.findIndex(match);
    expect(at((m) => m.id === interruptId)).toBeLessThan(at((m) => m.method === "turn/completed"));
    const wrong = await c.waitResponse(c.request("turn/interrupt", { threadId, turnId: turn.id }));
    expect(wrong.error).toMatchObject({
      code: -32600,
      message: `no running turn with id '${String(turn.id)}' in thread ${threadId}`,
    });
  });

  it("accounts: API-key login is stored and announced; logout clears it", async () => {
    const { home, client: d } = await app.start({ env: { OPENAI_API_KEY: undefined } });
    expect(await d.call("account/read", {})).toEqual({
      account: null,
      userId: null,
      requiresOpenaiAuth: true,
      workspaceRouting: null,
    });
    expect(await d.call("account/login/start", { type: "apiKey", apiKey: "sk-stored" })).toEqual({
      type: "apiKey",
    });
    await d.waitNotification("account/login/completed", (p) => p.success === true);
    await d.waitNotification("account/updated", (p) => p.authMode === "apikey");
    expect(JSON.parse(readFileSync(join(home.codexHome, "auth.json"), "utf8"))).toEqual({
      auth_mode: "apikey",
      OPENAI_API_KEY: "sk-stored",
    });
    expect((await d.call("account/read", {})).account).toEqual({ type: "apiKey" });
    expect(await d.call("account/logout")).toEqual({});
    await d.waitNotification("account/updated", (p) => p.authMode === null);
    expect(existsSync(join(home.codexHome, "auth.json"))).toBe(false);
  });

  it("model/list comes from the provider's /models, with context windows", async () => {
    const { client: c } = await app.start();
    const list = await c.call("model/list", {});
    expect(list).toMatchObject({
      data: [{ id: "gpt-5.1-codex", isDefault: true, contextWindow: 272_000 }],
      nextCursor: null,
    });
  });

  it("serves a WebSocket client on 127.0.0.1 (--listen ws://127.0.0.1:0)", async () => {
    const { home, model, client: server } = await startServer({ args: ["--listen", "ws://127.0.0.1:0"] });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${server.stderr}`)), 10_000);
      const check = setInterval(() => {
        const m = /listening on:? (ws:\/\/127\.0\.0\.1:\d+)/.exec(server.stderr);
        if (m?.[1]) {
          clearInterval(check);
          clearTimeout(timer);
          resolve(m[1]);
        }
      }, 20);
    });
    const ws = await AppServerClient.connect(url);
    try {
      model.push(reply.message("over the socket"));
      await ws.initialize("ws_client");
      const threadId = await startThread(ws, { cwd: home.cwd });
      expect(await runTurn(ws, threadId, "hi")).toMatchObject({ status: "completed" });
      expect(ws.notifications("item/completed").map(item).at(-1)).toMatchObject({ text: "over the socket" });
      expect(ws.violations).toEqual([]);
    } finally {
      await ws.close();
    }
    server.child?.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("generate-json-schema writes one schema per method, and a real response validates against it", async () => {
    const { home, client: c } = await startServer();
    const out = scratchDir("codex-ts-schema-");
    const run = await runCli(["app-server", "generate-json-schema", "--out", out], { env: home.env });
    expect(run.code).toBe(0);
    const v2 = readdirSync(join(out, "v2"));
    for (const name of [
      "ThreadStart",
      "TurnStart",
      "TurnInterrupt",
      "ConfigRead",
      "ModelList",
      "AccountLoginStart",
    ]) {
      expect(v2).toContain(`${name}Params.json`);
      expect(v2).toContain(`${name}Response.json`);
    }
    expect(v2).toContain("ItemAgentMessageDeltaNotification.json");
    expect(readdirSync(out)).toEqual(
      expect.arrayContaining(["ClientRequest.json", "ServerRequest.json", "ServerNotification.json"]),
    );
    await c.initialize();
    const started = await c.call("thread/start", { cwd: home.cwd });
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(
      JSON.parse(readFileSync(join(out, "v2", "ThreadStartResponse.json"), "utf8")) as object,
    );
    expect(validate(started), ajv.errorsText(validate.errors)).toBe(true);

    const ts = scratchDir("codex-ts-ts-");
    expect((await runCli(["app-server", "generate-ts", "--out", ts], { env: home.env })).code).toBe(0);
    expect(readFileSync(join(ts, "index.ts"), "utf8")).toContain(
      '"thread/start": { params: ThreadStartParams; result: ThreadStartResponse }',
    );
  });
});
