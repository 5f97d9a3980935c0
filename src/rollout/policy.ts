// Which events go into a rollout: the ones a resumed thread or a UI needs to rebuild the conversation
// (messages, turn boundaries and outcomes, token usage, plans, rollbacks, errors). Streaming deltas,
// command output and begin/end chatter are live-only (a command's result is in its completed item): persisting them would bloat files for no replay value.

const PERSISTED_EVENT_TYPES: ReadonlySet<string> = new Set([
  "user_message",
  "agent_message",
  "agent_reasoning",
  "agent_reasoning_raw_content",
  "task_started",
  "task_complete",
  "turn_aborted",
  "token_count",
  "plan_update",
  "thread_rolled_back",
  "context_compacted",
  "entered_review_mode",
  "exited_review_mode",
  "error",
  // The subagent tree of a root thread: a resume rebuilds it from these before replaying turns.
  "subagent_lifecycle",
  "agent_inbox",
  // Inbox contents (each message once, then a marker when it is taken): a resume gets back what still waits.
  "agent_inbox_message",
  "agent_inbox_taken",
  // What the subagent tools did (a thread read from disk shows the calls).
  "subagent_tool_call_end",
  // Approval decisions, should the protocol grow events for them: they explain what happened in a turn.
  "exec_approval_decision",
  "patch_approval_decision",
]);

/** Spellings of the same event accepted on input (see core-protocol's aliases). */
const EVENT_TYPE_ALIASES: Readonly<Record<string, string>> = {
  turn_started: "task_started",
  turn_complete: "task_complete",
};

export function canonicalEventType(type: string): string {
  return EVENT_TYPE_ALIASES[type] ?? type;
}

export interface EventLike {
  type: string;
  item?: unknown;
}

export function shouldPersistEventMsg(msg: EventLike): boolean {
  const type = canonicalEventType(msg.type);
  // Completed items are what a replay reads first (as Codex 0.169 writes them); the events above stay
  // for readers that know only those.
  if (type === "item_completed") return true;
  return PERSISTED_EVENT_TYPES.has(type);
}
