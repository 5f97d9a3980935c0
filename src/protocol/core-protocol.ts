// The queue pair of the engine: Submissions (UI -> Codex) carry an Op (ops.ts); Events (Codex -> UI) carry
// an EventMsg, defined here from the pieces in event-parts.ts. Both enums are non-exhaustive: readers must
// tolerate variants they do not know.
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";
import { AskForApproval, CollaborationModeKind, ReasoningEffort, SandboxPolicy } from "./policies.js";
import { ResponseItem } from "./items.js";
import { TurnItem } from "./turn-item.js";
import { ReviewOutput, ReviewRequest } from "./review.js";
import { HookRunSummary } from "./hooks.js";
import { AutoReviewEvent } from "./auto-review-event.js";
import {
  TokenUsage,
  PlanStep,
  UserInputQuestion,
  FileChange,
  McpInvocation,
  McpCallToolResult,
  McpStartupStatus,
  SkillsListEntry,
  SubagentSummary,
  subagentCall,
  ev,
  AgentInboxMessage,
  AgentInboxTaken,
  SubagentToolCallEnd,
} from "./event-parts.js";

export * from "./ops.js";
export * from "./event-parts.js";
export { TurnItem, type PlanTurnItem, type TurnItemOf } from "./turn-item.js";

// Turn and item events: a subagent's are forwarded live inside `subagent_event`.
const TaskStartedEvent = lazySchema(() =>
  ev("task_started", {
    turn_id: z.string(),
    model_context_window: z.number().nullish(),
    collaboration_mode_kind: CollaborationModeKind,
  }),
);
const TaskCompleteEvent = lazySchema(() =>
  ev("task_complete", {
    turn_id: z.string(),
    last_agent_message: z.string().nullish(),
    response_id: z.string().nullish(),
  }),
);
const AgentMessageContentDeltaEvent = lazySchema(() =>
  ev("agent_message_content_delta", {
    thread_id: z.string(),
    turn_id: z.string(),
    item_id: z.string(),
    delta: z.string(),
  }),
);
const PlanDeltaEvent = lazySchema(() =>
  ev("plan_delta", {
    thread_id: z.string(),
    turn_id: z.string(),
    item_id: z.string(),
    delta: z.string(),
  }),
);
const ItemStartedEvent = lazySchema(() =>
  ev("item_started", {
    thread_id: z.string(),
    turn_id: z.string(),
    item: TurnItem,
    started_at_ms: z.number().optional(),
  }),
);
const ItemCompletedEvent = lazySchema(() =>
  ev("item_completed", {
    thread_id: z.string(),
    turn_id: z.string(),
    item: TurnItem,
    started_at_ms: z.number().optional(),
    completed_at_ms: z.number().optional(),
  }),
);
const AgentReasoningDeltaEvent = lazySchema(() =>
  ev("agent_reasoning_delta", {
    delta: z.string(),
    item_id: z.string().optional(),
    summary_index: z.number().int().optional(),
  }),
);
const AgentReasoningSectionBreakEvent = lazySchema(() =>
  ev("agent_reasoning_section_break", {
    item_id: z.string().optional(),
    summary_index: z.number().int().optional(),
  }),
);
/** `show_raw_agent_reasoning = true`: the model's raw reasoning as it streams, and each part once complete. */
const AgentReasoningRawContentDeltaEvent = lazySchema(() =>
  ev("agent_reasoning_raw_content_delta", {
    delta: z.string(),
    item_id: z.string().optional(),
    content_index: z.number().int().optional(),
  }),
);
const ExecCommandOutputDeltaEvent = lazySchema(() =>
  ev("exec_command_output_delta", {
    call_id: z.string(),
    stream: z.enum(["stdout", "stderr"]),
    /** Base64 of the raw bytes, as the real Codex sends them. */
    chunk: z.string(),
  }),
);
const ErrorEvent = lazySchema(() =>
  ev("error", { message: z.string(), codex_error_info: z.unknown().nullish() }),
);
const TurnAbortedEvent = lazySchema(() =>
  ev("turn_aborted", {
    turn_id: z.string().nullish(),
    reason: z.enum(["interrupted", "replaced", "review_ended"]),
  }),
);

