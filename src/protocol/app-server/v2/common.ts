// Shapes shared by many v2 methods: policies, user input, statuses, errors, token usage.
// Written from the app-server protocol's JSON Schema (camelCase on the wire), checked against it in tests.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { GranularApprovalConfig } from "../../policies.js";

/** v2 has no "on-failure"; a granular policy's flags keep their snake_case names on the wire. */
export const AskForApproval = lazySchema(() =>
  z.union([
    z.enum(["untrusted", "on-request", "never"]),
    z.strictObject({ granular: GranularApprovalConfig }),
  ]),
);
export type AskForApproval = z.infer<typeof AskForApproval>;

export const SandboxMode = lazySchema(() => z.enum(["read-only", "workspace-write", "danger-full-access"]));
export type SandboxMode = z.infer<typeof SandboxMode>;

export const SandboxPolicy = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("dangerFullAccess") }),
    z.object({ type: z.literal("readOnly"), networkAccess: z.boolean().optional() }),
    z.object({
      type: z.literal("workspaceWrite"),
      writableRoots: z.array(z.string()).optional(),
      networkAccess: z.boolean().optional(),
      excludeTmpdirEnvVar: z.boolean().optional(),
      excludeSlashTmp: z.boolean().optional(),
    }),
  ]),
);
export type SandboxPolicy = z.infer<typeof SandboxPolicy>;

export const ReasoningEffort = lazySchema(() =>
  z.enum(["none", "minimal", "low", "medium", "high", "xhigh"]),
);
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;

export const ReasoningSummary = lazySchema(() => z.enum(["auto", "concise", "detailed", "none"]));
export const Personality = lazySchema(() => z.enum(["none", "friendly", "pragmatic"]));
export const ApprovalsReviewer = lazySchema(() => z.enum(["user", "auto_review", "guardian_subagent"]));

export const ImageDetail = lazySchema(() => z.enum(["auto", "low", "high", "original"]));

/** UI spans within a text input (a mention's placeholder, say), by byte range of the text. */
export const TextElements = lazySchema(() =>
  z.array(z.object({ byteRange: z.object({ start: z.number().int(), end: z.number().int() }) }).loose()),
);

export const UserInput = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("text"),
      text: z.string(),
      text_elements: TextElements.optional(),
    }),
    z.object({ type: z.literal("image"), url: z.string(), detail: ImageDetail.nullish() }),
    z.object({ type: z.literal("localImage"), path: z.string(), detail: ImageDetail.nullish() }),
    z.object({ type: z.literal("skill"), name: z.string(), path: z.string() }),
    z.object({ type: z.literal("mention"), name: z.string(), path: z.string() }),
  ]),
);
export type UserInput = z.infer<typeof UserInput>;

export const ThreadStatus = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("notLoaded") }),
    z.object({ type: z.literal("idle") }),
    z.object({ type: z.literal("systemError") }),
    z.object({
      type: z.literal("active"),
      activeFlags: z.array(z.enum(["waitingOnApproval", "waitingOnUserInput"])),
    }),
  ]),
);
export type ThreadStatus = z.infer<typeof ThreadStatus>;

export const SubAgentSource = lazySchema(() =>
  z.union([
    z.enum(["review", "compact", "memory_consolidation"]),
    z.strictObject({
      thread_spawn: z.object({
        parent_thread_id: z.string(),
        depth: z.number().int(),
        // Sent as null when unknown, as Codex does. `agent_path` is Codex's path in its agent tree; codex-ts
        // names agents by id, so it has none.
        agent_nickname: z.string().nullable(),
        agent_role: z.string().nullable(),
        agent_path: z.string().nullable(),
      }),
    }),
    z.strictObject({ other: z.string() }),
  ]),
);

export const SessionSource = lazySchema(() =>
  z.union([
    z.enum(["cli", "vscode", "exec", "appServer", "unknown"]),
    z.strictObject({ custom: z.string() }),
    z.strictObject({ subAgent: SubAgentSource }),
  ]),
);
export type SessionSource = z.infer<typeof SessionSource>;

export const TurnStatus = lazySchema(() => z.enum(["completed", "interrupted", "failed", "inProgress"]));
export type TurnStatus = z.infer<typeof TurnStatus>;

/** The string variants of the protocol's CodexErrorInfo that codex-ts reports. */
export const CodexErrorInfo = lazySchema(() =>
  z.enum([
    "contextWindowExceeded",
    "usageLimitExceeded",
    "rateLimitExceeded",
    "serverOverloaded",
    "modelNotFound",
    "internalServerError",
    "unauthorized",
    "badRequest",
    "sandboxError",
    "other",
  ]),
);
export type CodexErrorInfo = z.infer<typeof CodexErrorInfo>;

export const TurnError = lazySchema(() =>
  z.object({
    message: z.string(),
    codexErrorInfo: CodexErrorInfo.nullable(),
    additionalDetails: z.string().nullable(),
    /** Codex's explanation of a misalignment block: codex-ts has none (null, as Codex sends it unset). */
    misalignment: z.unknown().nullable(),
  }),
);
export type TurnError = z.infer<typeof TurnError>;

export const TokenUsageBreakdown = lazySchema(() =>
  z.object({
    totalTokens: z.number().int(),
    inputTokens: z.number().int(),
    cachedInputTokens: z.number().int(),
    cacheWriteInputTokens: z.number().int().optional(),
    outputTokens: z.number().int(),
    reasoningOutputTokens: z.number().int(),
  }),
);
export type TokenUsageBreakdown = z.infer<typeof TokenUsageBreakdown>;

export const ThreadTokenUsage = lazySchema(() =>
  z.object({
    total: TokenUsageBreakdown,
    last: TokenUsageBreakdown,
    modelContextWindow: z.number().int().nullish(),
  }),
);
export type ThreadTokenUsage = z.infer<typeof ThreadTokenUsage>;

/** A JSON-RPC id: a string or an integer. */
export const RequestId = lazySchema(() => z.union([z.string(), z.number().int()]));

/** Methods without parameters accept nothing, null or an empty object. */
export const EmptyParams = lazySchema(() => z.object({}));
export const EmptyResult = lazySchema(() => z.object({}));
