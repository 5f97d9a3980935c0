// Resume: the subagent tree comes back from the root's persisted lifecycle events (and its inboxes from the
// inbox events, see durable-inbox.test.ts for a real run), and a stopped child resumes its own thread when
// it gets a message.
import { childEngines } from "../codex.js";
import { engineParts } from "../../engine/create-codex.js";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reply } from "../../../test/support/fake-model.js";
import type { KnownEventMsg, SubagentSummary } from "../../protocol/core-protocol.js";
import { rolloutLine, type RolloutLine } from "../../rollout/lines.js";
import { shouldPersistEventMsg } from "../../rollout/policy.js";
import { openThread } from "../open-thread.js";
import { SubagentManager } from "./manager.js";
import { rebuildSubagentTree } from "./rebuild-tree.js";
import { scriptByAgent, startHarness, type Harness } from "../../../test/support/subagents.js";

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

const summary = (id: number, parent: number, status: SubagentSummary["status"]): SubagentSummary => ({
  agent_id: id,
  parent_agent_id: parent,
  session_id: `thread-${id}`,
  name: null,
  status,
  reasoning_header: null,
  pending_messages: 0,
  pending_interrupts: 0,
});
const lifecycleLine = (s: SubagentSummary) =>
  rolloutLine("event_msg", { type: "subagent_lifecycle", summary: s });
const messageLine = (seq: number, agent: number, from: number, message: string, interrupt = false) =>
  rolloutLine("event_msg", { type: "agent_inbox_message", agent_id: agent, seq, from, message, interrupt });
const takenLine = (agent: number, seqs: number[], via: "turn" | "await", offset?: number) =>
  rolloutLine("event_msg", {
    type: "agent_inbox_taken",
    agent_id: agent,
    seqs,
    via,
    ...(offset === undefined ? {} : { rollout_offset: offset }),
  });
const outputLine = (callId: string, output: string) =>
  rolloutLine("response_item", { type: "function_call_output", call_id: callId, output });

