// The items a turn is made of, as the engine announces them (`item_started` / `item_completed`) and
// persists them (`item_completed` lines). Every surface projects these; none rebuilds them from the legacy
// events. Kinds follow the app-server's ThreadItem; fields are the engine's (snake_case).
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";
import { ReviewOutput } from "./review.js";
import { UserInputItem } from "./user-input.js";

/** Where a tool call is: running, done, done with a failure, or refused by the user. */
export const ItemStatus = z.enum(["in_progress", "completed", "failed", "declined"]);
export type ItemStatus = z.infer<typeof ItemStatus>;

export const ItemFileChange = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("add"), content: z.string() }),
    z.object({ type: z.literal("delete"), content: z.string() }),
    z.object({ type: z.literal("update"), unified_diff: z.string(), move_path: z.string().nullish() }),
  ]),
);

export const UserMessageItem = lazySchema(() =>
  z.object({
    type: z.literal("userMessage"),
    id: z.string(),
    content: z.array(UserInputItem),
    /** The client's id for the message (app-server `clientUserMessageId`). */
    client_id: z.string().optional(),
  }),
);

export const AgentMessageItem = lazySchema(() =>
  z.object({
    type: z.literal("agentMessage"),
    id: z.string(),
    text: z.string(),
    /** The model refused (a `refusal` content part): `text` is its refusal. */
    refusal: z.boolean().optional(),
  }),
);

/** Reasoning: the summary parts the model showed, and its raw content when the provider sends it. */
export const ReasoningItem = lazySchema(() =>
  z.object({
    type: z.literal("reasoning"),
    id: z.string(),
    summary: z.array(z.string()),
    content: z.array(z.string()),
  }),
);

/** A proposed plan: the `<proposed_plan>` block of a plan-mode turn. */
export const PlanItem = lazySchema(() =>
  z.object({ type: z.literal("plan"), id: z.string(), text: z.string() }),
);

export const CommandExecutionItem = lazySchema(() =>
  z.object({
    type: z.literal("commandExecution"),
    /** The tool call id. */
    id: z.string(),
    command: z.array(z.string()),
    cwd: z.string(),
    status: ItemStatus,
    aggregated_output: z.string().nullable(),
    exit_code: z.number().int().nullable(),
    duration_ms: z.number().nullable(),
    /** A background terminal's session id (exec_command), when the process outlived the call. */
    process_id: z.string().nullish(),
    /** The user's own shell command (thread/shellCommand, the TUI's `!cmd`) rather than the model's. */
    source: z.enum(["agent", "user_shell"]).nullish(),
  }),
);

export const FileChangeItem = lazySchema(() =>
  z.object({
    type: z.literal("fileChange"),
    id: z.string(),
    changes: z.record(z.string(), ItemFileChange),
    status: ItemStatus,
    /** Why it failed, as the patch tool said. */
    error: z.string().nullish(),
  }),
);

export const McpToolCallItem = lazySchema(() =>
  z.object({
    type: z.literal("mcpToolCall"),
    id: z.string(),
    server: z.string(),
    tool: z.string(),
    arguments: z.unknown(),
    status: ItemStatus,
    result: z.object({ content: z.array(z.unknown()), structured_content: z.unknown().nullish() }).nullish(),
    error: z.string().nullish(),
    duration_ms: z.number().nullish(),
    plugin_id: z.string().nullish(),
    read_only_hint: z.boolean().nullish(),
  }),
);

/** A call to a tool the client provides (dynamic tools). */
export const DynamicToolCallItem = lazySchema(() =>
  z.object({
    type: z.literal("dynamicToolCall"),
    id: z.string(),
    tool: z.string(),
    arguments: z.unknown(),
    status: ItemStatus,
    content_items: z.array(z.unknown()).nullish(),
    success: z.boolean().nullish(),
    duration_ms: z.number().nullish(),
  }),
);

/** The text of a tool call's content (a failed call's error), parts joined by newlines. */
export function contentText(items: readonly unknown[] | null | undefined): string {
  return (items ?? [])
    .flatMap((part) => {
      const text = (part as { text?: unknown } | null)?.text;
      return typeof text === "string" ? [text] : [];
    })
    .join("\n");
}

