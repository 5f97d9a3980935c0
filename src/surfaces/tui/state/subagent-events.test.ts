// Subagent events -> TUI state. The events are shaped like those the engine sent in a recorded proto
// session (spawn "alpha", await, a refused send, cancel; the child's command approved by the user), and are
// checked against the protocol schema.
import { describe, expect, it } from "vitest";
import {
  KnownEventMsg,
  type SubagentStatus,
  type SubagentToolName,
} from "../../../protocol/core-protocol.js";
import type { CellOf, SubagentCallRun } from "./cells.js";
import { activeSubagentCount, agentLabel } from "./subagent-events.js";
import { tuiReducer } from "./tui-reducer.js";
import { initialTuiState, type TuiState } from "./tui-state.js";

const apply = (state: TuiState, ...msgs: unknown[]) =>
  msgs.reduce<TuiState>(
    (s, m, i) =>
      tuiReducer(s, { type: "engine_event", event: { id: "t1", msg: KnownEventMsg.parse(m) }, now: 100 + i }),
    state,
  );

const session = (id: number) => `session-${id}`;
const lifecycle = (agentId: number, status: SubagentStatus, name: string | null = null) => ({
  type: "subagent_lifecycle",
  summary: {
    agent_id: agentId,
    parent_agent_id: 0,
    session_id: session(agentId),
    name,
    status,
    reasoning_header: null,
    pending_messages: 0,
    pending_interrupts: 0,
  },
});
const agent = (agentId: number, status: SubagentStatus, message?: string) => ({
  agent_id: agentId,
  session_id: session(agentId),
  status,
  ...(message ? { message } : {}),
});
const call = (
  type: "begin" | "end",
  tool: SubagentToolName,
  agents: unknown[],
  extra: { prompt?: string; success?: boolean; error?: string; callId?: string } = {},
) => ({
  type: `subagent_tool_call_${type}`,
  call_id: extra.callId ?? `call-${tool}`,
  tool,
  sender_agent_id: 0,
  sender_session_id: "root",
  agents,
  prompt: extra.prompt ?? null,
  model: null,
  ...(type === "end" ? { success: extra.success ?? true, error: extra.error ?? null } : {}),
});
const started = { type: "task_started", turn_id: "turn", collaboration_mode_kind: "default" };
const withAlpha = () => apply(initialTuiState(), started, lifecycle(1, "running", "alpha"));
const lastCall = (state: TuiState): SubagentCallRun | undefined =>
  state.history.findLast((c): c is CellOf<"subagent_call"> => c.kind === "subagent_call")?.call;

