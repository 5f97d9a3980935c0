// Thread items: what a turn is made of, as item/started and item/completed carry them.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { ReviewOutput } from "../../review.js";
import { UserInput } from "./common.js";

/** When the item started and completed (Unix ms), on every item; null until known. */
const ItemTimes = {
  startedAtMs: z.number().int().nullish(),
  completedAtMs: z.number().int().nullish(),
};

/** What a command does, for display: reading a file, listing files, a search, or something else. */
export const CommandAction = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("read"), command: z.string(), name: z.string(), path: z.string() }),
    z.object({ type: z.literal("listFiles"), command: z.string(), path: z.string().nullish() }),
    z.object({
      type: z.literal("search"),
      command: z.string(),
      query: z.string().nullish(),
      path: z.string().nullish(),
    }),
    z.object({ type: z.literal("unknown"), command: z.string() }),
  ]),
);
export type CommandAction = z.infer<typeof CommandAction>;

export const CommandExecutionStatus = lazySchema(() =>
  z.enum(["inProgress", "completed", "failed", "declined"]),
);
export const PatchApplyStatus = lazySchema(() => z.enum(["inProgress", "completed", "failed", "declined"]));

export const PatchChangeKind = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("add") }),
    z.object({ type: z.literal("delete") }),
    z.object({ type: z.literal("update"), move_path: z.string().nullable() }),
  ]),
);

export const FileUpdateChange = lazySchema(() =>
  z.object({ path: z.string(), kind: PatchChangeKind, diff: z.string() }),
);
export type FileUpdateChange = z.infer<typeof FileUpdateChange>;

export const UserMessageItem = lazySchema(() =>
  z.object({
    type: z.literal("userMessage"),
    id: z.string(),
    ...ItemTimes,
    content: z.array(UserInput),
    clientId: z.string().nullish(),
  }),
);

export const AgentMessageItem = lazySchema(() =>
  z.object({
    type: z.literal("agentMessage"),
    id: z.string(),
    ...ItemTimes,
    text: z.string(),
    // Codex's moderation verdict, message phase, memory citation, delivery and async questions: codex-ts
    // has none of them, and sends the keys as null as Codex does when unset.
    moderation: z.unknown().nullable(),
    phase: z.enum(["commentary", "partial_answer", "final_answer"]).nullable(),
    memoryCitation: z.unknown().nullable(),
    delivery: z.unknown().nullable(),
    questions: z.array(z.unknown()).nullable(),
  }),
);

export const ReasoningItem = lazySchema(() =>
  z.object({
    type: z.literal("reasoning"),
    id: z.string(),
    ...ItemTimes,
    summary: z.array(z.string()),
    content: z.array(z.string()),
  }),
);

export const CommandExecutionItem = lazySchema(() =>
  z.object({
    type: z.literal("commandExecution"),
    id: z.string(),
    ...ItemTimes,
    command: z.string(),
    cwd: z.string(),
    commandActions: z.array(CommandAction),
    status: CommandExecutionStatus,
    aggregatedOutput: z.string().nullable(),
    exitCode: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    /** A background terminal's process id, when the command outlived its call. */
    processId: z.string().nullable(),
    /** The first-party plugin script a command resolves to (codex-ts has no plugin scripts: null). */
    pluginId: z.string().nullable(),
    scriptPath: z.string().nullable(),
    /** Who ran it; absent: the model ("agent"). */
    source: z.enum(["agent", "userShell"]).optional(),
  }),
);

export const FileChangeItem = lazySchema(() =>
  z.object({
    type: z.literal("fileChange"),
    id: z.string(),
    ...ItemTimes,
    changes: z.array(FileUpdateChange),
    status: PatchApplyStatus,
  }),
);

/** A proposed plan (plan mode): the text of the <proposed_plan> block. */
export const PlanItem = lazySchema(() =>
  z.object({ type: z.literal("plan"), id: z.string(), ...ItemTimes, text: z.string() }),
);

export const ContextCompactionItem = lazySchema(() =>
  z.object({
    type: z.literal("contextCompaction"),
    id: z.string(),
    ...ItemTimes,
  }),
);

/** A Stop hook's reason that kept the turn going, as the model's next prompt. */
export const HookPromptItem = lazySchema(() =>
  z.object({
    type: z.literal("hookPrompt"),
    id: z.string(),
    ...ItemTimes,
    fragments: z.array(z.object({ hookRunId: z.string(), text: z.string() })),
  }),
);

/** The model looked at a local image (view_image). */
export const ImageViewItem = lazySchema(() =>
  z.object({
    type: z.literal("imageView"),
    id: z.string(),
    ...ItemTimes,
    path: z.string(),
  }),
);

