// The queue pair of the engine: Submissions (UI -> Codex) carry an Op; Events (Codex -> UI) carry an EventMsg.
// Both enums are non-exhaustive: readers must tolerate variants they do not know.
import { z } from "zod";
import {
  AskForApproval,
  CollaborationModeKind,
  Personality,
  ReasoningEffort,
  ReasoningSummary,
  ReviewDecision,
  SandboxPolicy,
} from "./policies.js";
import { UserInputItem } from "./user-input.js";
import { ResponseItem } from "./items.js";
import { TurnItem } from "./turn-item.js";
import { ReviewOutput, ReviewRequest } from "./review.js";

// ---------------------------------------------------------------- Ops

const TurnContextFields = {
  cwd: z.string().optional(),
  approval_policy: AskForApproval.optional(),
  sandbox_policy: SandboxPolicy.optional(),
  model: z.string().optional(),
  effort: ReasoningEffort.nullish(),
  summary: ReasoningSummary.optional(),
  collaboration_mode: CollaborationModeKind.optional(),
  personality: Personality.optional(),
};

export const Op = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("configure_session"),
    model_provider: z.string().optional(),
    base_instructions: z.string().optional(),
    user_instructions: z.string().optional(),
    /** Continue the thread recorded in this rollout file (first configure only). */
    resume_path: z.string().optional(),
    /** Start a new thread from this rollout, keeping turns 1..up_to_turn (all when absent). */
    fork_from: z.object({ path: z.string(), up_to_turn: z.number().int().min(0).optional() }).optional(),
    ...TurnContextFields,
  }),
  z.object({
    type: z.literal("user_turn"),
    items: z.array(UserInputItem),
    final_output_json_schema: z.unknown().optional(),
    ...TurnContextFields,
  }),
  z.object({ type: z.literal("user_input"), items: z.array(UserInputItem) }),
  /** Adds input to the running task (read before its next model request); an error when none runs. */
  z.object({ type: z.literal("steer"), items: z.array(UserInputItem).min(1) }),
  z.object({ type: z.literal("interrupt") }),
  z.object({
    type: z.literal("exec_approval"),
    id: z.string(),
    decision: ReviewDecision,
    /** With an approval: allow this command prefix for good (an allow rule in the user's rules file). */
    execpolicy_amendment: z.array(z.string()).nullish(),
  }),
  z.object({ type: z.literal("patch_approval"), id: z.string(), decision: ReviewDecision }),
  z.object({
    type: z.literal("user_input_answer"),
    id: z.string(),
    response: z.object({
      answers: z.record(z.string(), z.object({ selected: z.array(z.string()), other: z.string().nullish() })),
    }),
  }),
  z.object({
    type: z.literal("list_skills"),
    cwds: z.array(z.string()).default([]),
    force_reload: z.boolean().default(false),
  }),
  z.object({ type: z.literal("override_turn_context"), ...TurnContextFields }),
  z.object({ type: z.literal("thread_rollback"), num_turns: z.number().int().min(1) }),
  z.object({ type: z.literal("compact") }),
  /** Runs a code review as a turn of its own (review prompt, isolated context); findings at the end. */
  z.object({ type: z.literal("review"), review_request: ReviewRequest }),
  /** The user's own shell command (the TUI's `!cmd`): a turn of its own, recorded for the model to see. */
  z.object({
    type: z.literal("run_user_shell_command"),
    command: z.string().min(1),
    /** Defaults to one hour; 0 times out at once. */
    timeout_ms: z.number().int().min(0).optional(),
  }),
  /** Appends raw Responses items to the model-visible history (the app-server's thread/inject_items). */
  z.object({ type: z.literal("inject_items"), items: z.array(ResponseItem) }),
  z.object({ type: z.literal("shutdown") }),
]);
export type Op = z.infer<typeof Op>;
export type OpOf<T extends Op["type"]> = Extract<Op, { type: T }>;

