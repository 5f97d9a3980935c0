// Inboxes survive the process: what was still waiting when it died (a message queued for a busy child, a
// child's message the root had not read) comes back on resume, and a take the receiver never recorded (the
// process killed between the two writes) is handed over again, once.
import { childEngines } from "../codex.js";
import { engineParts } from "../../engine/create-codex.js";
import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply } from "../../../test/support/fake-model.js";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { rolloutLine } from "../../rollout/lines.js";
import { shouldPersistEventMsg } from "../../rollout/policy.js";
import { openThread } from "../open-thread.js";
import type { CallerTurn } from "./agent-scope.js";
import { SubagentManager } from "./manager.js";
import type { RebuiltSubagentTree } from "./rebuild-tree.js";
import { scriptByAgent, startHarness, type Harness, type Input } from "../../../test/support/subagents.js";

let h: Harness | undefined;
let resumed: SubagentManager | undefined;
afterEach(async () => {
  await resumed?.closeAll();
  const model = h?.model;
  await h?.close();
  expect(model?.errors ?? []).toEqual([]);
  h = undefined;
  resumed = undefined;
});

const signal = new AbortController().signal;

type TakenEvent = Extract<KnownEventMsg, { type: "agent_inbox_taken" }>;
type MessageEvent = Extract<KnownEventMsg, { type: "agent_inbox_message" }>;

/** The text parts of the last user message of a request. */
function lastUserParts(input: Input): string[] {
  const last = input.findLast((item) => item.type === "message" && item.role === "user");
  return ((last?.content as Array<{ text?: string }> | undefined) ?? []).map((c) => c.text ?? "");
}

const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

interface Killed {
  tree: RebuiltSubagentTree;
  rootPath: string;
  /** The persisted events of the dead run. */
  persisted: KnownEventMsg[];
  script: ReturnType<typeof scriptByAgent>;
  /** Child 1's rollout. */
  childPath: string;
}

/**
 * Child 1 posts a note to the root, finishes its first turn, gets a second task (handed over as a turn) and
 * works on it forever; the root queues one more message for it; then the process "dies": the root's rollout
 * is what its persisted events were at that moment, and the engines are gone.
 */
async function runAndKill(options: { readRootNote: boolean }): Promise<Killed> {
  const script = scriptByAgent({
    1: [
      reply.functionCall("subagent_send", { agent_id: 0, message: "note for the root" }),
      reply.message("A first done"),
      { hang: true },
      reply.message("A done after the restart"),
    ],
  });
  h = await startHarness({ fallback: script.fallback });
  const caller: CallerTurn = {
    cwd: h.home.cwd,
    approvalPolicy: "never",
    sandboxPolicy: { type: "danger-full-access" },
  };
  const root = h.manager.scope(0);
  await root.spawn({ task: "task-a", name: "alpha" }, caller);
  await h.events.waitFor((m) => m.type === "subagent_lifecycle" && m.summary.status === "completed");
  if (options.readRootNote) {
    const read = await root.await({ timeoutMs: 15_000, signal });
    expect(read.messages).toEqual([{ from: 1, text: "note for the root" }]);
  }
  expect(await root.send(1, "second task", false)).toEqual({ delivery: "started" });
  await script.waitForRequests(1, 3);
  expect(await root.send(1, "queued while busy", false)).toEqual({ delivery: "queued", pendingMessages: 1 });

  const rootPath = join(h.home.codexHome, "root.jsonl");
  const persisted = h.events.all.filter((m) => shouldPersistEventMsg(m));
  writeRollout(rootPath, persisted);
  const childPath = String(h.manager.summaries()[0]?.rollout_path);
  await h.manager.closeAll();
  const seed = await openThread(
    h.config,
    { resumePath: rootPath },
    { originator: "test", source: "cli" },
    () => {},
  );
  await seed.rollout.close();
  if (!seed.subagentTree) throw new Error("no subagent tree rebuilt");
  return { tree: seed.subagentTree, rootPath, persisted, script, childPath };
}

function resume(killed: Killed): { manager: SubagentManager; events: KnownEventMsg[] } {
  if (!h) throw new Error("no harness");
  const events: KnownEventMsg[] = [];
  const manager = new SubagentManager({
    config: h.config,
    env: h.home.env,
    engines: childEngines(engineParts),
    root: () => ({ threadId: "root-thread", rolloutPath: killed.rootPath }),
    emit: (msg) => events.push(msg),
    restored: killed.tree,
  });
  resumed = manager;
  return { manager, events };
}