export const McpToolCallItem = lazySchema(() =>
  z.object({
    type: z.literal("mcpToolCall"),
    id: z.string(),
    ...ItemTimes,
    server: z.string(),
    tool: z.string(),
    status: z.enum(["inProgress", "completed", "failed"]),
    arguments: z.unknown(),
    result: z.object({ content: z.array(z.unknown()), structuredContent: z.unknown().optional() }).nullable(),
    error: z.object({ message: z.string() }).nullable(),
    durationMs: z.number().int().nullable(),
    /** The server's plugin, when a plugin brought it. */
    pluginId: z.string().nullable(),
    /** The tool's own `readOnlyHint` annotation, when its server declared one. */
    readOnlyHint: z.boolean().nullable(),
    // Codex's connector apps and MCP app UIs: codex-ts has neither, and sends the keys as null.
    appContext: z.unknown().nullable(),
    mcpAppResourceUri: z.string().nullable(),
    mcpAppUi: z.unknown().nullable(),
  }),
);

/** A subagent spawned or closed, as seen from the subagent tree (codex-ts has no other collab events). */
export const CollabAgentToolCallItem = lazySchema(() =>
  z.object({
    type: z.literal("collabAgentToolCall"),
    id: z.string(),
    ...ItemTimes,
    tool: z.enum([
      "spawnAgent",
      "sendInput",
      "resumeAgent",
      "wait",
      "closeAgent",
      "sendMessage",
      "followupTask",
      "interruptAgent",
      "listAgents",
    ]),
    status: z.enum(["inProgress", "completed", "failed", "interrupted"]),
    senderThreadId: z.string(),
    receiverThreadIds: z.array(z.string()),
    prompt: z.string().nullable(),
    model: z.string().nullable(),
    /** A spawn's requested reasoning effort: codex-ts's spawn takes none (null). */
    reasoningEffort: z.string().nullable(),
    agentsStates: z.record(
      z.string(),
      z.object({
        status: z.enum([
          "pendingInit",
          "running",
          "interrupted",
          "completed",
          "errored",
          "shutdown",
          "notFound",
        ]),
        message: z.string().nullable(),
      }),
    ),
  }),
);

/** A tool call that is none of the above; codex-ts shows failed calls of its own tools this way. */
export const DynamicToolCallItem = lazySchema(() =>
  z.object({
    type: z.literal("dynamicToolCall"),
    id: z.string(),
    ...ItemTimes,
    namespace: z.string().nullable(),
    tool: z.string(),
    arguments: z.unknown(),
    status: z.enum(["inProgress", "completed", "failed"]),
    contentItems: z
      .array(
        z.discriminatedUnion("type", [
          z.object({ type: z.literal("inputText"), text: z.string() }),
          z.object({ type: z.literal("inputImage"), imageUrl: z.string() }),
        ]),
      )
      .nullable(),
    success: z.boolean().nullable(),
    durationMs: z.number().int().nullable(),
  }),
);

export const WebSearchAction = lazySchema(() =>
  z.union([
    z.object({
      type: z.literal("search"),
      query: z.string().nullable(),
      queries: z.array(z.string()).nullable(),
    }),
    z.object({ type: z.literal("openPage"), url: z.string().nullable() }),
    z.object({ type: z.literal("findInPage"), url: z.string().nullable(), pattern: z.string().nullable() }),
    z.object({ type: z.literal("other") }),
  ]),
);
export type WebSearchAction = z.infer<typeof WebSearchAction>;

/** The model searched the web (the Responses API's hosted web_search tool). */
export const WebSearchItem = lazySchema(() =>
  z.object({
    type: z.literal("webSearch"),
    id: z.string(),
    ...ItemTimes,
    query: z.string(),
    action: WebSearchAction.nullable(),
    /** Standalone web search's results (Codex's, out of band): the hosted tool gives none, so null. */
    results: z.array(z.unknown()).nullable(),
  }),
);

/** A review started (`review` is what is being reviewed, as a person reads it). */
export const EnteredReviewModeItem = lazySchema(() =>
  z.object({
    type: z.literal("enteredReviewMode"),
    id: z.string(),
    ...ItemTimes,
    review: z.string(),
  }),
);

/**
 * A review ended; `review` is its findings rendered as text. `reviewOutput` (a codex-ts extension) is the
 * findings as the review returned them, so a client can show each with its file and lines.
 */
export const ExitedReviewModeItem = lazySchema(() =>
  z.object({
    type: z.literal("exitedReviewMode"),
    id: z.string(),
    ...ItemTimes,
    review: z.string(),
    reviewOutput: ReviewOutput.nullish(),
  }),
);

export const ThreadItem = lazySchema(() =>
  z.discriminatedUnion("type", [
    DynamicToolCallItem,
    WebSearchItem,
    EnteredReviewModeItem,
    ExitedReviewModeItem,
    PlanItem,
    CollabAgentToolCallItem,
    ContextCompactionItem,
    HookPromptItem,
    ImageViewItem,
    McpToolCallItem,
    UserMessageItem,
    AgentMessageItem,
    ReasoningItem,
    CommandExecutionItem,
    FileChangeItem,
  ]),
);
export type ThreadItem = z.infer<typeof ThreadItem>;
export type ThreadItemOf<T extends ThreadItem["type"]> = Extract<ThreadItem, { type: T }>;