describe("subagent tool calls -> one history cell each", () => {
  const table: Array<[string, unknown, Partial<SubagentCallRun>]> = [
    [
      "spawn: the new agent by name, and its task",
      call("end", "spawn", [agent(1, "running")], { prompt: "task-a: touch a file" }),
      {
        tool: "spawn",
        status: "succeeded",
        prompt: "task-a: touch a file",
        agents: [{ agentId: 1, label: 'subagent 1 "alpha"', status: "running" }],
      },
    ],
    [
      "await: each finished agent with its final message",
      call("end", "await", [agent(1, "completed", "A done: made the file."), agent(2, "running")]),
      {
        tool: "await",
        status: "succeeded",
        agents: [
          { agentId: 1, label: 'subagent 1 "alpha"', status: "completed", message: "A done: made the file." },
          { agentId: 2, label: "subagent 2", status: "running" },
        ],
      },
    ],
    [
      "send: the target and the message",
      call("end", "send", [agent(1, "running")], { prompt: "one more thing" }),
      { tool: "send", status: "succeeded", prompt: "one more thing" },
    ],
    [
      "a refused call keeps the error the model read",
      call("end", "send", [], {
        prompt: "anyone?",
        success: false,
        error: "subagent_send: no subagent with id 9",
      }),
      { tool: "send", status: "failed", agents: [], error: "subagent_send: no subagent with id 9" },
    ],
    [
      "cancel: every agent it cancelled",
      call("end", "cancel", [agent(1, "cancelled")]),
      { tool: "cancel", status: "succeeded", agents: [expect.objectContaining({ status: "cancelled" })] },
    ],
    ["list", call("end", "list", [agent(1, "running")]), { tool: "list", status: "succeeded" }],
    ["logs", call("end", "logs", [agent(1, "running")]), { tool: "logs", status: "succeeded" }],
  ];
  it.each(table)("%s", (_name, end, expected) => {
    const state = apply(withAlpha(), end);
    expect(state.history.map((c) => c.kind)).toEqual(["subagent_call"]);
    expect(lastCall(state)).toMatchObject(expected);
    expect(state.subagentCalls).toEqual([]);
  });

  it("shows a call live from its begin, and commits it at its end with its start time", () => {
    const waiting = apply(withAlpha(), call("begin", "await", [agent(1, "running")]));
    expect(waiting.history).toEqual([]);
    expect(waiting.subagentCalls).toEqual([
      expect.objectContaining({ tool: "await", status: "running", startedAt: 100 }),
    ]);
    const end = KnownEventMsg.parse(call("end", "await", [agent(1, "completed", "done")]));
    const done = tuiReducer(waiting, { type: "engine_event", event: { id: "t1", msg: end }, now: 9_000 });
    expect(done.subagentCalls).toEqual([]);
    expect(lastCall(done)).toMatchObject({ status: "succeeded", startedAt: 100 });
  });

  it("drops a call still live when the turn ends; an end arriving after is still shown", () => {
    const waiting = apply(withAlpha(), call("begin", "await", [agent(1, "running")]));
    const aborted = apply(waiting, { type: "turn_aborted", turn_id: "turn", reason: "interrupted" });
    expect(aborted.subagentCalls).toEqual([]);
    const late = apply(aborted, call("end", "await", [agent(1, "idle")]));
    expect(lastCall(late)).toMatchObject({ tool: "await", agents: [{ status: "idle" }] });
  });
});

describe("subagent summaries", () => {
  it("keeps the latest summary of each agent, in id order, and names agents by it", () => {
    const state = apply(
      initialTuiState(),
      lifecycle(2, "running"),
      lifecycle(1, "running", "alpha"),
      lifecycle(1, "completed", "alpha"),
      lifecycle(2, "waiting"),
    );
    expect(state.subagents.map((s) => [s.agent_id, s.status])).toEqual([
      [1, "completed"],
      [2, "waiting"],
    ]);
    expect(agentLabel(state.subagents, 1)).toBe('subagent 1 "alpha"');
    expect(agentLabel(state.subagents, 2)).toBe("subagent 2");
    expect(agentLabel(state.subagents, 7)).toBe("subagent 7");
    expect(activeSubagentCount(state.subagents)).toBe(1);
    expect(activeSubagentCount(apply(state, lifecycle(2, "cancelled")).subagents)).toBe(0);
  });

  it("draws nothing for inbox changes", () => {
    const state = withAlpha();
    const inbox = {
      type: "agent_inbox",
      agent_id: 1,
      session_id: session(1),
      pending_messages: 1,
      pending_interrupts: 0,
    };
    expect(apply(state, inbox)).toEqual(state);
  });
});