describe("durable inboxes", () => {
  it("hands a subagent one turn's input at a time: an interrupt waits until the task is recorded", async () => {
    // Its task hangs; the message that interrupts it (whichever request carries it) is answered.
    const step = (input: Input) =>
      lastUserParts(input)[0] === "urgent: drop that" ? reply.message("started over") : reply.hang();
    const script = scriptByAgent({ 1: [step, step] });
    h = await startHarness({ fallback: script.fallback });
    const root = h.manager.scope(0);
    await root.spawn(
      { task: "task: the first job" },
      { cwd: h.home.cwd, approvalPolicy: "never", sandboxPolicy: { type: "danger-full-access" } },
    );
    // At once, while the child may not have recorded its task yet.
    expect(await root.send(1, "urgent: drop that", true)).toEqual({ delivery: "interrupted" });
    const done = await root.await({ agentId: 1, timeoutMs: 15_000, signal });
    expect(done.outcomes).toMatchObject([{ status: "completed", message: "started over" }]);

    // The take was written once the task was in the child's rollout: only this take could be in doubt.
    const take = h.events.all.find((m): m is TakenEvent => m.type === "agent_inbox_taken");
    const childRollout = readFileSync(String(h.manager.summaries()[0]?.rollout_path));
    const before = childRollout.subarray(0, take?.rollout_offset ?? 0).toString("utf8");
    const after = childRollout.subarray(take?.rollout_offset ?? 0).toString("utf8");
    expect(before).toContain("task: the first job");
    expect(before).not.toContain("urgent: drop that");
    expect(after).toContain("urgent: drop that");
    expect(lastUserParts(script.requestsOf(1).at(-1) ?? [])).toEqual(["urgent: drop that"]);
  });

  it("gives a busy child its queued message when reopened, and the root its unread one on await", async () => {
    const killed = await runAndKill({ readRootNote: false });
    const seqOf = (text: string) =>
      killed.persisted.find((m): m is MessageEvent => m.type === "agent_inbox_message" && m.message === text)
        ?.seq;
    expect(killed.tree.inboxes.get(0)).toEqual({
      pending: [{ seq: seqOf("note for the root"), from: 1, text: "note for the root", interrupt: false }],
    });
    expect(killed.tree.inboxes.get(1)).toEqual({
      pending: [{ seq: seqOf("queued while busy"), from: 0, text: "queued while busy", interrupt: false }],
      lastTake: {
        messages: [{ seq: seqOf("second task"), from: 0, text: "second task", interrupt: false }],
        via: "turn",
        rolloutOffset: expect.any(Number),
      },
    });

    const { manager, events } = resume(killed);
    const again = manager.scope(0);
    expect(again.list().map((s) => [s.agent_id, s.status, s.pending_messages])).toEqual([[1, "idle", 1]]);

    // The root's unread message is what its next await returns, at once (nothing is running).
    const read = await again.await({ timeoutMs: 15_000, signal });
    expect(read).toMatchObject({ reason: "ready", messages: [{ from: 1, text: "note for the root" }] });
    expect((await again.await({ timeoutMs: 15_000, signal })).reason).toBe("nothing_running");

    // Reopening the child delivers what waited for it, then the new message, as one turn.
    expect(await again.send(1, "after the restart", false)).toEqual({ delivery: "started" });
    const done = await again.await({ agentId: 1, timeoutMs: 15_000, signal });
    expect(done.outcomes).toMatchObject([
      { agentId: 1, status: "completed", message: "A done after the restart" },
    ]);
    const request = killed.script.requestsOf(1)[3] ?? [];
    expect(lastUserParts(request)).toEqual(["queued while busy", "after the restart"]);
    // The task it had already received is in its history once, not handed over again.
    expect(occurrences(JSON.stringify(request), "second task")).toBe(1);
    expect(
      events.flatMap((m) => (m.type === "agent_inbox_taken" ? [[m.agent_id, m.seqs.length, m.via]] : [])),
    ).toEqual([
      [0, 1, "await"],
      [1, 2, "turn"],
    ]);
  });

  it("hands over again, once, what was taken but never recorded by its receiver", async () => {
    // The root read its note, but (in this rollout) no call output follows the take: the process died first.
    const killed = await runAndKill({ readRootNote: true });
    // And it died before the child recorded its second task: its rollout ends where the take found it.
    const lastTake = killed.persisted.findLast(
      (m): m is TakenEvent => m.type === "agent_inbox_taken" && m.agent_id === 1,
    );
    truncateSync(killed.childPath, lastTake?.rollout_offset ?? 0);
    expect(readFileSync(killed.childPath, "utf8")).not.toContain("second task");

    const { manager } = resume(killed);
    const again = manager.scope(0);
    expect((await again.await({ timeoutMs: 15_000, signal })).messages).toEqual([
      { from: 1, text: "note for the root" },
    ]);
    expect(await again.send(1, "after the restart", false)).toEqual({ delivery: "started" });
    const done = await again.await({ agentId: 1, timeoutMs: 15_000, signal });
    expect(done.outcomes).toMatchObject([{ agentId: 1, status: "completed" }]);
    const request = killed.script.requestsOf(1)[3] ?? [];
    expect(lastUserParts(request)).toEqual(["second task", "queued while busy", "after the restart"]);
    expect(occurrences(JSON.stringify(request), "second task")).toBe(1);
  });
});

function writeRollout(path: string, events: KnownEventMsg[]): void {
  const meta = rolloutLine("session_meta", {
    id: "root-thread",
    timestamp: new Date().toISOString(),
    cwd: "/",
  });
  const lines = [meta, ...events.map((msg) => rolloutLine("event_msg", msg))];
  writeFileSync(path, lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
}
