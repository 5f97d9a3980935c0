// Subagent events as TUI state (pure): the latest summary of every subagent (so a cell or an approval can
// name it), the root agent's subagent tool calls (live while they run, one history cell when they end), and
// the labels that say which subagent asks for an approval or ran a forwarded command.
import type { EventMsgOf, SubagentCallAgent, SubagentSummary } from "../../../protocol/core-protocol.js";
import type { SubagentCallAgentView, SubagentCallRun } from "./cells.js";
import { commit } from "./commit.js";
import type { TuiState } from "./tui-state.js";

export type SubagentEventMsg = EventMsgOf<
  "subagent_lifecycle" | "agent_inbox" | "subagent_tool_call_begin" | "subagent_tool_call_end"
>;

/** `subagent 2 "alpha"`, or `subagent 2` when it has no name (or none is known yet). */
export function agentLabel(subagents: readonly SubagentSummary[], agentId: number): string {
  if (agentId === 0) return "the main agent";
  const name = subagents.find((s) => s.agent_id === agentId)?.name?.trim();
  return name ? `subagent ${agentId} "${name}"` : `subagent ${agentId}`;
}

/** The label to put on an event that carries `agent_id` (none for the root agent's own events). */
export function labelFor(
  subagents: readonly SubagentSummary[],
  agentId: number | null | undefined,
): { agentLabel?: string } {
  return agentId === null || agentId === undefined || agentId === 0
    ? {}
    : { agentLabel: agentLabel(subagents, agentId) };
}

/** Subagents with a turn in progress (running, or blocked on an approval). */
export function activeSubagentCount(subagents: readonly SubagentSummary[]): number {
  return subagents.filter((s) => s.status === "running" || s.status === "waiting").length;
}

function withSummary(list: readonly SubagentSummary[], summary: SubagentSummary): SubagentSummary[] {
  const known = list.some((s) => s.agent_id === summary.agent_id);
  const next = known ? list.map((s) => (s.agent_id === summary.agent_id ? summary : s)) : [...list, summary];
  return next.sort((a, b) => a.agent_id - b.agent_id);
}

export function agentViews(
  subagents: readonly SubagentSummary[],
  agents: readonly Pick<SubagentCallAgent, "agent_id" | "status" | "message">[],
): SubagentCallAgentView[] {
  return agents.map((a) => ({
    agentId: a.agent_id,
    label: agentLabel(subagents, a.agent_id),
    status: a.status,
    ...(a.message ? { message: a.message } : {}),
  }));
}

/** One subagent call as the TUI shows it (live, or as a history cell once it ended). */
export function callRun(
  subagents: readonly SubagentSummary[],
  msg: EventMsgOf<"subagent_tool_call_begin" | "subagent_tool_call_end">,
  startedAt: number,
): SubagentCallRun {
  const ended = msg.type === "subagent_tool_call_end";
  return {
    callId: msg.call_id,
    tool: msg.tool,
    status: !ended ? "running" : msg.success ? "succeeded" : "failed",
    startedAt,
    agents: agentViews(subagents, msg.agents),
    ...(msg.prompt ? { prompt: msg.prompt } : {}),
    ...(msg.model ? { model: msg.model } : {}),
    ...(ended && !msg.success && msg.error ? { error: msg.error } : {}),
  };
}

export function reduceSubagentEvent(state: TuiState, msg: SubagentEventMsg, now: number): TuiState {
  switch (msg.type) {
    case "subagent_lifecycle":
      return { ...state, subagents: withSummary(state.subagents, msg.summary) };
    case "agent_inbox":
      // The counts are in the next lifecycle summary too; nothing to draw.
      return state;
    case "subagent_tool_call_begin": {
      const others = state.subagentCalls.filter((c) => c.callId !== msg.call_id);
      return { ...state, subagentCalls: [...others, callRun(state.subagents, msg, now)] };
    }
    case "subagent_tool_call_end": {
      const live = state.subagentCalls.find((c) => c.callId === msg.call_id);
      const rest = { ...state, subagentCalls: state.subagentCalls.filter((c) => c.callId !== msg.call_id) };
      return commit(rest, {
        kind: "subagent_call",
        call: callRun(state.subagents, msg, live?.startedAt ?? now),
      });
    }
  }
}