describe("a subagent's approvals and forwarded calls", () => {
  const execRequest = {
    type: "exec_approval_request",
    call_id: "call_21",
    agent_id: 1,
    turn_id: "child-turn",
    command: ["bash", "-lc", "touch made-by-alpha"],
    cwd: "/work",
    reason: "not a known read-only command",
  };
  const patchRequest = {
    type: "apply_patch_approval_request",
    call_id: "call_22",
    agent_id: 1,
    turn_id: "child-turn",
    changes: { "/work/a.txt": { type: "add", content: "a\n" } },
  };

  it("says which subagent asks, and records the decision under its name", () => {
    const asked = apply(withAlpha(), execRequest, patchRequest);
    expect(asked.approvals).toEqual([
      expect.objectContaining({ kind: "exec", agentId: 1, agentLabel: 'subagent 1 "alpha"' }),
      expect.objectContaining({ kind: "patch", agentId: 1, agentLabel: 'subagent 1 "alpha"' }),
    ]);
    const decided = tuiReducer(asked, { type: "approval_decided", callId: "call_21", decision: "approved" });
    expect(decided.history.at(-1)).toEqual(
      expect.objectContaining({
        kind: "approval_decision",
        actor: 'subagent 1 "alpha"',
        action: "run touch made-by-alpha",
      }),
    );
  });

  it("keeps a subagent's request when the root's turn completes, not when it is interrupted", () => {
    const rootRequest = { ...execRequest, call_id: "root-call", agent_id: null, turn_id: null };
    const asked = apply(withAlpha(), rootRequest, execRequest);
    const completed = apply(asked, { type: "task_complete", turn_id: "turn" });
    expect(completed.approvals.map((a) => a.callId)).toEqual(["call_21"]);
    const interrupted = apply(asked, { type: "turn_aborted", turn_id: "turn", reason: "interrupted" });
    expect(interrupted.approvals).toEqual([]);
  });

  it("labels a subagent's command and patch the user was asked about with its name; shows no other", () => {
    const command = ["bash", "-lc", "touch made-by-alpha"];
    const scope = { thread_id: "session-1", turn_id: "child-turn" };
    const child = (event: unknown) => ({
      type: "subagent_event",
      agent_id: 1,
      session_id: "session-1",
      event,
    });
    const commandItem = (status: string, extra: object = {}) => ({
      type: "commandExecution",
      id: "call_21",
      command,
      cwd: "/work",
      status,
      aggregated_output: null,
      exit_code: null,
      duration_ms: null,
      ...extra,
    });
    const patchItem = (status: string) => ({
      type: "fileChange",
      id: "call_22",
      changes: { "/work/a.txt": { type: "add", content: "a\n" } },
      status,
    });
    const asked = apply(withAlpha(), execRequest, patchRequest);
    const state = apply(
      { ...asked, approvals: [] },
      child({ type: "item_started", ...scope, item: commandItem("in_progress") }),
      child({ type: "item_started", ...scope, item: patchItem("in_progress") }),
      // A call nobody was asked about stays in the subagent's own thread.
      child({ type: "item_started", ...scope, item: { ...commandItem("in_progress"), id: "call_99" } }),
    );
    expect(state.execs.map((r) => [r.callId, r.agentLabel])).toEqual([["call_21", 'subagent 1 "alpha"']]);
    expect(state.patches.map((r) => [r.callId, r.agentLabel])).toEqual([["call_22", 'subagent 1 "alpha"']]);
    const done = apply(
      state,
      child({
        type: "item_completed",
        ...scope,
        item: commandItem("completed", { aggregated_output: "", exit_code: 0, duration_ms: 43 }),
      }),
      child({ type: "item_completed", ...scope, item: patchItem("completed") }),
    );
    expect(
      done.history.flatMap((c) => (c.kind === "exec" || c.kind === "patch" ? [c.run.agentLabel] : [])),
    ).toEqual(['subagent 1 "alpha"', 'subagent 1 "alpha"']);
    expect(done.askedChildCalls).toEqual([]);
  });

  it("leaves the root agent's own commands unlabelled", () => {
    const state = apply(withAlpha(), {
      type: "item_started",
      thread_id: "root",
      turn_id: "t",
      item: {
        type: "commandExecution",
        id: "c",
        command: ["ls"],
        cwd: "/work",
        status: "in_progress",
        aggregated_output: null,
        exit_code: null,
        duration_ms: null,
      },
    });
    expect(state.execs[0]).not.toHaveProperty("agentLabel");
  });
});
