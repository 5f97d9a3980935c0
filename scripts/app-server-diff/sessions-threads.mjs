/* eslint-disable @typescript-eslint/ban-ts-comment -- untyped JSON from two servers; a by-hand tool, not built or tested */
// @ts-nocheck -- a by-hand tool reading two servers' untyped JSON; not part of the build or the tests.
// Sessions about threads and turns. Each gets a fresh, initialised server (driver.mjs) and its client `c`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ZERO = "00000000-0000-0000-0000-000000000000";
const text = (t) => [{ type: "text", text: t }];

export async function startThread(c, extra = {}) {
  const r = await c.request("thread/start", { cwd: c.work, ...extra });
  return r.result?.thread?.id;
}

export async function turn(c, threadId, t) {
  const r = await c.request("turn/start", { threadId, input: text(t) });
  await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
  return r;
}

const REAL_ROLLOUT = new URL("../../test/fixtures/rollouts/real-codex-0.169.jsonl", import.meta.url);
const REAL_ID = "01a2022c-4e14-7020-81d0-da7c0d084d6f";

/** Puts the real Codex rollout fixture (and copies of it under other ids) in CODEX_HOME. */
function plantRollouts(c, count = 1) {
  const fixture = readFileSync(REAL_ROLLOUT, "utf8");
  const dir = join(c.home, "sessions", "2026", "11", "22");
  mkdirSync(dir, { recursive: true });
  const ids = [];
  for (let n = 1; n <= count; n++) {
    const id = count === 1 ? REAL_ID : `01a2022c-4e14-7020-81d0-da7c0d084d6${n}`;
    const body = fixture.replaceAll(REAL_ID, id).replaceAll("07:33:07", `07:3${n}:07`);
    writeFileSync(join(dir, `rollout-2026-11-22T07-3${n}-07-${id}.jsonl`), body);
    ids.push(id);
  }
  return ids;
}

