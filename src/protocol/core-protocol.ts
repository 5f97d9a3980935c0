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
  z.object({ type: z.literal("interrupt") }),
  z.object({ type: z.literal("exec_approval"), id: z.string(), decision: ReviewDecision }),
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

const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape });

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
  }),
  ev("task_started", {
    turn_id: z.string(),
    model_context_window: z.number().nullish(),
    collaboration_mode_kind: CollaborationModeKind,
  }),
  ev("task_complete", {
    turn_id: z.string(),
    last_agent_message: z.string().nullish(),
    response_id: z.string().nullish(),
  }),
  ev("user_message", { message: z.string(), images: z.array(z.string()).nullish() }),
  ev("agent_message", { message: z.string() }),
  ev("agent_message_content_delta", {
    thread_id: z.string(),
    turn_id: z.string(),
    item_id: z.string(),
    delta: z.string(),
  }),
  ev("agent_reasoning", { text: z.string() }),
  ev("agent_reasoning_delta", { delta: z.string() }),
  ev("agent_reasoning_section_break", {}),
  ev("exec_approval_request", {
    call_id: z.string(),
    command: z.array(z.string()),
    cwd: z.string(),
    reason: z.string().nullish(),
  }),
  ev("apply_patch_approval_request", {
    call_id: z.string(),
    changes: z.record(z.string(), FileChange),
    reason: z.string().nullish(),
    grant_root: z.string().nullish(),
  }),
  ev("exec_command_begin", { call_id: z.string(), command: z.array(z.string()), cwd: z.string() }),
  ev("exec_command_output_delta", {
    call_id: z.string(),
    stream: z.enum(["stdout", "stderr"]),
    /** Base64 of the raw bytes, as the real Codex sends them. */
    chunk: z.string(),
  }),
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
  }),
  ev("patch_apply_begin", {
    call_id: z.string(),
    auto_approved: z.boolean(),
    changes: z.record(z.string(), FileChange),
  }),
  ev("patch_apply_end", {
    call_id: z.string(),
    stdout: z.string(),
    stderr: z.string(),
    success: z.boolean(),
  }),
  ev("request_user_input", {
    call_id: z.string(),
    turn_id: z.string(),
    questions: z.array(UserInputQuestion),
  }),
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
  ev("error", { message: z.string(), codex_error_info: z.unknown().nullish() }),
  ev("warning", { message: z.string() }),
  ev("stream_error", { message: z.string() }),
  ev("background_event", { message: z.string() }),
  ev("turn_aborted", {
    turn_id: z.string().nullish(),
    reason: z.enum(["interrupted", "replaced", "review_ended"]),
  }),
  ev("raw_response_item", { item: ResponseItem }),
  ev("thread_rolled_back", { num_turns: z.number() }),
  ev("shutdown_complete", {}),
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