export const Submission = z.object({ id: z.string(), op: Op });
export type Submission = z.infer<typeof Submission>;

// ---------------------------------------------------------------- Events

export const TokenUsage = z.object({
  input_tokens: z.number(),
  cached_input_tokens: z.number(),
  /** Input tokens written to the prompt cache (absent in older rollouts). */
  cache_write_input_tokens: z.number().optional(),
  output_tokens: z.number(),
  reasoning_output_tokens: z.number(),
  total_tokens: z.number(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

export const PlanStep = z.object({
  step: z.string(),
  status: z.enum(["pending", "in_progress", "completed"]),
});
export type PlanStep = z.infer<typeof PlanStep>;

export const UserInputQuestion = z.object({
  id: z.string(),
  header: z.string(),
  question: z.string(),
  isOther: z.boolean().optional(),
  options: z
    .array(z.object({ value: z.string(), label: z.string(), description: z.string() }))
    .min(2)
    .max(3)
    .optional(),
});
export type UserInputQuestion = z.infer<typeof UserInputQuestion>;

export const UserInputAnswers = z.record(
  z.string(),
  z.object({ selected: z.array(z.string()), other: z.string().nullish() }),
);
export type UserInputAnswers = z.infer<typeof UserInputAnswers>;

export const FileChange = z.discriminatedUnion("type", [
  z.object({ type: z.literal("add"), content: z.string() }),
  z.object({ type: z.literal("delete"), content: z.string() }),
  z.object({ type: z.literal("update"), unified_diff: z.string(), move_path: z.string().nullish() }),
]);
export type FileChange = z.infer<typeof FileChange>;

/** Which MCP server and tool a call went to, and with what arguments. */
export const McpInvocation = z.object({
  server: z.string(),
  tool: z.string(),
  arguments: z.unknown().nullish(),
});
export type McpInvocation = z.infer<typeof McpInvocation>;

/** An MCP `tools/call` result as the server sent it (content blocks, structured content, error flag). */
export const McpCallToolResult = z.looseObject({
  content: z.array(z.unknown()),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});
export type McpCallToolResult = z.infer<typeof McpCallToolResult>;

/** Where an MCP server is in its life: starting, ready, failed (with why), or cancelled at shutdown. */
export const McpStartupStatus = z.discriminatedUnion("state", [
  z.object({ state: z.literal("starting") }),
  z.object({ state: z.literal("ready") }),
  z.object({ state: z.literal("failed"), error: z.string() }),
  z.object({ state: z.literal("cancelled") }),
]);
export type McpStartupStatus = z.infer<typeof McpStartupStatus>;

export { TurnItem, type PlanTurnItem, type TurnItemOf } from "./turn-item.js";

/** A skill found on disk: its front matter, where it lives, and whose it is. */
export const SkillMetadata = z.object({
  name: z.string(),
  description: z.string(),
  /** The SKILL.md file. */
  path: z.string(),
  scope: z.enum(["user", "repo"]),
});
export type SkillMetadata = z.infer<typeof SkillMetadata>;

/** A SKILL.md that could not be used, and why. */
export const SkillErrorInfo = z.object({ path: z.string(), message: z.string() });
export type SkillErrorInfo = z.infer<typeof SkillErrorInfo>;

export const SkillsListEntry = z.object({
  cwd: z.string(),
  skills: z.array(SkillMetadata),
  errors: z.array(SkillErrorInfo),
});
export type SkillsListEntry = z.infer<typeof SkillsListEntry>;

/** Where a subagent is in its life (see docs/subagents.md). */
export const SubagentStatus = z.enum([
  /** A turn is in progress. */
  "running",
  /** A turn is blocked on an approval from the user. */
  "waiting",
  /** No turn runs and there is no result: interrupted, or known from a rollout but not loaded (resumable). */
  "idle",
  /** Its last turn finished; its final message is the result. */
  "completed",
  /** Its last turn ended with an error. */
  "failed",
  /** Cancelled: closed and detached from the tree. */
  "cancelled",
]);
export type SubagentStatus = z.infer<typeof SubagentStatus>;

/** One child session as a UI sees it. Agent 0 is the root thread; ids grow monotonically. */
export const SubagentSummary = z.object({
  agent_id: z.number().int().min(1),
  parent_agent_id: z.number().int().min(0),
  session_id: z.string(),
  name: z.string().nullish(),
  status: SubagentStatus,
  /** The first bold line (or first line) of its latest reasoning summary. */
  reasoning_header: z.string().nullish(),
  pending_messages: z.number().int().min(0),
  pending_interrupts: z.number().int().min(0),
  /** How it was attached: a new thread, or a fork of its parent's conversation. */
  origin: z.enum(["spawn", "fork"]).optional(),
  model: z.string().nullish(),
  /** Its own rollout (a resume of the root reopens stopped children from it). */
  rollout_path: z.string().nullish(),
});
export type SubagentSummary = z.infer<typeof SubagentSummary>;

/** The subagent tools, as the events about their calls name them. */
export const SubagentToolName = z.enum(["spawn", "send", "await", "logs", "cancel", "list"]);
export type SubagentToolName = z.infer<typeof SubagentToolName>;

/** An agent a subagent tool call is about, with its status at that moment (and its result, if any). */
export const SubagentCallAgent = z.object({
  agent_id: z.number().int().min(0),
  session_id: z.string(),
  status: SubagentStatus,
  /** Its final message (await), or why it failed. */
  message: z.string().nullish(),
});
export type SubagentCallAgent = z.infer<typeof SubagentCallAgent>;

const subagentCall = {
  call_id: z.string(),
  tool: SubagentToolName,
  /** The agent making the call (0: the root thread) and its thread. */
  sender_agent_id: z.number().int().min(0),
  sender_session_id: z.string(),
  /** The agents the call is about: known targets at the start, their states after at the end. */
  agents: z.array(SubagentCallAgent),
  /** The task of a spawn, the message of a send. */
  prompt: z.string().nullish(),
  model: z.string().nullish(),
};

const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape });

/**
 * A message entered an agent's inbox (0 = the root's). Persisted in the root's rollout with its text, so a
 * resume gets back what was still waiting; `seq` numbers every message of the tree once, in arrival order.
 */
export const AgentInboxMessage = ev("agent_inbox_message", {
  /** The agent whose inbox it is. */
  agent_id: z.number().int().min(0),
  seq: z.number().int().min(1),
  /** The agent that sent it. */
  from: z.number().int().min(0),
  message: z.string(),
  interrupt: z.boolean(),
});
export type AgentInboxMessage = z.infer<typeof AgentInboxMessage>;

/**
 * Messages left an agent's inbox (persisted): handed to a subagent as its next turn (`via: "turn"`), or
 * returned by the agent's `subagent_await` (`via: "await"`). Written just before the hand-over, so a resume
 * checks that the receiving side recorded them: the root's rollout after this line, or, for a subagent, its
 * own rollout past `rollout_offset` (its size in bytes at that moment).
 */
export const AgentInboxTaken = ev("agent_inbox_taken", {
  agent_id: z.number().int().min(0),
  seqs: z.array(z.number().int().min(1)),
  via: z.enum(["turn", "await"]),
  rollout_offset: z.number().int().min(0).nullish(),
});
export type AgentInboxTaken = z.infer<typeof AgentInboxTaken>;

/** A subagent tool call ended; persisted, so a thread read from disk shows it. */
export const SubagentToolCallEnd = ev("subagent_tool_call_end", {
  ...subagentCall,
  success: z.boolean(),
  error: z.string().nullish(),
});
export type SubagentToolCallEnd = z.infer<typeof SubagentToolCallEnd>;

// Turn and item events: a subagent's are forwarded live inside `subagent_event`.
const TaskStartedEvent = ev("task_started", {
  turn_id: z.string(),
  model_context_window: z.number().nullish(),
  collaboration_mode_kind: CollaborationModeKind,
});
const TaskCompleteEvent = ev("task_complete", {
  turn_id: z.string(),
  last_agent_message: z.string().nullish(),
  response_id: z.string().nullish(),
});
const AgentMessageContentDeltaEvent = ev("agent_message_content_delta", {
  thread_id: z.string(),
  turn_id: z.string(),
  item_id: z.string(),
  delta: z.string(),
});
const PlanDeltaEvent = ev("plan_delta", {
  thread_id: z.string(),
  turn_id: z.string(),
  item_id: z.string(),
  delta: z.string(),
});
const ItemStartedEvent = ev("item_started", {
  thread_id: z.string(),
  turn_id: z.string(),
  item: TurnItem,
  started_at_ms: z.number().optional(),
});
const ItemCompletedEvent = ev("item_completed", {
  thread_id: z.string(),
  turn_id: z.string(),
  item: TurnItem,
  started_at_ms: z.number().optional(),
  completed_at_ms: z.number().optional(),
});
const AgentReasoningDeltaEvent = ev("agent_reasoning_delta", {
  delta: z.string(),
  item_id: z.string().optional(),
  summary_index: z.number().int().optional(),
});
const AgentReasoningSectionBreakEvent = ev("agent_reasoning_section_break", {
  item_id: z.string().optional(),
  summary_index: z.number().int().optional(),
});
const ExecCommandOutputDeltaEvent = ev("exec_command_output_delta", {
  call_id: z.string(),
  stream: z.enum(["stdout", "stderr"]),
  /** Base64 of the raw bytes, as the real Codex sends them. */
  chunk: z.string(),
});
const ErrorEvent = ev("error", { message: z.string(), codex_error_info: z.unknown().nullish() });
const TurnAbortedEvent = ev("turn_aborted", {
  turn_id: z.string().nullish(),
  reason: z.enum(["interrupted", "replaced", "review_ended"]),
});

/** The events of a subagent's turn the root forwards (live) to its clients. */
export const SubagentTurnEvent = z.discriminatedUnion("type", [
  TaskStartedEvent,
  TaskCompleteEvent,
  AgentMessageContentDeltaEvent,
  PlanDeltaEvent,
  ItemStartedEvent,
  ItemCompletedEvent,
  AgentReasoningDeltaEvent,
  AgentReasoningSectionBreakEvent,
  ExecCommandOutputDeltaEvent,
  ErrorEvent,
  TurnAbortedEvent,
]);
export type SubagentTurnEvent = z.infer<typeof SubagentTurnEvent>;

export const KnownEventMsg = z.discriminatedUnion("type", [
  ev("session_configured", {
    session_id: z.string(),
    model: z.string(),
    model_provider_id: z.string(),
    reasoning_effort: ReasoningEffort.nullish(),
    cwd: z.string(),
    approval_policy: AskForApproval,
    sandbox_policy: SandboxPolicy,
    history_log_id: z.number(),
    history_entry_count: z.number(),
    rollout_path: z.string().nullish(),
    forked_from_id: z.string().nullish(),
    /** A resumed or forked thread's history as events (messages, plans), for a client to show. */
    initial_messages: z.array(z.looseObject({ type: z.string() })).nullish(),
  }),
  TaskStartedEvent,
  TaskCompleteEvent,
  ev("user_message", { message: z.string(), images: z.array(z.string()).nullish() }),
  ev("agent_message", { message: z.string() }),
  AgentMessageContentDeltaEvent,
  /** Plan mode: text of the `<proposed_plan>` block as it streams (the completed item is authoritative). */
  PlanDeltaEvent,
  /** An item began; the engine stamps `started_at_ms` (core/items/item-tracker.ts). */
  ItemStartedEvent,
  /** An item is final (persisted in rollouts, as Codex 0.169 does). */
  ItemCompletedEvent,
  ev("agent_reasoning", { text: z.string() }),
  /** `item_id` / `summary_index`: the reasoning item and summary part the text belongs to. */
  AgentReasoningDeltaEvent,
  AgentReasoningSectionBreakEvent,
  ev("exec_approval_request", {
    call_id: z.string(),
    /** The subagent asking (absent for the root thread); answer with the same call id. */
    agent_id: z.number().int().nullish(),
    /** The asking subagent's turn (absent for the root thread: its current turn). */
    turn_id: z.string().nullish(),
    command: z.array(z.string()),
    cwd: z.string(),
    reason: z.string().nullish(),
    /** The command prefix the user may allow for good (see the exec_approval op). */
    proposed_execpolicy_amendment: z.array(z.string()).nullish(),
  }),
  ev("apply_patch_approval_request", {
    call_id: z.string(),
    /** The subagent asking (absent for the root thread); answer with the same call id. */
    agent_id: z.number().int().nullish(),
    /** The asking subagent's turn (absent for the root thread: its current turn). */
    turn_id: z.string().nullish(),
    changes: z.record(z.string(), FileChange),
    reason: z.string().nullish(),
    grant_root: z.string().nullish(),
  }),
  ev("exec_command_begin", {
    call_id: z.string(),
    command: z.array(z.string()),
    cwd: z.string(),
    /** Set when a subagent runs a command the root's client approved (its outcome is shown there too). */
    agent_id: z.number().int().nullish(),
    /** exec_command's session id: the process may outlive the call (a background terminal). */
    process_id: z.string().nullish(),
    /** Who ran it: the model's tool (absent) or the user's own shell command. */
    source: z.enum(["agent", "user_shell"]).nullish(),
  }),
  ExecCommandOutputDeltaEvent,
  ev("exec_command_end", {
    call_id: z.string(),
    command: z.array(z.string()),
    cwd: z.string(),
    stdout: z.string(),
    stderr: z.string(),
    aggregated_output: z.string(),
    exit_code: z.number(),
    duration_ms: z.number(),
    formatted_output: z.string(),
    agent_id: z.number().int().nullish(),
  }),
  ev("patch_apply_begin", {
    call_id: z.string(),
    /** Set when a subagent applies a patch the root's client approved. */
    agent_id: z.number().int().nullish(),
    auto_approved: z.boolean(),
    changes: z.record(z.string(), FileChange),
  }),
  ev("patch_apply_end", {
    call_id: z.string(),
    agent_id: z.number().int().nullish(),
    stdout: z.string(),
    stderr: z.string(),
    success: z.boolean(),
  }),
  ev("request_user_input", {
    call_id: z.string(),
    turn_id: z.string(),
    questions: z.array(UserInputQuestion),
  }),
  ev("view_image_tool_call", { call_id: z.string(), path: z.string() }),
  /**
   * A tool call failed where no event of the tool's own says so (unknown tool, arguments that do not
   * parse, a patch that does not verify, a handler that threw): every surface shows it as a failed item.
   */
  ev("tool_call_failed", { call_id: z.string(), tool: z.string(), error: z.string() }),
  /** A review turn started; its model output is not shown until the review ends. */
  ev("entered_review_mode", { review_request: ReviewRequest }),
  /** A review ended: its findings (null when it was interrupted or the output could not be read). */
  ev("exited_review_mode", { review_output: ReviewOutput.nullable() }),
  /** The model used the hosted web_search tool (a `web_search_call` output item). */
  ev("web_search_begin", { call_id: z.string() }),
  ev("web_search_end", { call_id: z.string(), query: z.string(), action: z.unknown().nullish() }),
  ev("plan_update", { explanation: z.string().nullish(), plan: z.array(PlanStep) }),
  ev("token_count", {
    info: z
      .object({
        total_token_usage: TokenUsage,
        last_token_usage: TokenUsage,
        model_context_window: z.number().nullish(),
      })
      .nullable(),
    rate_limits: z.unknown().nullish(),
  }),
  ErrorEvent,
  ev("warning", { message: z.string() }),
  ev("stream_error", { message: z.string() }),
  ev("background_event", { message: z.string() }),
  TurnAbortedEvent,
  ev("raw_response_item", { item: ResponseItem }),
  ev("thread_rolled_back", { num_turns: z.number() }),
  ev("context_compacted", { reason: z.enum(["auto", "manual", "context_length_exceeded"]) }),
  /** The answer to `list_skills`: one entry per requested cwd. */
  ev("list_skills_response", { skills: z.array(SkillsListEntry) }),
  ev("shutdown_complete", {}),
  /** A subagent was created, changed status or reasoning header, or was removed (status `cancelled`). */
  ev("subagent_lifecycle", { summary: SubagentSummary }),
  /** The number of messages waiting for an agent (0 = the root) changed. */
  ev("agent_inbox", {
    agent_id: z.number().int().min(0),
    session_id: z.string(),
    pending_messages: z.number().int().min(0),
    pending_interrupts: z.number().int().min(0),
  }),
  AgentInboxMessage,
  AgentInboxTaken,
  /** A subagent tool call started (live only). */
  ev("subagent_tool_call_begin", subagentCall),
  SubagentToolCallEnd,
  ev("mcp_tool_call_begin", { call_id: z.string(), invocation: McpInvocation }),
  ev("mcp_tool_call_end", {
    call_id: z.string(),
    invocation: McpInvocation,
    duration_ms: z.number(),
    /** As the real Codex serialises a Rust Result: the server's result, or why there is none. */
    result: z.union([z.object({ Ok: McpCallToolResult }), z.object({ Err: z.string() })]),
  }),
  /**
   * A subagent's turn or item event (task_started, item_*, deltas, task_complete, ...), live only: its own
   * rollout keeps it. `session_id` is the subagent's thread.
   */
  ev("subagent_event", {
    agent_id: z.number().int().min(1),
    session_id: z.string(),
    event: SubagentTurnEvent,
  }),
  /** Sent whenever an MCP server's status changes (at startup, and when it fails later). */
  ev("mcp_startup_update", { server: z.string(), status: McpStartupStatus }),
  /** Once every configured server has started or failed. */
  ev("mcp_startup_complete", {
    ready: z.array(z.string()),
    failed: z.array(z.object({ server: z.string(), error: z.string() })),
    cancelled: z.array(z.string()),
  }),
]);
export type KnownEventMsg = z.infer<typeof KnownEventMsg>;
export type EventMsgOf<T extends KnownEventMsg["type"]> = Extract<KnownEventMsg, { type: T }>;

/** An event this version does not know: readers keep it and move on. */
export const UnknownEventMsg = z.looseObject({ type: z.string() });
export type UnknownEventMsg = z.infer<typeof UnknownEventMsg>;

/** The seed's v1 wire names `task_*`; the `turn_*` spellings are accepted on input. */
const EVENT_TYPE_ALIASES: Record<string, string> = {
  turn_started: "task_started",
  turn_complete: "task_complete",
};

function normalizeEventType(value: unknown): unknown {
  if (value && typeof value === "object" && "type" in value) {
    const type = value.type;
    if (typeof type === "string" && type in EVENT_TYPE_ALIASES) {
      return { ...value, type: EVENT_TYPE_ALIASES[type] };
    }
  }
  return value;
}

export const EventMsg = z.preprocess(normalizeEventType, z.union([KnownEventMsg, UnknownEventMsg]));
export type EventMsg = KnownEventMsg;

export const Event = z.object({ id: z.string(), msg: EventMsg });
/** What the engine emits (always a known variant). */
export type Event = { id: string; msg: KnownEventMsg };
/** What a reader may get back (possibly a variant from a newer version). */
export type ReadEvent = { id: string; msg: KnownEventMsg | UnknownEventMsg };

export function isKnownEvent(msg: KnownEventMsg | UnknownEventMsg): msg is KnownEventMsg {
  return KnownEventMsg.safeParse(msg).success;
}