export const threadSessions = {
  // The life of a thread: start, a turn, reads, pages, fork, unsubscribe/resume, name, archive, delete.
  async threads(c) {
    const threadId = await startThread(c);
    await turn(c, threadId, "first");
    await turn(c, threadId, "second");
    await c.request("thread/read", { threadId });
    await c.request("thread/read", { threadId, includeTurns: true });
    await c.request("thread/list", {});
    await c.request("thread/loaded/list", {});
    const page = await c.request("thread/turns/list", { threadId, limit: 1 });
    await c.request("thread/turns/list", { threadId, limit: 1, cursor: page.result?.nextCursor });
    await c.request("thread/items/list", { threadId });
    await c.request("thread/items/list", { threadId, limit: 1, sortDirection: "desc" });
    await c.request("thread/name/set", { threadId, name: "named" });
    const fork = await c.request("thread/fork", { threadId });
    await c.request("thread/list", {});
    await c.request("thread/unsubscribe", { threadId });
    await c.request("thread/resume", { threadId });
    await turn(c, threadId, "after resume");
    const forkId = fork.result?.thread?.id ?? ZERO;
    await c.request("thread/archive", { threadId: forkId });
    await c.request("thread/list", { archived: true });
    await c.request("thread/unarchive", { threadId: forkId });
    await c.request("thread/delete", { threadId: forkId });
    await c.request("thread/read", { threadId: forkId });
    await c.request("thread/read", { threadId: ZERO });
    await c.request("thread/start", { cwd: c.work, ephemeral: true });
  },
  // Turns with a command and a patch, the diff, a turn while one runs, steer, interrupt, compact, revert.
  async turns(c) {
    const threadId = await startThread(c);
    await turn(c, threadId, "run: echo hello > out.txt && cat out.txt");
    await turn(c, threadId, "patch");
    const slow = await c.request("turn/start", { threadId, input: text("slow: a slow answer here") });
    await c.waitFor("item/agentMessage/delta", (m) => m.params.turnId === slow.result?.turn?.id);
    await c.request("turn/start", { threadId, input: text("while running") });
    await c.request("turn/steer", {
      threadId,
      expectedTurnId: slow.result?.turn?.id ?? "x",
      input: text("steered"),
    });
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId, 3_000);
    await c.request("turn/steer", { threadId, expectedTurnId: "nope", input: text("x") });
    const hung = await c.request("turn/start", { threadId, input: text("hang") });
    await c.waitFor("turn/started", (m) => m.params.turn.id === hung.result?.turn?.id);
    await c.request("turn/interrupt", { threadId, turnId: hung.result?.turn?.id ?? "x" });
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    await c.request("turn/interrupt", { threadId, turnId: "nope" });
    await c.request("thread/compact/start", { threadId });
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    const turns = await c.request("thread/turns/list", { threadId, sortDirection: "asc" });
    const second = turns.result?.data?.[1]?.id ?? "x";
    await Promise.all([
      c.request("thread/revert", { threadId, beforeTurnId: second }),
      c.request("thread/revert", { threadId, beforeTurnId: second }),
    ]);
    await c.request("thread/read", { threadId, includeTurns: true });
    await c.request("turn/start", { threadId });
    await c.request("turn/start", { threadId: ZERO, input: text("x") });
  },
  // A turn with per-turn settings, then one with none.
  async settings(c) {
    const threadId = await startThread(c);
    await c.request("turn/start", {
      threadId,
      input: text("with overrides"),
      model: "gpt-5.1-codex-mini",
      approvalPolicy: "on-request",
      effort: "high",
    });
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    await turn(c, threadId, "same settings");
  },
  // review/start on the work folder's uncommitted change.
  async review(c) {
    writeFileSync(join(c.work, "README.md"), "hello, changed\n");
    const threadId = await startThread(c);
    await c.request("review/start", { threadId, target: { type: "uncommittedChanges" } });
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    await c.request("review/start", { threadId: ZERO, target: { type: "uncommittedChanges" } });
  },
  async shellCommand(c) {
    const threadId = await startThread(c);
    await c.request("thread/shellCommand", { threadId, command: "echo from-shell | tr a-z A-Z" });
    await c.waitFor("turn/completed", (m) => m.params.threadId === threadId);
    await c.request("thread/read", { threadId, includeTurns: true });
    await turn(c, threadId, "after shell");
    await c.request("thread/shellCommand", { threadId: "nope", command: "true" });
    await c.request("thread/shellCommand", { threadId, command: "" });
  },
  async injectItems(c) {
    const threadId = await startThread(c);
    await c.request("thread/inject_items", {
      threadId,
      items: [{ type: "message", role: "user", content: [{ type: "input_text", text: "injected note" }] }],
    });
    await c.request("thread/read", { threadId, includeTurns: true });
    await turn(c, threadId, "after inject");
    await c.request("thread/inject_items", { threadId, items: [{ bogus: 1 }] });
    await c.request("thread/inject_items", { threadId: "nope", items: [] });
  },
  // Goals, metadata, sections, attachments: the thread's organisation.
  async organize(c) {
    const threadId = await startThread(c);
    await turn(c, threadId, "hello");
    await c.request("thread/goal/get", { threadId });
    await c.request("thread/goal/set", { threadId, objective: "ship it" });
    await c.request("thread/goal/get", { threadId });
    await c.request("thread/goal/clear", { threadId });
    await c.request("thread/goal/set", { threadId: ZERO, objective: "x" });
    await c.request("thread/metadata/update", { threadId, gitInfo: { branch: "feature" } });
    await c.request("thread/read", { threadId });
    const section = await c.request("threadSection/create", { name: "Work" });
    const sectionId = section.result?.section?.id ?? "x";
    await c.request("threadSection/list", {});
    await c.request("threadSection/update", { sectionId, name: "Work 2" });
    await c.request("thread/section/move", { threadId, sectionId });
    await c.request("thread/list", {});
    await c.request("thread/section/move", { threadId, sectionId: "nope" });
    await c.request("threadSection/delete", { sectionId });
    await c.request("threadSection/delete", { sectionId: "nope" });
    const attachment = { threadId, attachmentType: "link", identityKey: "k1", payload: { url: "x" } };
    await c.request("thread/attachment/add", attachment);
    await c.request("thread/attachment/add", attachment);
    await c.request("thread/attachment/list", { threadId });
    await c.request("thread/attachmentOwner/list", { attachmentType: "link", identityKey: "k1" });
    await c.request("thread/attachment/remove", { threadId, attachmentType: "link", identityKey: "k1" });
    await c.request("thread/attachment/remove", { threadId, attachmentType: "link", identityKey: "k1" });
    await c.request("thread/approveGuardianDeniedAction", { threadId, event: {} });
  },
  async readState(c) {
    const threadId = await startThread(c);
    // Before its first turn: nothing written yet.
    await c.request("thread/read", { threadId });
    await turn(c, threadId, "first");
    const read = await c.request("thread/read", { threadId });
    await c.request("thread/readState/update", {
      threadId,
      operation: { type: "read" },
      expectedRevision: "stale",
    });
    await c.request("thread/readState/update", {
      threadId,
      operation: { type: "read" },
      expectedRevision: read.result?.thread?.readState?.revision ?? read.result?.readState?.revision,
    });
    await c.request("thread/list", {});
    await turn(c, threadId, "second");
    await c.request("thread/read", { threadId });
  },
  // thread/rollback and thread/revert on a thread on disk that this server has not loaded.
  async unloaded(c) {
    const [id] = plantRollouts(c);
    await c.request("thread/read", { threadId: id, includeTurns: true });
    await c.request("thread/revert", { threadId: id, beforeTurnId: "no-such-turn" });
    await c.request("thread/loaded/list", {});
    await c.request("thread/resume", { threadId: id });
    await c.request("thread/loaded/list", {});
  },
  // Unsubscribing the last client (status, loaded list, later unload), resuming a thread whose cwd is gone,
  // and the status notifications of a revert.
  async lifecycle(c) {
    const gone = join(c.work, "gone");
    mkdirSync(gone);
    const threadId = await startThread(c, { cwd: gone });
    await turn(c, threadId, "first");
    await turn(c, threadId, "second");
    await c.request("thread/unsubscribe", { threadId });
    await c.request("thread/loaded/list", {});
    await c.waitFor("thread/closed", () => true, 8_000);
    await c.request("thread/loaded/list", {});
    await c.request("thread/read", { threadId });
    await c.request("thread/archive", { threadId });
    await c.request("thread/unarchive", { threadId });
    rmSync(gone, { recursive: true });
    await c.request("thread/resume", { threadId, cwd: gone, excludeTurns: true });
    const resumed = await c.request("thread/resume", { threadId });
    await c.request("thread/loaded/list", {});
    const turns = resumed.result?.thread?.turns ?? [];
    await c.request("thread/revert", { threadId, beforeTurnId: turns.at(-1)?.id ?? "none" });
    await turn(c, threadId, "run: pwd");
  },
  // thread/list oldest first and the backwards cursor, over three copies of a real rollout.
  async listOrder(c) {
    plantRollouts(c, 3);
    const exec = { sourceKinds: ["exec"] };
    const a1 = await c.request("thread/list", { ...exec, sortDirection: "asc", limit: 2 });
    await c.request("thread/list", {
      ...exec,
      sortDirection: "asc",
      limit: 2,
      cursor: a1.result?.nextCursor,
    });
    await c.request("thread/list", { ...exec, sortDirection: "desc", cursor: a1.result?.backwardsCursor });
    await c.request("thread/list", { ...exec, cwd: "/nowhere" });
  },
};