export const CollabAgentState = lazySchema(() =>
  z.object({
    agent_id: z.number().int().min(0),
    session_id: z.string(),
    /** As core-protocol's SubagentStatus (not imported: that module builds on this one). */
    status: z.enum(["running", "waiting", "idle", "completed", "failed", "cancelled"]),
    message: z.string().nullish(),
  }),
);

/** A subagent tool call (spawn, send, await, ...), made by the agent `sender_agent_id`. */
export const CollabAgentToolCallItem = lazySchema(() =>
  z.object({
    type: z.literal("collabAgentToolCall"),
    id: z.string(),
    tool: z.enum(["spawn", "send", "await", "logs", "cancel", "list"]),
    sender_agent_id: z.number().int().min(0),
    sender_session_id: z.string(),
    agents: z.array(CollabAgentState),
    prompt: z.string().nullish(),
    model: z.string().nullish(),
    status: ItemStatus,
    error: z.string().nullish(),
  }),
);

type CollabAgentItem = z.infer<typeof CollabAgentToolCallItem>;

/**
 * A subagent call's item from the fields its begin and end events carry (`call_id` is its id): the one
 * definition for the live engine and for a rollout read back.
 */
export function collabAgentItem(
  call: Pick<
    CollabAgentItem,
    "tool" | "sender_agent_id" | "sender_session_id" | "agents" | "prompt" | "model"
  > & {
    call_id: string;
  },
  status: CollabAgentItem["status"],
): CollabAgentItem {
  return {
    type: "collabAgentToolCall",
    id: call.call_id,
    tool: call.tool,
    sender_agent_id: call.sender_agent_id,
    sender_session_id: call.sender_session_id,
    agents: call.agents,
    prompt: call.prompt ?? null,
    model: call.model ?? null,
    status,
  };
}

export const WebSearchItem = lazySchema(() =>
  z.object({
    type: z.literal("webSearch"),
    id: z.string(),
    query: z.string(),
    /** What the search did (search, open_page, find_in_page), as the Responses API reports it. */
    action: z.looseObject({ type: z.string() }).nullish(),
  }),
);

export const ImageViewItem = lazySchema(() =>
  z.object({ type: z.literal("imageView"), id: z.string(), path: z.string() }),
);

export const ContextCompactionItem = lazySchema(() =>
  z.object({ type: z.literal("contextCompaction"), id: z.string() }),
);

/** A Stop hook's reason, given to the model as its next prompt (the turn went on because of it). */
export const HookPromptItem = lazySchema(() =>
  z.object({
    type: z.literal("hookPrompt"),
    id: z.string(),
    fragments: z.array(z.object({ hook_run_id: z.string(), text: z.string() })),
  }),
);

export const EnteredReviewModeItem = lazySchema(() =>
  z.object({
    type: z.literal("enteredReviewMode"),
    id: z.string(),
    review: z.string(),
  }),
);

export const ExitedReviewModeItem = lazySchema(() =>
  z.object({
    type: z.literal("exitedReviewMode"),
    id: z.string(),
    /** The findings as text ("" when the review failed or was interrupted). */
    review: z.string(),
    /** The findings as the review returned them, for surfaces that hand them on structured. */
    output: ReviewOutput.nullish(),
  }),
);

export const TurnItem = lazySchema(() =>
  z.discriminatedUnion("type", [
    UserMessageItem,
    AgentMessageItem,
    ReasoningItem,
    PlanItem,
    CommandExecutionItem,
    FileChangeItem,
    McpToolCallItem,
    DynamicToolCallItem,
    CollabAgentToolCallItem,
    WebSearchItem,
    ImageViewItem,
    ContextCompactionItem,
    HookPromptItem,
    EnteredReviewModeItem,
    ExitedReviewModeItem,
  ]),
);
export type TurnItem = z.infer<typeof TurnItem>;
export type TurnItemOf<T extends TurnItem["type"]> = Extract<TurnItem, { type: T }>;
export type PlanTurnItem = TurnItemOf<"plan">;
