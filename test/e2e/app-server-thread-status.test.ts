// Thread behaviour a client relies on: status notifications on archive, revert and resume; two concurrent
// reverts to one turn drop it once; a fork is listed at once.
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";

const app = useAppServer();
const threadOf = (r: Json) => r.thread as Json;
const turnsOf = (r: Json) => threadOf(r).turns as Json[];

describe("app-server thread status and concurrency", () => {
  it("two concurrent reverts to one turn: one succeeds, the other finds no turn", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    const turns: Json[] = [];
    for (const n of [1, 2, 3]) {
      model.push(reply.message(`answer ${n}`));
      turns.push(await runTurn(c, threadId, `question ${n}`));
    }
    const from = c.received.length;
    const [a, b] = c.requestTogether([
      ["thread/revert", { threadId, beforeTurnId: turns[2]?.id }],
      ["thread/revert", { threadId, beforeTurnId: turns[2]?.id }],
    ]);
    const answers = [await c.waitResponse(a!), await c.waitResponse(b!)];
    expect(answers.filter((r) => "result" in r)).toHaveLength(1);
    expect(answers.find((r) => "error" in r)?.error).toMatchObject({
      code: -32600,
      message: expect.stringContaining("turn not found"),
    });
    const left = turnsOf(await c.call("thread/read", { threadId, includeTurns: true }));
    expect(left.map((t) => t.id)).toEqual([turns[0]?.id, turns[1]?.id]);
    // As in Codex: notLoaded while the history is rewritten, then idle, once (the refused revert says nothing).
    await c.waitNotification("thread/reverted", (p) => p.threadId === threadId, { from });
    const statuses = c.received
      .slice(from)
      .filter((m) => m.method === "thread/status/changed")
      .map((m) => ((m.params as Json).status as Json).type);
    expect(statuses).toEqual(["notLoaded", "idle"]);
  });

  it("archive says notLoaded, resume says idle; a fork is listed before its first turn", async () => {
    const { home, model, client: c } = await app.start();
    const threadId = await startThread(c, { cwd: home.cwd });
    model.push(reply.message("answer"));
    await runTurn(c, threadId, "question");

    await c.call("thread/name/set", { threadId, name: "Origin" });
    const fork = await c.call("thread/fork", { threadId });
    const forkId = threadOf(fork).id as string;
    expect(threadOf(fork)).toMatchObject({ forkedFromId: threadId, name: "Origin", preview: "question" });
    const listed = await c.call("thread/list", {});
    expect((listed.data as Json[]).map((t) => t.id).sort()).toEqual([threadId, forkId].sort());

    const archiveId = c.request("thread/archive", { threadId });
    await c.waitResponse(archiveId);
    const notLoaded = await c.waitNotification(
      "thread/status/changed",
      (p) => p.threadId === threadId && (p.status as Json).type === "notLoaded",
    );
    expect(notLoaded).toBeDefined();
    await c.waitNotification("thread/archived", (p) => p.threadId === threadId);
    // As Codex: notLoaded before the answer, archived after it.
    const at = (match: (m: Json) => boolean) => c.received.findIndex((m) => match(m));
    const statusAt = at(
      (m) => m.method === "thread/status/changed" && ((m.params as Json).status as Json).type === "notLoaded",
    );
    expect(statusAt).toBeLessThan(at((m) => m.id === archiveId));
    expect(at((m) => m.id === archiveId)).toBeLessThan(at((m) => m.method === "thread/archived"));
    await c.call("thread/unarchive", { threadId });
    const from = c.received.length;
    const resumed = await c.call("thread/resume", { threadId });
    expect(threadOf(resumed)).toMatchObject({ name: "Origin", preview: "question" });
    await c.waitNotification(
      "thread/status/changed",
      (p) => p.threadId === threadId && (p.status as Json).type === "idle",
      { from },
    );
  });
});
