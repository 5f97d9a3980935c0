// Thread lifecycle through `codex-ts app-server`: the flow in one test (initialize -> thread/start ->
// a turn whose command needs approval -> thread/list -> archive -> unarchive -> resume in a second process
// -> rollback -> read), then list filters, names, fork, revert and turns/list. Every message of every
// transcript is checked against the real protocol's JSON Schema by the test client.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();

/** One model and home; `spawn` starts another initialized app-server process on them. */
async function setup() {
  const { home, model } = await app.startModel();
  return { home, model, spawn: () => app.spawn(home) };
}

const threadOf = (r: Json) => r.thread as Json;
const turnsOf = (r: Json) => threadOf(r).turns as Json[];

describe("app-server thread lifecycle", () => {
  it("start -> approved command -> list -> archive -> unarchive -> resume elsewhere -> rollback -> read", async () => {
    const { home, model, spawn } = await setup();
    const c = await spawn();
    const threadId = await startThread(c, {
      cwd: home.cwd,
      approvalPolicy: "untrusted",
      sandbox: "workspace-write",
    });

    model.push(
      reply.functionCall("shell", { command: ["bash", "-lc", "touch made.txt"] }),
      reply.message("made it"),
    );
    const turn1 = (await c.call("turn/start", { threadId, input: [{ type: "text", text: "make a file" }] }))
      .turn as Json;
    const ask = await c.waitServerRequest("item/commandExecution/requestApproval");
    c.respond(ask.id!, { decision: "accept" });
    await c.waitNotification("serverRequest/resolved", (p) => p.requestId === ask.id);
    const done = await c.waitNotification("turn/completed");
    expect(done.turn).toMatchObject({ id: turn1.id, status: "completed" });
    const items = c.notifications("item/completed").map((p) => (p.item as Json).type);
    expect(items).toEqual(["userMessage", "commandExecution", "agentMessage"]);
    expect(existsSync(join(home.cwd, "made.txt"))).toBe(true);

    model.push(reply.message("second answer"));
    const turn2 = await runTurn(c, threadId, "second question");

    const listed = await c.call("thread/list", {});
    const row = (listed.data as Json[]).find((t) => t.id === threadId);
    expect(row).toMatchObject({ preview: "make a file", cwd: home.cwd, status: { type: "idle" } });
    expect(listed.nextCursor).toBeNull();

    expect(await c.call("thread/archive", { threadId })).toEqual({});
    await c.waitNotification("thread/archived", (p) => p.threadId === threadId);
    const active = await c.call("thread/list", {});
    expect((active.data as Json[]).map((t) => t.id)).not.toContain(threadId);
    const archived = await c.call("thread/list", { archived: true });
    expect((archived.data as Json[]).map((t) => t.id)).toContain(threadId);
    const refused = await c.waitResponse(c.request("thread/resume", { threadId }));
    expect(refused.error).toMatchObject({ code: -32600, message: expect.stringContaining("archived") });

    const unarchived = await c.call("thread/unarchive", { threadId });
    expect(threadOf(unarchived)).toMatchObject({ id: threadId, status: { type: "notLoaded" } });
    await c.waitNotification("thread/unarchived", (p) => p.threadId === threadId);

    // A second process resumes the thread from its rollout and keeps going.
    const d = await spawn();
    const resumed = await d.call("thread/resume", { threadId });
    expect(threadOf(resumed)).toMatchObject({ id: threadId, status: { type: "idle" } });
    expect(turnsOf(resumed).map((t) => t.id)).toEqual([turn1.id, turn2.id]);
    // The command stays in history, as live.
    expect((turnsOf(resumed)[0]?.items as Json[]).map((i) => i.type)).toEqual([
      "userMessage",
      "commandExecution",
      "agentMessage",
    ]);
    model.push(reply.message("third answer"));
    await runTurn(d, threadId, "third question");
    const third = model.requests.at(-1)?.body.input ?? [];
    expect(JSON.stringify(third)).toContain("second answer");

    const rolledBack = await d.call("thread/rollback", { threadId, numTurns: 2 });
    expect(turnsOf(rolledBack).map((t) => t.id)).toEqual([turn1.id]);
    const read = await d.call("thread/read", { threadId, includeTurns: true });
    expect(turnsOf(read)).toEqual(turnsOf(rolledBack));
    expect(turnsOf(read)[0]).toMatchObject({ status: "completed" });
    const again = await d.call("thread/read", { threadId, includeTurns: true });
    expect(turnsOf(again)).toEqual(turnsOf(read));
    expect(turnsOf(await d.call("thread/read", { threadId }))).toEqual([]);
  });

  it("concurrent rollbacks: one succeeds, the other is a bad request", async () => {
    const { home, model, spawn } = await setup();
    const c = await spawn();
    const threadId = await startThread(c, { cwd: home.cwd });
    for (const n of [1, 2, 3]) {
      model.push(reply.message(`answer ${n}`));
      await runTurn(c, threadId, `question ${n}`);
    }
    const [a, b] = c.requestTogether([
      ["thread/rollback", { threadId, numTurns: 1 }],
      ["thread/rollback", { threadId, numTurns: 1 }],
    ]);
    const answers = [await c.waitResponse(a!), await c.waitResponse(b!)];
    expect(answers.filter((r) => "result" in r)).toHaveLength(1);
    expect(answers.find((r) => "error" in r)?.error).toMatchObject({
      code: -32600,
      message: expect.stringContaining("rollback"),
    });
    const turns = turnsOf(await c.call("thread/read", { threadId, includeTurns: true }));
    expect(turns).toHaveLength(2);
  });

  it("names, turns/list pages, revert, fork and list filters", async () => {
    const { home, model, spawn } = await setup();
    const c = await spawn();
    const threadId = await startThread(c, { cwd: home.cwd });
    const turns: Json[] = [];
    for (const n of [1, 2, 3]) {
      model.push(reply.message(`answer ${n}`));
      turns.push(await runTurn(c, threadId, `question ${n}`));
    }
    expect(await c.call("thread/name/set", { threadId, name: "Bug hunt" })).toEqual({});
    await c.waitNotification("thread/name/updated", (p) => p.threadName === "Bug hunt");
    expect(threadOf(await c.call("thread/read", { threadId }))).toMatchObject({ name: "Bug hunt" });

    const page1 = await c.call("thread/turns/list", { threadId, limit: 2 });
    expect((page1.data as Json[]).map((t) => t.id)).toEqual([turns[2]?.id, turns[1]?.id]);
    const page2 = await c.call("thread/turns/list", { threadId, limit: 2, cursor: page1.nextCursor });
    expect((page2.data as Json[]).map((t) => t.id)).toEqual([turns[0]?.id]);
    expect(page2.nextCursor).toBeNull();

    const fork = await c.call("thread/fork", { threadId, lastTurnId: turns[1]?.id });
    const forkId = threadOf(fork).id as string;
    expect(forkId).not.toBe(threadId);
    expect(turnsOf(fork).map((t) => t.id)).toEqual([turns[0]?.id, turns[1]?.id]);
    await c.waitNotification("thread/started", (p) => (p.thread as Json).id === forkId);
    model.push(reply.message("forked answer"));
    await runTurn(c, forkId, "in the fork");
    const forked = threadOf(await c.call("thread/read", { threadId: forkId, includeTurns: true }));
    expect(forked).toMatchObject({ forkedFromId: threadId });
    expect((forked.turns as Json[]).length).toBe(3);

    const reverted = await c.call("thread/revert", { threadId, beforeTurnId: turns[1]?.id });
    expect(threadOf(reverted).turns).toEqual([]);
    await c.waitNotification("thread/reverted", (p) => p.threadId === threadId);
    const left = turnsOf(await c.call("thread/read", { threadId, includeTurns: true }));
    expect(left.map((t) => t.id)).toEqual([turns[0]?.id]);
    // The answer's cursors read what remains backwards, from its last turn and item (as in Codex).
    const back = await c.call("thread/turns/list", { threadId, cursor: reverted.turnsBackwardsCursor });
    expect((back.data as Json[]).map((t) => t.id)).toEqual([turns[0]?.id]);
    const lastItems = await c.call("thread/items/list", {
      threadId,
      sortDirection: "desc",
      limit: 1,
      cursor: reverted.itemsBackwardsCursor,
    });
    expect((lastItems.data as Json[]).map((e) => (e.item as Json).type)).toEqual(["agentMessage"]);

    const both = await c.call("thread/list", { limit: 1 });
    expect(both.data as Json[]).toHaveLength(1);
    const rest = await c.call("thread/list", { limit: 1, cursor: both.nextCursor });
    const ids = [...(both.data as Json[]), ...(rest.data as Json[])].map((t) => t.id);
    expect(ids.sort()).toEqual([threadId, forkId].sort());
    const filtered = await c.call("thread/list", { cwd: "/nowhere" });
    expect(filtered.data).toEqual([]);
    const excluded = await c.call("thread/list", { excludedThreadIds: [forkId] });
    expect((excluded.data as Json[]).map((t) => t.id)).toEqual([threadId]);
  });
});
