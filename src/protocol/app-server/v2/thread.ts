// Threads and turns: thread/start, turn/start, turn/interrupt and the objects they return.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import {
  ApprovalsReviewer,
  AskForApproval,
  Personality,
  ReasoningEffort,
  ReasoningSummary,
  SandboxMode,
  SandboxPolicy,
  SessionSource,
  ThreadStatus,
  TurnError,
  TurnStatus,
  UserInput,
} from "./common.js";
import { ThreadItem } from "./items.js";
import { ThreadSection } from "./thread-organize.js";

export const Turn = lazySchema(() =>
  z.object({
    id: z.string(),
    items: z.array(ThreadItem),
    status: TurnStatus,
    error: TurnError.nullish(),
    startedAt: z.number().int().nullish(),
    completedAt: z.number().int().nullish(),
    durationMs: z.number().int().nullish(),
    /** The first turn of the chain of work that led to this one (a user's turn is its own root). */
    rootTurnId: z.string().nullish(),
    /** How much of `items` is loaded: every item (`full`) on each path codex-ts serves. */
    itemsView: z.enum(["notLoaded", "summary", "full"]).optional(),
  }),
);
export type Turn = z.infer<typeof Turn>;

export const Thread = lazySchema(() =>
  z.object({
    id: z.string(),
    sessionId: z.string(),
    preview: z.string(),
    ephemeral: z.boolean(),
    modelProvider: z.string(),
    model: z.string().nullish(),
    reasoningEffort: ReasoningEffort.nullable(),
    /** Unix seconds. */
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
    status: ThreadStatus,
    path: z.string().nullish(),
    cwd: z.string(),
    cliVersion: z.string(),
    originator: z.string().nullish(),
    source: SessionSource,
    projectId: z.string().nullable(),
    name: z.string().nullish(),
    // Required though null where codex-ts has nothing: Codex always sends these keys and typed clients
    // (generated from its schema) expect them.
    forkedFromId: z.string().nullable(),
    parentThreadId: z.string().nullable(),
    /** A subagent's name. */
    agentNickname: z.string().nullable(),
    agentRole: z.string().nullable(),
    /** Codex's analytics class of the thread's origin; codex-ts keeps none. */
    threadSource: z.string().nullable(),
    /** The thread a side thread is attached to (codex-ts has none). */
    attachedToThreadId: z.string().nullable(),
    extra: z.unknown().nullable(),
    daybreakEnabled: z.boolean().nullable(),
    /** Where the thread runs (codex-ts: one local environment, its cwd). */
    environments: z
      .array(
        z.object({ environmentId: z.string(), cwd: z.string(), runtimeWorkspaceRoots: z.array(z.string()) }),
      )
      .optional(),
    historyMode: z.enum(["legacy", "paginated"]).optional(),
    /** Unix seconds of the last activity. */
    recencyAt: z.number().int().nullish(),
    /** Whether a client may start turns on it (a subagent's thread is reached through its parent). */
    canAcceptDirectInput: z.boolean().optional(),
    gitInfo: z
      .object({ sha: z.string().nullish(), branch: z.string().nullish(), originUrl: z.string().nullish() })
      .nullish(),
    /** The section it is in (threadSection/*, thread/section/move) and since when (Unix seconds). */
    section: ThreadSection.nullable(),
    sectionEnteredAt: z.number().int().nullable(),
    turns: z.array(Turn),
  }),
);

/** The fields Codex 0.169 adds to every thread, from its cwd and times; those codex-ts has no value for are null. */
export function threadPlacement(cwd: string, updatedAt: number, subagent: boolean) {
  return {
    environments: [{ environmentId: "local", cwd, runtimeWorkspaceRoots: [cwd] }],
    historyMode: "paginated" as const,
    recencyAt: updatedAt,
    canAcceptDirectInput: !subagent,
    gitInfo: null,
    section: null,
    sectionEnteredAt: null,
    forkedFromId: null,
    parentThreadId: null,
    agentNickname: null,
    agentRole: null,
    threadSource: null,
    attachedToThreadId: null,
    extra: null,
    daybreakEnabled: null,
    reasoningEffort: null,
  };
}
export type Thread = z.infer<typeof Thread>;

export const ThreadStartParams = lazySchema(() =>
  z.object({
    model: z.string().nullish(),
    modelProvider: z.string().nullish(),
    cwd: z.string().nullish(),
    approvalPolicy: AskForApproval.nullish(),
    approvalsReviewer: ApprovalsReviewer.nullish(),
    sandbox: SandboxMode.nullish(),
    /** Extra config.toml keys for this thread, as `-c` would give them. */
    config: z.record(z.string(), z.unknown()).nullish(),
    baseInstructions: z.string().nullish(),
    developerInstructions: z.string().nullish(),
    personality: Personality.nullish(),
    serviceTier: z.string().nullish(),
    ephemeral: z.boolean().nullish(),
    /** `clear`: the user started over from another thread (SessionStart hooks see source `clear`). */
    sessionStartSource: z.enum(["startup", "clear"]).nullish(),
  }),
);
export type ThreadStartParams = z.infer<typeof ThreadStartParams>;

