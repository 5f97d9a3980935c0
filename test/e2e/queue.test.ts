// `codex-ts queue --thread ID|NAME --message TEXT [--resume] [--remote ADDR]`, as Codex 0.169 has it: the
// message is kept for the thread (through the daemon on the control socket, a --remote server, or a server
// run for the command) and becomes the thread's next user turn once it is loaded and idle: at its next
// `exec resume`, at an app-server's thread/resume, or at once when a server holds it idle.
import { appendFileSync, existsSync, realpathSync, writeFileSync } from "node:fs";
import Database from "better-sqlite3";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createNetServer, type Socket } from "node:net";
import { WebSocketServer } from "ws";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastUserText, reply } from "../support/fake-model.js";
import { jsonLines, runCli, type TestHome } from "../support/cli.js";
import { AppServerClient } from "../support/app-server-client.js";
import { runTurn, useAppServer, type FakeModel } from "../support/app-server-fixture.js";
import { waitForSocket } from "../support/unix-socket.js";
import { listeningUrl } from "../support/ws-listener.js";

const app = useAppServer();

const cli = (home: TestHome, args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCli(args, { env: { ...home.env, ...env }, cwd: home.cwd });

/** Stops a listening server as a user would (SIGTERM); it exits 0. */
async function stop(server: AppServerClient): Promise<void> {
  server.child?.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

/** The handshake of a client that uses thread/queue/* (experimental in Codex 0.169, as here). */
async function initExperimental(client: AppServerClient, name: string): Promise<void> {
  await client.call("initialize", {
    clientInfo: { name, title: "Tests", version: "1.0.0" },
    capabilities: { experimentalApi: true },
  });
  client.notify("initialized");
}

const QUEUED = /^Queued message ([0-9a-f-]{36}) for thread ([0-9a-f-]{36})\.\n$/;

/** A thread made by `exec` (one turn), optionally named as thread/name/set names it. */
async function execThread(home: TestHome, name?: string): Promise<string> {
  const run = await cli(home, ["exec", "--json", "first turn"]);
  expect(run.code).toBe(0);
  const id = String(jsonLines(run.stdout)[0]?.thread_id);
  if (name !== undefined) {
    appendFileSync(
      join(home.codexHome, "session_index.jsonl"),
      `${JSON.stringify({ id, thread_name: name, updated_at: new Date().toISOString() })}\n`,
    );
  }
  return id;
}

/** What the user said last in each request the model got, from request `from` on. */
const userTexts = (model: FakeModel, from = 0) =>
  model.requests.slice(from).map((r) => lastUserText(r.body.input ?? []));

describe("codex-ts queue, no server running", () => {
  it("queues by id and by name; the next exec resume runs them first, in order, then its prompt", async () => {
    const { home, model } = await app.startModel();
    const id = await execThread(home, "my work");

    const byId = await cli(home, ["queue", "--thread", id, "--message", "first queued"]);
    expect(byId).toMatchObject({ code: 0, stderr: "" });
    expect(QUEUED.exec(byId.stdout)?.[2]).toBe(id);
    const byName = await cli(home, ["queue", "--thread", "my work", "--message", "second queued"]);
    expect(byName).toMatchObject({ code: 0, stderr: "" });
    expect(QUEUED.exec(byName.stdout)?.[2]).toBe(id);
    expect(QUEUED.exec(byName.stdout)?.[1]).not.toBe(QUEUED.exec(byId.stdout)?.[1]);

    const from = model.requests.length;
    const resumed = await cli(home, ["exec", "resume", id, "the prompt"]);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("(fake model) you said: the prompt\n");
    expect(userTexts(model, from)).toEqual(["first queued", "second queued", "the prompt"]);

    // Taken: the next resume runs only its own prompt.
    const again = model.requests.length;
    expect((await cli(home, ["exec", "resume", id, "once more"])).code).toBe(0);
    expect(userTexts(model, again)).toEqual(["once more"]);
  });

  it("--resume without a daemon: queued all the same, with a warning, exit 0", async () => {
    const { home } = await app.startModel();
    const id = await execThread(home);
    const run = await cli(home, ["queue", "--thread", id, "--message", "later", "--resume"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(QUEUED);
    expect(run.stderr).toBe(
      `Warning: message was queued, but could not resume thread ${id}: start a local daemon or specify a server with --remote\n`,
    );
  });

  it("refuses an unknown thread, an unknown name, an archived thread and bad options, as Codex words them", async () => {
    const { home } = await app.startModel();
    const id = await execThread(home, "kept");
    const missing = "01a219d1-0000-7000-8000-000000000000";
    expect(await cli(home, ["queue", "--thread", missing, "--message", "x"])).toMatchObject({
      code: 1,
      stdout: "",
      stderr:
        "Error: failed to queue session message: thread/queue/add failed: failed to read thread: invalid " +
        `thread-store request: no rollout found for thread id ${missing} (code -32603)\n`,
    });
    expect(await cli(home, ["queue", "--thread", "nobody", "--message", "x"])).toMatchObject({
      code: 1,
      stderr: "Error: No active session found matching 'nobody'.\n",
    });
    expect((await cli(home, ["archive", id])).code).toBe(0);
    expect(await cli(home, ["queue", "--thread", id, "--message", "x"])).toMatchObject({
      code: 1,
      stderr:
        `Error: failed to queue session message: thread/queue/add failed: session ${id} is archived. ` +
        `Run \`codex-ts unarchive ${id}\` to unarchive it first. (code -32600)\n`,
    });
    // An archived thread's name finds no active session.
    expect(await cli(home, ["queue", "--thread", "kept", "--message", "x"])).toMatchObject({
      code: 1,
      stderr: "Error: No active session found matching 'kept'.\n",
    });

    const bad: Array<[string[], number, string]> = [
      [["--remote-auth-token-env", "TOKEN"], 1, "Error: `--remote-auth-token-env` requires `--remote`.\n"],
      [
        ["--remote", "http://127.0.0.1:1"],
        1,
        "Error: invalid remote address `http://127.0.0.1:1`; expected `ws://host:port`, `wss://host:port`, `unix://`, or `unix://PATH`\n",
      ],
      [
        ["--remote", "ws://127.0.0.1:1", "--remote-auth-token-env", "QUEUE_TEST_UNSET"],
        1,
        "Error: environment variable `QUEUE_TEST_UNSET` is not set\n",
      ],
      [
        ["-c", 'model="other"'],
        1,
        "Error: `codex-ts queue` does not support a `model` config override; queued messages use the thread's model\n",
      ],
      [
        ["-C", join(home.cwd, "gone")],
        1,
        "Error: failed to resolve config cwd: No such file or directory (os error 2)\n",
      ],
    ];
    for (const [flags, code, stderr] of bad) {
      expect(await cli(home, ["queue", "--thread", "kept", "--message", "x", ...flags])).toMatchObject({
        code,
        stdout: "",
        stderr,
      });
    }
    const withCd = await cli(home, [
      "queue",
      "--thread",
      "k",
      "--message",
      "x",
      "--remote",
      "unix://",
      "-C",
      ".",
    ]);
    expect(withCd.code).toBe(2);
    expect(withCd.stderr).toContain("error: `codex-ts queue` does not support `--cd` with `--remote`");
    const empty = await cli(home, ["queue", "--thread", "k", "--message", ""]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("error: a value is required for '--message <TEXT>' but none was supplied");
    expect((await cli(home, ["queue", "--thread", "k"])).code).toBe(2);
  });

  it("a queued message whose turn fails: said on stderr, the next ones and the prompt still run (exit 0)", async () => {
    const { home, model } = await app.startModel();
    const id = await execThread(home);
    for (const message of ["fails", "second queued"])
      expect((await cli(home, ["queue", "--thread", id, "--message", message])).code).toBe(0);
    model.push(reply.httpError(400, { message: "bad request for this one" }));
    const from = model.requests.length;
    const resumed = await cli(home, ["exec", "resume", id, "the prompt"]);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe("(fake model) you said: the prompt\n");
    expect(resumed.stderr).toContain("warning: the turn of a queued message failed:");
    expect(resumed.stderr).toContain("bad request for this one");
    expect(userTexts(model, from)).toEqual(["fails", "second queued", "the prompt"]);
    // Both started as turns: they are taken, the next resume runs its prompt alone.
    const again = model.requests.length;
    expect((await cli(home, ["exec", "resume", id, "once more"])).code).toBe(0);
    expect(userTexts(model, again)).toEqual(["once more"]);
  });

  it("exec resume does not create the queue file; an unusable one is a warning and the resume goes on", async () => {
    const { home, model } = await app.startModel();
    const id = await execThread(home);
    const file = join(home.codexHome, "queue.sqlite");
    expect((await cli(home, ["exec", "resume", id, "no queue"])).code).toBe(0);
    expect(existsSync(file)).toBe(false);

    writeFileSync(
      file,
      "this is not a SQLite database, not at all; just some text in its place\n".repeat(20),
    );
    const from = model.requests.length;
    const resumed = await cli(home, ["exec", "resume", id, "the prompt"]);
    expect(resumed).toMatchObject({ code: 0, stdout: "(fake model) you said: the prompt\n" });
    expect(resumed.stderr).toContain("warning: the queued messages could not be read:");
    expect(userTexts(model, from)).toEqual(["the prompt"]);
  });

  it("deleting a thread drops the messages queued for it", async () => {
    const { home } = await app.startModel();
    const gone = await execThread(home);
    const kept = await execThread(home);
    for (const id of [gone, kept])
      expect((await cli(home, ["queue", "--thread", id, "--message", "m"])).code).toBe(0);
    expect((await cli(home, ["delete", "--force", gone])).code).toBe(0);
    // What is left in the queue file: the kept thread's message only.
    const db = new Database(join(home.codexHome, "queue.sqlite"), { readonly: true });
    try {
      const rows = db.prepare("SELECT thread_id FROM queued_messages").all() as Array<{ thread_id: string }>;
      expect(rows.map((r) => r.thread_id)).toEqual([kept]);
    } finally {
      db.close();
    }
  });

  it("a server that cannot be reached: exit 1, with the OS's reason", async () => {
    const { home } = await app.startModel();
    const sock = join(home.codexHome, "no.sock");
    expect(
      await cli(home, ["queue", "--thread", "k", "--message", "x", "--remote", `unix://${sock}`]),
    ).toMatchObject({
      code: 1,
      stderr: `Error: failed to connect to remote app server: failed to connect to remote app server at \`unix://${sock}\`: No such file or directory (os error 2)\n`,
    });
  });
});

describe("codex-ts queue, a server that accepts and never answers", () => {
  // A short bound (CODEX_TS_RPC_TIMEOUT_MS) for the test; Codex users get 30 s.
  const bound = { CODEX_TS_RPC_TIMEOUT_MS: "400" };

  /** Listens on a Unix socket, keeps each connection open and answers nothing (after the upgrade, if asked). */
  async function silentServer(sock: string, upgrade: boolean): Promise<() => Promise<void>> {
    const sockets = new Set<Socket>();
    const server = upgrade ? createHttpServer() : createNetServer();
    const wss = upgrade ? new WebSocketServer({ server: server as HttpServer }) : undefined;
    server.on("connection", (socket: Socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    return async () => {
      for (const socket of sockets) socket.destroy();
      wss?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
  }

  it("one that never answers the upgrade: exit 1, the connection timed out", async () => {
    const { home } = await app.startModel();
    const sock = join(home.codexHome, "silent.sock");
    const close = await silentServer(sock, false);
    try {
      const run = await cli(
        home,
        ["queue", "--thread", "k", "--message", "x", "--remote", `unix://${sock}`],
        bound,
      );
      expect(run).toMatchObject({
        code: 1,
        stderr: `Error: failed to connect to remote app server: failed to connect to remote app server at \`unix://${sock}\`: Opening handshake has timed out\n`,
      });
    } finally {
      await close();
    }
  });

  it("one that takes the WebSocket and never answers a request: exit 1, named the request it waited for", async () => {
    const { home } = await app.startModel();
    const sock = join(home.codexHome, "mute.sock");
    const close = await silentServer(sock, true);
    try {
      const run = await cli(
        home,
        ["queue", "--thread", "k", "--message", "x", "--remote", `unix://${sock}`],
        bound,
      );
      expect(run).toMatchObject({
        code: 1,
        stderr: "Error: the app server did not answer `initialize` within 0.4 s\n",
      });
    } finally {
      await close();
    }
  });
});

describe("codex-ts queue through a running app-server", () => {
  it("on the control socket: a loaded idle thread takes the message at once; --resume loads one that is not", async () => {
    const { home, model } = await app.startModel();
    const held = await execThread(home);
    const other = await execThread(home, "other work");
    const server = await app.spawn(home, { args: ["--listen", "unix://"], initialize: false });
    const socket = join(home.codexHome, "app-server-control", "app-server-control.sock");
    await waitForSocket(socket);
    const ws = await AppServerClient.connect(`ws+unix://${realpathSync(socket)}:/`);
    try {
      await initExperimental(ws, "queue_watcher");
      await ws.call("thread/resume", { threadId: held, excludeTurns: true });

      model.push(reply.message("answer to the queued message"));
      // `unix://` names the control socket; the next call finds it without being told.
      const run = await cli(home, [
        "queue",
        "--thread",
        held,
        "--message",
        "while you are idle",
        "--remote",
        "unix://",
      ]);
      expect(run).toMatchObject({ code: 0, stderr: "" });
      const queuedId = QUEUED.exec(run.stdout)?.[1];
      expect(await ws.waitNotification("thread/queue/changed")).toEqual({ threadId: held });
      // The message is the turn's user message, with the id the command gave it.
      const userItem = await ws.waitNotification(
        "item/completed",
        (p) => (p.item as { type?: string }).type === "userMessage",
      );
      expect(userItem.item).toMatchObject({
        content: [{ type: "text", text: "while you are idle" }],
        clientId: expect.any(String),
      });
      const done = await ws.waitNotification("turn/completed", (p) => p.threadId === held);
      expect(done.turn).toMatchObject({ status: "completed" });
      expect(await ws.call("thread/queue/list", { threadId: held })).toEqual({ data: [], nextCursor: null });
      expect(queuedId).toBeDefined();

      // Not loaded: queued, and with --resume the server loads it and runs it.
      const from = model.requests.length;
      const resumed = await cli(home, [
        "queue",
        "--thread",
        "other work",
        "--message",
        "wake up",
        "--resume",
      ]);
      expect(resumed).toMatchObject({ code: 0, stderr: "" });
      expect(QUEUED.exec(resumed.stdout)?.[2]).toBe(other);
      await model.waitForRequests(from + 1);
      expect(userTexts(model, from)).toEqual(["wake up"]);
    } finally {
      await ws.close();
    }
    await stop(server);
  });

  it("--remote ws:// with a bearer token; the message waits until a client resumes the thread", async () => {
    const { home, model } = await app.startModel();
    const id = await execThread(home, "remote work");
    const tokenFile = join(home.codexHome, "token");
    appendFileSync(tokenFile, "queue-token\n");
    const server = await app.spawn(home, {
      args: ["--listen", "ws://127.0.0.1:0", "--ws-auth", "capability-token", "--ws-token-file", tokenFile],
      initialize: false,
    });
    const url = await listeningUrl(server);
    const flags = ["--remote", url, "--remote-auth-token-env", "QUEUE_TOKEN"];
    const run = await cli(
      home,
      ["queue", "--thread", "remote work", "--message", "over the wire", ...flags],
      {
        QUEUE_TOKEN: "queue-token",
      },
    );
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const queuedId = QUEUED.exec(run.stdout)?.[1];

    const ws = await AppServerClient.connect(url, { headers: { Authorization: "Bearer queue-token" } });
    try {
      await initExperimental(ws, "remote_client");
      expect(await ws.call("thread/queue/list", { threadId: id })).toMatchObject({
        data: [{ id: queuedId, input: [{ type: "text", text: "over the wire" }] }],
      });
      const from = model.requests.length;
      await ws.call("thread/resume", { threadId: id, excludeTurns: true });
      const done = await ws.waitNotification("turn/completed", (p) => p.threadId === id);
      expect(done.turn).toMatchObject({ status: "completed" });
      expect(userTexts(model, from)).toEqual(["over the wire"]);
    } finally {
      await ws.close();
    }
    await stop(server);
  });
});

describe("thread/queue/* in the app-server", () => {
  it("is refused to a client without the experimental API, as in Codex", async () => {
    const { client } = await app.start();
    for (const method of ["thread/queue/add", "thread/queue/list", "thread/queue/delete"]) {
      const params = {
        threadId: "t",
        input: [{ type: "text", text: "x" }],
        clientUserMessageId: "c",
        queuedSubmissionId: "q",
      };
      const response = await client.waitResponse(client.request(method, params));
      expect(response.error).toEqual({
        code: -32600,
        message: `${method} requires experimentalApi capability`,
      });
    }
  });

  it("a queue paused by an interrupt waits for the next turn started by hand, then runs after it", async () => {
    const { home, model, client } = await app.start({ initialize: false });
    await initExperimental(client, "queue_client");
    const id = await execThread(home);
    await client.call("thread/resume", { threadId: id, excludeTurns: true });
    // A turn the user interrupts while the model has not answered.
    model.push({ hang: true });
    const before = model.requests.length;
    const started = await client.call("turn/start", {
      threadId: id,
      input: [{ type: "text", text: "long" }],
    });
    const turnId = (started.turn as { id: string }).id;
    await model.waitForRequests(before + 1);
    await client.call("turn/interrupt", { threadId: id, turnId });
    await client.waitNotification(
      "turn/completed",
      (p) => (p.turn as { status?: string }).status === "interrupted",
    );

    const added = await client.call("thread/queue/add", {
      threadId: id,
      input: [{ type: "text", text: "after the interrupt", text_elements: [] }],
      clientUserMessageId: "client-1",
    });
    expect(added.queuedSubmission).toMatchObject({ clientUserMessageId: "client-1" });
    expect(await client.call("thread/queue/list", { threadId: id })).toMatchObject({
      data: [{ clientUserMessageId: "client-1" }],
    });

    const from = model.requests.length;
    const turn = await runTurn(client, id, "by hand");
    expect(turn).toMatchObject({ status: "completed" });
    await model.waitForRequests(from + 2);
    expect(userTexts(model, from)).toEqual(["by hand", "after the interrupt"]);
    const queuedTurn = await client.waitNotification(
      "item/completed",
      (p) => (p.item as { clientId?: string }).clientId === "client-1",
    );
    expect(queuedTurn.item).toMatchObject({ type: "userMessage" });

    // Codex's refusals: empty input, a thread with no rollout.
    const empty = await client.waitResponse(
      client.request("thread/queue/add", { threadId: id, input: [], clientUserMessageId: "c" }),
    );
    expect(empty.error).toEqual({
      code: -32600,
      message: "only user input can be added to the user-message queue",
    });
    const missing = "01a219d1-0000-7000-8000-000000000000";
    const unknown = await client.waitResponse(client.request("thread/queue/list", { threadId: missing }));
    expect(unknown.error).toMatchObject({
      code: -32603,
      message: `failed to read thread: invalid thread-store request: no rollout found for thread id ${missing}`,
    });

    // delete: one that is there, then one that is not.
    const again = await client.call("thread/queue/add", {
      threadId: id,
      input: [{ type: "text", text: "x" }],
      clientUserMessageId: "client-2",
    });
    const queued = again.queuedSubmission as { id: string };
    // Running by now or still queued: either way it is gone from the queue after a delete.
    await client.call("thread/queue/delete", { threadId: id, queuedSubmissionId: queued.id });
    expect(await client.call("thread/queue/delete", { threadId: id, queuedSubmissionId: queued.id })).toEqual(
      {
        deleted: false,
      },
    );
  });

  it("a pause from an interrupt ends when the thread is loaded again after a turn that was not", async () => {
    const { home, model, client } = await app.start({
      initialize: false,
      toml: "thread_unload_delay_secs = 0\n",
    });
    await initExperimental(client, "queue_client");
    const id = await execThread(home);
    await client.call("thread/resume", { threadId: id, excludeTurns: true });
    model.push({ hang: true });
    const before = model.requests.length;
    const started = await client.call("turn/start", {
      threadId: id,
      input: [{ type: "text", text: "long" }],
    });
    await model.waitForRequests(before + 1);
    await client.call("turn/interrupt", { threadId: id, turnId: (started.turn as { id: string }).id });
    await client.waitNotification(
      "turn/completed",
      (p) => (p.turn as { status?: string }).status === "interrupted",
    );
    await client.call("thread/unsubscribe", { threadId: id });
    await client.waitNotification("thread/closed", (p) => p.threadId === id);
    await client.call("thread/queue/add", {
      threadId: id,
      input: [{ type: "text", text: "queued while paused", text_elements: [] }],
      clientUserMessageId: "client-p",
    });
    // A turn elsewhere (the interrupt still pauses the queue there): the thread's last turn now completed.
    const elsewhere = model.requests.length;
    expect((await cli(home, ["exec", "resume", id, "elsewhere"])).code).toBe(0);
    expect(userTexts(model, elsewhere)).toEqual(["elsewhere"]);

    const from = model.requests.length;
    await client.call("thread/resume", { threadId: id, excludeTurns: true });
    await client.waitNotification(
      "item/completed",
      (p) => (p.item as { clientId?: string }).clientId === "client-p",
    );
    await model.waitForRequests(from + 1);
    expect(userTexts(model, from)).toEqual(["queued while paused"]);
    await client.waitNotification(
      "turn/completed",
      (p) => (p.turn as { status?: string }).status === "completed",
    );
  });
});
