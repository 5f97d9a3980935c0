// A subagent tool call (live event, or one read back from a rollout) as a collabAgentToolCall item.
import type { SubagentCallAgent, SubagentStatus, SubagentToolName } from "../../protocol/core-protocol.js";
import type { ThreadItemOf } from "../../protocol/app-server/v2/items.js";

type CollabItem = ThreadItemOf<"collabAgentToolCall">;
type AgentState = CollabItem["agentsStates"][string]["status"];

export interface SubagentCall {
  call_id: string;
  tool: SubagentToolName;
  sender_session_id: string;
  agents: SubagentCallAgent[];
  prompt?: string | null | undefined;
  model?: string | null | undefined;
}

// subagent_logs is a read-only look at one agent: the closest v2 tool kind is listAgents.
const TOOLS: Record<SubagentToolName, CollabItem["tool"]> = {
  spawn: "spawnAgent",
  send: "sendInput",
  await: "wait",
  logs: "listAgents",
  cancel: "closeAgent",
  list: "listAgents",
};

const STATES: Record<SubagentStatus, AgentState> = {
  running: "running",
  waiting: "running",
  idle: "interrupted",
  completed: "completed",
  failed: "errored",
  cancelled: "shutdown",
};

export function collabItem(call: SubagentCall, status: CollabItem["status"]): CollabItem {
  return {
    type: "collabAgentToolCall",
    id: call.call_id,
    tool: TOOLS[call.tool],
    status,
    senderThreadId: call.sender_session_id,
    receiverThreadIds: call.agents.map((a) => a.session_id),
    prompt: call.prompt ?? null,
    model: call.model ?? null,
    // codex-ts's spawn takes no reasoning effort of its own (the child runs with its config's).
    reasoningEffort: null,
    agentsStates: Object.fromEntries(
      call.agents.map((a) => [a.session_id, { status: STATES[a.status], message: a.message ?? null }]),
    ),
  };
}