export const ThreadStartResponse = lazySchema(() =>
  z.object({
    thread: Thread,
    /** The instruction files (AGENTS.md) loaded for the thread, in the order they apply. */
    instructionSources: z.array(z.string()).optional(),
    model: z.string(),
    modelProvider: z.string(),
    cwd: z.string(),
    approvalPolicy: AskForApproval,
    approvalsReviewer: ApprovalsReviewer,
    sandbox: SandboxPolicy,
    reasoningEffort: ReasoningEffort.nullish(),
    serviceTier: z.string().nullish(),
    /** Plugins saved as disabled for the thread (codex-ts saves none per thread). */
    disabledPluginIds: z.array(z.string()),
    /** The folders the thread works in: its cwd. */
    runtimeWorkspaceRoots: z.array(z.string()),
    /** codex-ts has no permission profiles: the sandbox policy is all there is. */
    activePermissionProfile: ActivePermissionProfile.nullable(),
    multiAgentMode: MultiAgentMode,
  }),
);
export type ThreadStartResponse = z.infer<typeof ThreadStartResponse>;

/** Experimental in the real protocol (clients opt in); codex-ts accepts it on turn/start. */
export const CollaborationMode = lazySchema(() =>
  z.object({
    mode: z.enum(["plan", "default"]),
    settings: z.object({
      model: z.string(),
      reasoning_effort: ReasoningEffort.nullish(),
      developer_instructions: z.string().nullish(),
    }),
  }),
);

export const TurnStartParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    input: z.array(UserInput),
    cwd: z.string().nullish(),
    approvalPolicy: AskForApproval.nullish(),
    sandboxPolicy: SandboxPolicy.nullish(),
    model: z.string().nullish(),
    effort: ReasoningEffort.nullish(),
    summary: ReasoningSummary.nullish(),
    personality: Personality.nullish(),
    collaborationMode: CollaborationMode.nullish(),
    serviceTier: z.string().nullish(),
    /** A JSON Schema the final answer must follow. */
    outputSchema: z.unknown().optional(),
    /** Echoed as the userMessage item's `clientId`. */
    clientUserMessageId: z.string().nullish(),
  }),
);
export type TurnStartParams = z.infer<typeof TurnStartParams>;

export const ActivePermissionProfile = lazySchema(() =>
  z.object({ id: z.string(), extends: z.string().nullish() }),
);

/**
 * When the model may hand work to subagents. codex-ts always offers its subagent tools and their
 * description invites the model to split independent work among them: Codex's `proactive`.
 */
export const MultiAgentMode = lazySchema(() =>
  z.union([z.enum(["explicitRequestOnly", "proactive"]), z.object({ custom: z.string() })]),
);
export type MultiAgentMode = z.infer<typeof MultiAgentMode>;

/** A thread's settings as the next turn uses them (thread/settings/updated). */
export const ThreadSettings = lazySchema(() =>
  z.object({
    disabledPluginIds: z.array(z.string()),
    cwd: z.string(),
    environments: z.array(
      z.object({ environmentId: z.string(), cwd: z.string(), runtimeWorkspaceRoots: z.array(z.string()) }),
    ),
    approvalPolicy: AskForApproval,
    approvalsReviewer: ApprovalsReviewer,
    sandboxPolicy: SandboxPolicy,
    activePermissionProfile: ActivePermissionProfile.nullish(),
    model: z.string(),
    modelProvider: z.string(),
    serviceTier: z.string().nullish(),
    effort: ReasoningEffort.nullish(),
    summary: ReasoningSummary.nullish(),
    collaborationMode: CollaborationMode,
    personality: Personality.nullish(),
    multiAgentMode: MultiAgentMode,
  }),
);
export type ThreadSettings = z.infer<typeof ThreadSettings>;

export const TurnStartResponse = lazySchema(() => z.object({ turn: Turn }));
export type TurnStartResponse = z.infer<typeof TurnStartResponse>;

export const TurnInterruptParams = lazySchema(() => z.object({ threadId: z.string(), turnId: z.string() }));

/** Adds input to the running turn; fails unless `expectedTurnId` is the turn running now. */
export const TurnSteerParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    expectedTurnId: z.string(),
    input: z.array(UserInput).min(1),
    clientUserMessageId: z.string().nullish(),
  }),
);
export const TurnSteerResponse = lazySchema(() => z.object({ turnId: z.string() }));
export const TurnInterruptResponse = lazySchema(() => z.object({}));