describe("rebuildSubagentTree", () => {
  it("attaches on creation, updates, detaches on cancel, and stops what was running", () => {
    const lines: RolloutLine[] = [
      lifecycleLine(summary(1, 0, "running")),
      lifecycleLine(summary(2, 0, "running")),
      lifecycleLine(summary(3, 1, "running")),
      rolloutLine("event_msg", {
        type: "agent_inbox",
        agent_id: 2,
        session_id: "thread-2",
        pending_messages: 3,
        pending_interrupts: 0,
      }),
      lifecycleLine({ ...summary(1, 0, "completed"), reasoning_header: "Done" }),
      lifecycleLine(summary(4, 1, "waiting")),
      lifecycleLine(summary(2, 0, "cancelled")),
      lifecycleLine(summary(5, 2, "running")), // a child of a cancelled agent
      rolloutLine("event_msg", { type: "subagent_lifecycle", summary: { agent_id: "garbage" } }),
    ];
    const tree = rebuildSubagentTree(lines);
    expect(tree.nextAgentId).toBe(6);
    expect(tree.agents.map((a) => [a.agent_id, a.parent_agent_id, a.status, a.reasoning_header])).toEqual([
      [1, 0, "completed", "Done"],
      [3, 1, "idle", null],
      [4, 1, "idle", null],
    ]);
    expect(tree.agents.every((a) => a.pending_messages === 0 && a.pending_interrupts === 0)).toBe(true);
    expect(rebuildSubagentTree([])).toEqual({
      agents: [],
      nextAgentId: 1,
      inboxes: new Map(),
      nextMessageSeq: 1,
    });
  });

  it("rebuilds each inbox's waiting messages in order; a take counts once the receiver recorded it", () => {
    const lines: RolloutLine[] = [
      lifecycleLine(summary(1, 0, "running")),
      lifecycleLine(summary(2, 0, "running")),
      lifecycleLine(summary(3, 1, "running")),
      messageLine(1, 1, 0, "one"),
      messageLine(2, 1, 0, "two, urgent", true),
      messageLine(3, 0, 1, "to the root from 1"),
      messageLine(4, 0, 2, "to the root from 2"),
      takenLine(1, [1], "turn", 120),
      messageLine(5, 1, 0, "three"),
      messageLine(6, 3, 1, "for the grandchild"),
      messageLine(7, 1, 3, "from the grandchild"),
      // The root's await got message 3: its output follows the take.
      takenLine(0, [3], "await"),
      outputLine("c1", '{"status":"ready"}'),
      // Message 4 was taken, but the process died before the call's output: the next turn starts without it.
      takenLine(0, [4], "await"),
      rolloutLine("event_msg", { type: "task_started", turn_id: "t2" }),
      messageLine(8, 2, 0, "for a child that gets cancelled"),
      lifecycleLine(summary(2, 0, "cancelled")),
      // An await the user interrupted: the model never read message 9.
      messageLine(9, 0, 1, "read by an aborted call"),
      takenLine(0, [9], "await"),
      outputLine("c2", "aborted by user"),
      // A subagent's last take: its own rollout says (when it is reopened) whether it got message 2.
      takenLine(1, [2], "turn", 500),
      rolloutLine("event_msg", { type: "agent_inbox_message", agent_id: 1, seq: "bad" }),
    ];
    const tree = rebuildSubagentTree(lines);
    const m = (seq: number, from: number, text: string, interrupt = false) => ({
      seq,
      from,
      text,
      interrupt,
    });
    expect(tree.nextMessageSeq).toBe(10);
    expect(tree.inboxes).toEqual(
      new Map([
        [0, { pending: [m(4, 2, "to the root from 2"), m(9, 1, "read by an aborted call")] }],
        [
          1,
          {
            pending: [m(5, 0, "three"), m(7, 3, "from the grandchild")],
            lastTake: { messages: [m(2, 0, "two, urgent", true)], via: "turn", rolloutOffset: 500 },
          },
        ],
        [3, { pending: [m(6, 1, "for the grandchild")] }],
      ]),
    );
    expect(tree.agents.map((a) => [a.agent_id, a.pending_messages, a.pending_interrupts])).toEqual([
      [1, 2, 0],
      [3, 1, 0],
    ]);
  });

  it("rebuilds a real run after the process died, and resumes a stopped child on its next message", async () => {
    const script = scriptByAgent({
      1: [reply.message("A done")],
      2: [{ hang: true }, reply.message("B resumed and done")],
      3: [{ hang: true }],
      4: [reply.message("D done")],
    });
    h = await startHarness({ fallback: script.fallback });
    const caller = {
      cwd: h.home.cwd,
      approvalPolicy: "never",
      sandboxPolicy: { type: "danger-full-access" },
    } as const;
    const root = h.manager.scope(0);
    await root.spawn({ task: "task-a", name: "alpha" }, caller);
    const b = await root.spawn({ task: "task-b", name: "beta" }, caller);
    await root.spawn({ task: "task-c" }, caller);
    await root.await({ agentId: 1, timeoutMs: 15_000, signal: new AbortController().signal });
    await script.waitForRequests(2, 1);
    await root.cancel(3);

    // The root's rollout as it stood when the process was killed (B still running).
    const rootPath = join(h.home.codexHome, "root.jsonl");
    const persisted = h.events.all.filter((m) => shouldPersistEventMsg(m));
    writeRollout(rootPath, persisted);
    const seed = await openThread(
      h.config,
      { resumePath: rootPath },
      { originator: "test", source: "cli" },
      () => {},
    );
    await seed.rollout.close();
    const tree = seed.subagentTree;
    expect(tree?.agents.map((a) => [a.agent_id, a.name, a.status])).toEqual([
      [1, "alpha", "completed"],
      [2, "beta", "idle"],
    ]);

    // The old engines are gone with the process; a new manager starts from the rebuilt tree.
    await h.manager.closeAll();
    const events: KnownEventMsg[] = [];
    resumed = new SubagentManager({
      config: h.config,
      env: h.home.env,
      engines: childEngines(engineParts),
      root: () => ({ threadId: "root-thread", rolloutPath: rootPath }),
      emit: (msg) => events.push(msg),
      ...(tree ? { restored: tree } : {}),
    });
    const again = resumed.scope(0);
    expect(again.list().map((s) => [s.agent_id, s.status, s.session_id === b.sessionId])).toEqual([
      [1, "completed", false],
      [2, "idle", true],
    ]);
    const logs = await again.logs(1, 10);
    expect(logs.fromRollout).toBe(true);
    expect(logs.entries.map((e) => e.text)).toContain("message: A done");

    expect(await again.send(2, "please finish", false)).toEqual({ delivery: "started" });
    const done = await again.await({ agentId: 2, timeoutMs: 15_000, signal: new AbortController().signal });
    expect(done.outcomes).toEqual([
      {
        agentId: 2,
        sessionId: expect.any(String),
        name: "beta",
        status: "completed",
        message: "B resumed and done",
      },
    ]);
    // Same thread, same file: the resumed request carries the child's earlier task.
    const resumedRequest = JSON.stringify(script.requestsOf(2)[1]);
    expect(resumedRequest).toContain("task-b");
    expect(resumedRequest).toContain("please finish");

    // Ids keep growing past every id ever used.
    expect((await again.spawn({ task: "task-d" }, caller)).agentId).toBe(4);

    // The resumed child kept the settings its parent gave it, and appended to its own file.
    await resumed.closeAll();
    const bRollout = readFileSync(String(tree?.agents[1]?.rollout_path), "utf8");
    expect(bRollout).toContain("B resumed and done");
    expect(bRollout).not.toContain('"sandbox_policy":{"type":"read-only"}');
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
