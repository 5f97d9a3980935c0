// The pieces events are made of (token usage, plan steps, questions, file changes, MCP calls, skills,
// subagents), apart from the event union itself (core-protocol.ts), which re-exports them.
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

export const TokenUsage = lazySchema(() =>
  z.object({
    input_tokens: z.number(),
    cached_input_tokens: z.number(),
    /** Input tokens written to the prompt cache (absent in older rollouts). */
    cache_write_input_tokens: z.number().optional(),
    output_tokens: z.number(),
    reasoning_output_tokens: z.number(),
    total_tokens: z.number(),
  }),
);
export type TokenUsage = z.infer<typeof TokenUsage>;

export const PlanStep = lazySchema(() =>
  z.object({
    step: z.string(),
    status: z.enum(["pending", "in_progress", "completed"]),
  }),
);
export type PlanStep = z.infer<typeof PlanStep>;

export const UserInputQuestion = lazySchema(() =>
  z.object({
    id: z.string(),
    header: z.string(),
    question: z.string(),
    isOther: z.boolean().optional(),
    options: z
      .array(z.object({ value: z.string(), label: z.string(), description: z.string() }))
      .min(2)
      .max(3)
      .optional(),
  }),
);
export type UserInputQuestion = z.infer<typeof UserInputQuestion>;

export const UserInputAnswers = lazySchema(() =>
  z.record(z.string(), z.object({ selected: z.array(z.string()), other: z.string().nullish() })),
);
export type UserInputAnswers = z.infer<typeof UserInputAnswers>;

export const FileChange = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("add"), content: z.string() }),
    z.object({ type: z.literal("delete"), content: z.string() }),
    z.object({ type: z.literal("update"), unified_diff: z.string(), move_path: z.string().nullish() }),
  ]),
);
export type FileChange = z.infer<typeof FileChange>;

/** Which MCP server and tool a call went to, and with what arguments. */
export const McpInvocation = lazySchema(() =>
  z.object({
    server: z.string(),
    tool: z.string(),
    arguments: z.unknown().nullish(),
    /** The plugin that brought the server, if one did. */
    plugin_id: z.string().nullish(),
    /** The tool's `readOnlyHint` annotation, when its server declared one. */
    read_only_hint: z.boolean().nullish(),
  }),
);
export type McpInvocation = z.infer<typeof McpInvocation>;

/** An MCP `tools/call` result as the server sent it (content blocks, structured content, error flag). */
export const McpCallToolResult = lazySchema(() =>
  z.looseObject({
    content: z.array(z.unknown()),
    structuredContent: z.unknown().optional(),
    isError: z.boolean().optional(),
  }),
);
export type McpCallToolResult = z.infer<typeof McpCallToolResult>;

/** Where an MCP server is in its life: starting, ready, failed (with why), or cancelled at shutdown. */
export const McpStartupStatus = lazySchema(() =>
  z.discriminatedUnion("state", [
    z.object({ state: z.literal("starting") }),
    z.object({ state: z.literal("ready") }),
    z.object({ state: z.literal("failed"), error: z.string() }),
    z.object({ state: z.literal("cancelled") }),
  ]),
);
export type McpStartupStatus = z.infer<typeof McpStartupStatus>;

/** A skill's UI metadata (`interface` of its `agents/openai.yaml`); icons are absolute paths. */
export const SkillInterface = lazySchema(() =>
  z.object({
    displayName: z.string().nullable(),
    shortDescription: z.string().nullable(),
    iconSmall: z.string().nullable(),
    iconLarge: z.string().nullable(),
    iconSmallUrl: z.string().nullable(),
    iconLargeUrl: z.string().nullable(),
    brandColor: z.string().nullable(),
    defaultPrompt: z.string().nullable(),
  }),
);
export type SkillInterface = z.infer<typeof SkillInterface>;

/** A skill found on disk: its front matter, where it lives, and whose it is. */
export const SkillMetadata = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    /** The SKILL.md file. */
    path: z.string(),
    scope: z.enum(["user", "repo"]),
    /** The installed plugin that brings the skill. */
    pluginId: z.string().optional(),
    /** `metadata.short-description` of the front matter. */
    shortDescription: z.string().optional(),
    /** UI metadata from the skill's `agents/openai.yaml`. */
    interface: SkillInterface.optional(),
  }),
);
export type SkillMetadata = z.infer<typeof SkillMetadata>;

/** A SKILL.md that could not be used, and why. */
export const SkillErrorInfo = lazySchema(() => z.object({ path: z.string(), message: z.string() }));
export type SkillErrorInfo = z.infer<typeof SkillErrorInfo>;

export const SkillsListEntry = lazySchema(() =>
  z.object({
    cwd: z.string(),
    skills: z.array(SkillMetadata),
    errors: z.array(SkillErrorInfo),
  }),
);
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
export const SubagentSummary = lazySchema(() =>
  z.object({
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
    /** The role it was spawned with (`agent_type`, from `[agents]`); a resume applies it again. */
    agent_type: z.string().nullish(),
    /** Its own rollout (a resume of the root reopens stopped children from it). */
    rollout_path: z.string().nullish(),
  }),
);
export type SubagentSummary = z.infer<typeof SubagentSummary>;

/** The subagent tools, as the events about their calls name them. */
export const SubagentToolName = z.enum(["spawn", "send", "await", "logs", "cancel", "list"]);
export type SubagentToolName = z.infer<typeof SubagentToolName>;

/** An agent a subagent tool call is about, with its status at that moment (and its result, if any). */
export const SubagentCallAgent = lazySchema(() =>
  z.object({
    agent_id: z.number().int().min(0),
    session_id: z.string(),
    status: SubagentStatus,
    /** Its final message (await), or why it failed. */
    message: z.string().nullish(),
  }),
);
export type SubagentCallAgent = z.infer<typeof SubagentCallAgent>;

export const subagentCall = {
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

export const ev = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape });

/**
 * A message entered an agent's inbox (0 = the root's). Persisted in the root's rollout with its text, so a
 * resume gets back what was still waiting; `seq` numbers every message of the tree once, in arrival order.
 */
export const AgentInboxMessage = lazySchema(() =>
  ev("agent_inbox_message", {
    /** The agent whose inbox it is. */
    agent_id: z.number().int().min(0),
    seq: z.number().int().min(1),
    /** The agent that sent it. */
    from: z.number().int().min(0),
    message: z.string(),
    interrupt: z.boolean(),
  }),
);
export type AgentInboxMessage = z.infer<typeof AgentInboxMessage>;

/**
 * Messages left an agent's inbox (persisted): handed to a subagent as its next turn (`via: "turn"`), or
 * returned by the agent's `subagent_await` (`via: "await"`). Written just before the hand-over, so a resume
 * checks that the receiving side recorded them: the root's rollout after this line, or, for a subagent, its
 * own rollout past `rollout_offset` (its size in bytes at that moment).
 */
export const AgentInboxTaken = lazySchema(() =>
  ev("agent_inbox_taken", {
    agent_id: z.number().int().min(0),
    seqs: z.array(z.number().int().min(1)),
    via: z.enum(["turn", "await"]),
    rollout_offset: z.number().int().min(0).nullish(),
  }),
);
export type AgentInboxTaken = z.infer<typeof AgentInboxTaken>;

/** A subagent tool call ended; persisted, so a thread read from disk shows it. */
export const SubagentToolCallEnd = lazySchema(() =>
  ev("subagent_tool_call_end", {
    ...subagentCall,
    success: z.boolean(),
    error: z.string().nullish(),
  }),
);
export type SubagentToolCallEnd = z.infer<typeof SubagentToolCallEnd>;