/** The events of a subagent's turn the root forwards (live) to its clients. */
export const SubagentTurnEvent = lazySchema(() =>
  z.discriminatedUnion("type", [
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
    // A child's approval reviews show on its own thread, as its approval requests do.
    AutoReviewEvent,
  ]),
);
export type SubagentTurnEvent = z.infer<typeof SubagentTurnEvent>;

export const KnownEventMsg = lazySchema(() =>
  z.discriminatedUnion("type", [
    ev("session_configured", {
      session_id: z.string(),
      model: z.string(),
      model_provider_id: z.string(),
      reasoning_effort: ReasoningEffort.nullish(),
      service_tier: z.string().nullish(),
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
    /**
     * `text_elements`: the UI spans of the text items, their byte ranges moved into `message`; `client_id`:
     * the id the client gave its message (app-server `clientUserMessageId`).
     */
    ev("user_message", {
      message: z.string(),
      images: z.array(z.string()).nullish(),
      text_elements: z.array(z.unknown()).nullish(),
      client_id: z.string().nullish(),
    }),
    /** `refusal`: the message is the model's refusal (its text is what the model said instead). */
    ev("agent_message", { message: z.string(), refusal: z.boolean().optional() }),
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
    AgentReasoningRawContentDeltaEvent,
    ev("agent_reasoning_raw_content", { text: z.string() }),
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
    /**
     * `auto_review_id`: the warning tells an auto-review's decision (the `auto_review` event before it says
     * the same; the app-server sends that one, other surfaces show this text). `mcp_server`: it tells that
     * MCP server failed (its `mcp_startup_update` says so too; the app-server sends only that).
     */
    ev("warning", {
      message: z.string(),
      auto_review_id: z.string().optional(),
      mcp_server: z.string().optional(),
    }),
    AutoReviewEvent,
    ev("stream_error", { message: z.string() }),
    ev("background_event", { message: z.string() }),
    TurnAbortedEvent,
    ev("raw_response_item", { item: ResponseItem }),
    ev("thread_rolled_back", { num_turns: z.number() }),
    /** A compaction began (its summary request is about to be made); `context_compacted` ends it. */
    ev("context_compaction_started", {}),
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
    /** A lifecycle hook began (hooks.json / [hooks]); `turn_id` is null for thread-scoped events. */
    ev("hook_started", { turn_id: z.string().nullish(), run: HookRunSummary }),
    /** A lifecycle hook ended: its status and what it said (context, block reason, warnings). */
    ev("hook_completed", { turn_id: z.string().nullish(), run: HookRunSummary }),
    /** A Stop hook kept the turn going: its reason is the model's next prompt (a `hookPrompt` item). */
    ev("hook_prompt", { fragments: z.array(z.object({ hook_run_id: z.string(), text: z.string() })) }),
    /** Sent whenever an MCP server's status changes (at startup, and when it fails later). */
    ev("mcp_startup_update", { server: z.string(), status: McpStartupStatus }),
    /** Once every configured server has started or failed. */
    ev("mcp_startup_complete", {
      ready: z.array(z.string()),
      failed: z.array(z.object({ server: z.string(), error: z.string() })),
      cancelled: z.array(z.string()),
    }),
  ]),
);
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

export const EventMsg = lazySchema(() =>
  z.preprocess(normalizeEventType, z.union([KnownEventMsg, UnknownEventMsg])),
);
export type EventMsg = KnownEventMsg;

export const Event = lazySchema(() => z.object({ id: z.string(), msg: EventMsg }));
/** What the engine emits (always a known variant). */
export type Event = { id: string; msg: KnownEventMsg };
/** What a reader may get back (possibly a variant from a newer version). */
export type ReadEvent = { id: string; msg: KnownEventMsg | UnknownEventMsg };

export function isKnownEvent(msg: KnownEventMsg | UnknownEventMsg): msg is KnownEventMsg {
  return KnownEventMsg.safeParse(msg).success;
}
