// Server -> client notifications: method name -> params schema. The mapper produces these from engine events.
import { z } from "zod";
import {
  AccountLoginCompletedNotification,
  AccountRateLimitsUpdatedNotification,
  AccountUpdatedNotification,
} from "./account.js";
import { RequestId, ThreadStatus, ThreadTokenUsage, TurnError } from "./common.js";
import { ThreadItem } from "./items.js";
import { Thread, ThreadSettings, Turn } from "./thread.js";
import { CommandExecOutputDeltaNotification, FsChangedNotification } from "./fs.js";
import { ThreadGoal } from "./thread-extra.js";
import { FuzzyFileSearchSessionUpdatedNotification } from "./tools-misc.js";
import { AttachmentUpdatedNotification, SectionChangedNotification } from "./thread-organize.js";
import { McpStartupStatusNotification } from "./tools-misc.js";
import { HookNotification } from "./hooks.js";
import {
  AutoApprovalReviewCompletedNotification,
  AutoApprovalReviewStartedNotification,
} from "./auto-review.js";
import { ThreadReadState } from "./thread-read-state.js";
import { ExternalAgentConfigImportNotification } from "./external-agent.js";

const TurnScope = { threadId: z.string(), turnId: z.string() };

export const serverNotifications = {
  "thread/started": z.object({ thread: Thread }),
  "thread/status/changed": z.object({ threadId: z.string(), status: ThreadStatus }),
  "thread/archived": z.object({ threadId: z.string() }),
  "thread/closed": z.object({ threadId: z.string() }),
  /** A subagent's inbox changed; the counts are a codex-ts addition (the schema allows extra fields). */
  "thread/queue/changed": z.object({
    threadId: z.string(),
    pendingMessages: z.number().int().optional(),
    pendingInterrupts: z.number().int().optional(),
  }),
  "thread/unarchived": z.object({ threadId: z.string() }),
  "thread/reverted": z.object({ threadId: z.string() }),
  "fuzzyFileSearch/sessionUpdated": FuzzyFileSearchSessionUpdatedNotification,
  "fuzzyFileSearch/sessionCompleted": z.object({ sessionId: z.string() }),
  /** Sent when a turn/start changes any of the thread's settings, before that turn's turn/started. */
  "thread/settings/updated": z.object({ threadId: z.string(), threadSettings: ThreadSettings }),
  "thread/name/updated": z.object({ threadId: z.string(), threadName: z.string().nullish() }),
  "thread/readState/changed": z.object({ threadId: z.string(), readState: ThreadReadState }),
  "turn/started": z.object({ threadId: z.string(), turn: Turn }),
  "turn/completed": z.object({ threadId: z.string(), turn: Turn }),
  "turn/diff/updated": z.object({ ...TurnScope, diff: z.string() }),
  "turn/plan/updated": z.object({
    ...TurnScope,
    explanation: z.string().nullish(),
    plan: z.array(z.object({ step: z.string(), status: z.enum(["pending", "inProgress", "completed"]) })),
  }),
  "item/started": z.object({ ...TurnScope, item: ThreadItem, startedAtMs: z.number().int() }),
  "item/completed": z.object({
    ...TurnScope,
    item: ThreadItem,
    completedAtMs: z.number().int(),
    /** The model's own token count of the item: codex-ts has none (null, as Codex sends when unknown). */
    contentTokenCount: z.number().int().nullable(),
  }),
  "item/agentMessage/delta": z.object({ ...TurnScope, itemId: z.string(), delta: z.string() }),
  "item/plan/delta": z.object({ ...TurnScope, itemId: z.string(), delta: z.string() }),
  "item/reasoning/summaryTextDelta": z.object({
    ...TurnScope,
    itemId: z.string(),
    delta: z.string(),
    summaryIndex: z.number().int(),
  }),
  /** Raw reasoning as it streams (`show_raw_agent_reasoning = true`). */
  "item/reasoning/textDelta": z.object({
    ...TurnScope,
    itemId: z.string(),
    delta: z.string(),
    contentIndex: z.number().int(),
  }),
  "item/reasoning/summaryPartAdded": z.object({
    ...TurnScope,
    itemId: z.string(),
    summaryIndex: z.number().int(),
  }),
  "item/commandExecution/outputDelta": z.object({ ...TurnScope, itemId: z.string(), delta: z.string() }),
  "thread/tokenUsage/updated": z.object({ ...TurnScope, tokenUsage: ThreadTokenUsage }),
  error: z.object({ ...TurnScope, error: TurnError, willRetry: z.boolean() }),
  warning: z.object({ message: z.string(), threadId: z.string().nullish() }),
  deprecationNotice: z.object({ summary: z.string(), details: z.string().nullish() }),
  /** The skills a skills/list would find may have changed: an invalidation signal, no payload. */
  "skills/changed": z.object({}),
  /** codex-ts has no remote control: `disabled`, once after initialize, as Codex says when it is off. */
  "remoteControl/status/changed": z.object({
    status: z.enum(["disabled", "connecting", "connected", "errored"]),
    serverName: z.string(),
    installationId: z.string(),
    environmentId: z.string().nullable(),
  }),
  configWarning: z.object({
    summary: z.string(),
    details: z.string().nullish(),
    path: z.string().nullish(),
  }),
  "serverRequest/resolved": z.object({ threadId: z.string(), requestId: RequestId }),
  "mcpServer/startupStatus/updated": McpStartupStatusNotification,
  "account/updated": AccountUpdatedNotification,
  "account/login/completed": AccountLoginCompletedNotification,
  "account/rateLimits/updated": AccountRateLimitsUpdatedNotification,
  "fs/changed": FsChangedNotification,
  "thread/deleted": z.object({ threadId: z.string() }),
  "thread/attachment/updated": AttachmentUpdatedNotification,
  "thread/section/changed": SectionChangedNotification,
  "thread/goal/updated": z.object({ threadId: z.string(), turnId: z.string().nullish(), goal: ThreadGoal }),
  "thread/goal/cleared": z.object({ threadId: z.string() }),
  "command/exec/outputDelta": CommandExecOutputDeltaNotification,
  "hook/started": HookNotification,
  "item/autoApprovalReview/started": AutoApprovalReviewStartedNotification,
  "item/autoApprovalReview/completed": AutoApprovalReviewCompletedNotification,
  /** An approval review's decision or failure, in words for the user. */
  guardianWarning: z.object({ threadId: z.string(), message: z.string() }),
  "hook/completed": HookNotification,
  "externalAgentConfig/import/progress": ExternalAgentConfigImportNotification,
  "externalAgentConfig/import/completed": ExternalAgentConfigImportNotification,
  "mcpServer/oauthLogin/completed": z.object({
    name: z.string(),
    success: z.boolean(),
    error: z.string().nullish(),
    loginId: z.string().nullish(),
    threadId: z.string().nullish(),
  }),
} satisfies Record<string, z.ZodType>;

export type ServerNotificationMethod = keyof typeof serverNotifications;
export type NotificationParams<M extends ServerNotificationMethod> = z.infer<(typeof serverNotifications)[M]>;

/** One notification, typed by its method. */
export type ServerNotification = {
  [M in ServerNotificationMethod]: { method: M; params: NotificationParams<M> };
}[ServerNotificationMethod];

/** Client -> server notifications. */
export const clientNotifications = {
  initialized: z.object({}).nullish(),
} satisfies Record<string, z.ZodType>;
