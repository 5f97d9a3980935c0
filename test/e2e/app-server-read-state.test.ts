// Read state as Codex 0.169 keeps it: a completed turn makes a thread unread from its earliest unseen turn
// (thread/readState/changed before the idle status and turn/completed), thread/read and thread/list show it,
// and the experimental thread/readState/update marks it read or unread, guarded by the revision the
// client saw. It survives a restart of the server.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import type { AppServerClient } from "../support/app-server-client.js";

const app = useAppServer();

async function errorOf(c: AppServerClient, method: string, params: unknown): Promise<Json> {
  const response = await c.waitResponse(c.request(method, params));
  expect(response, method).toHaveProperty("error");
  return response.error as Json;
}

async function experimentalClient(c: AppServerClient): Promise<void> {
  await c.call("initialize", {
    clientInfo: { name: "ide", title: null, version: "1.0.0" },
    capabilities: { experimentalApi: true },
  });
  c.notify("initialized");
}

describe("app-server thread read state", () => {
  it("unread after a turn, marked read or unread by revision, listed, kept across restarts", async () => {
    const { home, model } = await app.startModel();
    const c = await app.spawn(home, { initialize: false });
    await experimentalClient(c);
    const threadId = await startThread(c, { cwd: home.cwd });
    expect((await c.call("thread/read", { threadId })).readState).toBeNull();

    model.push(reply.message("one"), reply.message("two"));
    const from = c.received.length;
    const first = await runTurn(c, threadId, "first");
    const order = c.received
      .slice(from)
      .map((m) => m.method)
      .filter(
        (m) => m === "thread/readState/changed" || m === "thread/status/changed" || m === "turn/completed",
      );
    expect(order.slice(-3)).toEqual(["thread/readState/changed", "thread/status/changed", "turn/completed"]);
    const changed = c.notifications("thread/readState/changed");
    expect(changed).toEqual([
      {
        threadId,
        readState: { firstUnread: { type: "turn", turnId: first.id }, revision: expect.any(String) },
      },
    ]);

    // A second turn keeps the earliest unseen turn, with a new revision.
    await runTurn(c, threadId, "second");
    const read = await c.call("thread/read", { threadId });
    const state = read.readState as Json;
    expect(state.firstUnread).toEqual({ type: "turn", turnId: first.id });
    expect(state.revision).not.toBe((changed[0]!.readState as Json).revision);
    expect(c.notifications("thread/readState/changed").at(-1)!.readState).toEqual(state);

    // A stale revision changes nothing and says what the state is now.
    expect(
      await errorOf(c, "thread/readState/update", {
        threadId,
        operation: { type: "read" },
        expectedRevision: "stale",
      }),
    ).toEqual({
      code: -32600,
      message: "read state changed",
      data: { reason: "readStateConflict", readState: state },
    });
    expect(await errorOf(c, "thread/readState/update", { threadId })).toMatchObject({
      code: -32600,
      message: "Invalid request: missing field `operation`",
    });
    expect(
      await errorOf(c, "thread/readState/update", {
        threadId: "00000000-0000-0000-0000-000000000000",
        operation: { type: "read" },
        expectedRevision: "x",
      }),
    ).toMatchObject({ code: -32600 });

    const before = c.received.length;
    const marked = await c.call("thread/readState/update", {
      threadId,
      operation: { type: "read" },
      expectedRevision: state.revision,
    });
    const readNow = marked.readState as Json;
    expect(readNow).toEqual({ firstUnread: null, revision: expect.any(String) });
    const announced = c.received.slice(before).find((m) => m.method === "thread/readState/changed");
    expect(announced?.params).toEqual({ threadId, readState: readNow });
    expect((await c.call("thread/read", { threadId })).readState).toEqual(readNow);
    const list = await c.call("thread/list", {});
    expect(list.readStates).toEqual({ [threadId]: readNow });

    // Read again, a new turn is the first unread one.
    model.push(reply.message("three"));
    const third = await runTurn(c, threadId, "third");
    const afterThird = (await c.call("thread/read", { threadId })).readState as Json;
    expect(afterThird.firstUnread).toEqual({ type: "turn", turnId: third.id });
    const unread = await c.call("thread/readState/update", {
      threadId,
      operation: { type: "unread" },
      expectedRevision: afterThird.revision,
    });
    expect((unread.readState as Json).firstUnread).toEqual({ type: "threadStart" });

    // Another server process on the same home sees the same state; a client without the experimental
    // capability cannot change it.
    await c.close();
    const c2 = await app.spawn(home);
    expect((await c2.call("thread/read", { threadId })).readState).toEqual(unread.readState);
    expect(
      await errorOf(c2, "thread/readState/update", {
        threadId,
        operation: { type: "read" },
        expectedRevision: (unread.readState as Json).revision,
      }),
    ).toEqual({ code: -32600, message: "thread/readState/update requires experimentalApi capability" });
  });

  it("lists a thread never marked as read with an initial revision; no notification without opting in", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("one"));
    const first = await runTurn(c, threadId, "first");
    // As Codex: the notification is experimental, the state is not.
    expect(c.notifications("thread/readState/changed")).toEqual([]);
    expect(((await c.call("thread/read", { threadId })).readState as Json).firstUnread).toEqual({
      type: "turn",
      turnId: first.id,
    });
    const fork = await c.call("thread/fork", { threadId, excludeTurns: true });
    const forkId = (fork.thread as Json).id as string;
    const list = await c.call("thread/list", {});
    expect((list.readStates as Json)[forkId]).toEqual({ firstUnread: null, revision: `initial:${forkId}` });
    // thread/read says the same of it, as Codex does of any thread on disk never marked.
    expect((await c.call("thread/read", { threadId: forkId })).readState).toEqual({
      firstUnread: null,
      revision: `initial:${forkId}`,
    });
  });

  it("only a turn the model answered makes a thread unread: not a shell command, a compaction or an interrupt", async () => {
    const { home, model } = await app.startModel();
    const c = await app.spawn(home, { initialize: false });
    await experimentalClient(c);
    const threadId = await startThread(c, { cwd: home.cwd });
    const completed = (from: number) =>
      c.waitNotification("turn/completed", (p) => p.threadId === threadId, { from });
    const unread = () => c.notifications("thread/readState/changed");

    let from = c.received.length;
    await c.call("thread/shellCommand", { threadId, command: "echo mine" });
    await completed(from);
    expect(unread()).toEqual([]);

    model.push(reply.message("one"));
    const first = await runTurn(c, threadId, "first");
    expect(unread()).toHaveLength(1);

    from = c.received.length;
    model.push(reply.message("SUMMARY"));
    await c.call("thread/compact/start", { threadId });
    await completed(from);

    from = c.received.length;
    model.push(reply.hang());
    const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "long" }] });
    await c.call("turn/interrupt", { threadId, turnId: (started.turn as Json).id });
    expect((await completed(from)).turn).toMatchObject({ status: "interrupted" });

    // Still unread from the one answered turn, told once, as Codex.
    expect(unread()).toHaveLength(1);
    expect(((await c.call("thread/read", { threadId })).readState as Json).firstUnread).toEqual({
      type: "turn",
      turnId: first.id,
    });
  });
});
