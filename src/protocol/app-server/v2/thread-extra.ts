// thread/items/list, thread/delete, thread/unsubscribe, thread/metadata/update and thread/goal/*.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { ThreadItem } from "./items.js";
import { SortDirection } from "./thread-history.js";
import { Thread } from "./thread.js";

const Limit = lazySchema(() => z.number().int().min(0).nullish());

export const ThreadItemsListParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    turnId: z.string().nullish(),
    cursor: z.union([z.string(), z.object({ type: z.literal("item"), itemId: z.string() })]).nullish(),
    limit: Limit,
    sortDirection: SortDirection.nullish(),
    deferOutput: z.object({}).nullish(),
  }),
);
export const ThreadItemEntry = lazySchema(() =>
  z.object({
    turnId: z.string(),
    item: ThreadItem,
    startedAtMs: z.number().int().nullish(),
    completedAtMs: z.number().int().nullish(),
  }),
);
export const ThreadItemsListResponse = lazySchema(() =>
  z.object({
    data: z.array(ThreadItemEntry),
    nextCursor: z.string().nullish(),
    backwardsCursor: z.string().nullish(),
  }),
);

export const ThreadUnsubscribeResponse = lazySchema(() =>
  z.object({
    status: z.enum(["notLoaded", "notSubscribed", "unsubscribed"]),
  }),
);

export const GitInfo = lazySchema(() =>
  z.object({
    sha: z.string().nullish(),
    branch: z.string().nullish(),
    originUrl: z.string().nullish(),
  }),
);
export type GitInfo = z.infer<typeof GitInfo>;
export const ThreadMetadataUpdateParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    gitInfo: z
      .object({
        sha: z.string().min(1).nullish(),
        branch: z.string().min(1).nullish(),
        originUrl: z.string().min(1).nullish(),
      })
      .nullish(),
  }),
);
export const ThreadWithGitResponse = lazySchema(() =>
  z.object({ thread: Thread.extend({ gitInfo: GitInfo.nullish() }) }),
);

export const ThreadGoalStatus = lazySchema(() =>
  z.enum(["active", "paused", "blocked", "usageLimited", "budgetLimited", "complete"]),
);
export const ThreadGoal = lazySchema(() =>
  z.object({
    threadId: z.string(),
    objective: z.string(),
    status: ThreadGoalStatus,
    tokenBudget: z.number().int().nullish(),
    tokensUsed: z.number().int(),
    timeUsedSeconds: z.number().int(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  }),
);
export type ThreadGoal = z.infer<typeof ThreadGoal>;
const GoalOrigin = lazySchema(() => z.enum(["user", "automatic"]).nullish());
export const ThreadGoalSetParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    objective: z.string().nullish(),
    status: ThreadGoalStatus.nullish(),
    tokenBudget: z.number().int().min(0).nullish(),
    origin: GoalOrigin,
  }),
);
export const ThreadGoalSetResponse = lazySchema(() => z.object({ goal: ThreadGoal }));
export const ThreadGoalGetResponse = lazySchema(() => z.object({ goal: ThreadGoal.nullish() }));
export const ThreadGoalClearParams = lazySchema(() => z.object({ threadId: z.string(), origin: GoalOrigin }));
export const ThreadGoalClearResponse = lazySchema(() => z.object({ cleared: z.boolean() }));

export const ThreadShellCommandParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    /** A command line for the user's shell (pipes, redirects and quoting kept). */
    command: z.string(),
    /** Defaults to one hour; 0 times out at once. */
    timeoutMs: z.number().int().min(0).nullish(),
  }),
);

export const ThreadInjectItemsParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    /** Raw Responses API items, checked one by one by the handler (so the error names the bad one). */
    items: z.array(z.unknown()),
  }),
);
