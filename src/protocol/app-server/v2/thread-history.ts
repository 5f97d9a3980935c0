// Threads on disk: thread/list, thread/read, thread/turns/list, thread/archive, thread/unarchive,
// thread/name/set, thread/resume, thread/fork, thread/revert, and the codex-ts extension thread/rollback.
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { ApprovalsReviewer, AskForApproval, Personality, SandboxMode } from "./common.js";
import { CollaborationMode, Thread, ThreadStartResponse, Turn } from "./thread.js";
import { ThreadReadState } from "./thread-read-state.js";

export const ThreadSortKey = lazySchema(() =>
  z.enum(["created_at", "updated_at", "recency_at", "section_position"]),
);
export const SortDirection = lazySchema(() => z.enum(["asc", "desc"]));
export const ThreadSourceKind = lazySchema(() =>
  z.enum([
    "cli",
    "vscode",
    "exec",
    "appServer",
    "subAgent",
    "subAgentReview",
    "subAgentCompact",
    "subAgentThreadSpawn",
    "subAgentOther",
    "unknown",
  ]),
);
export type ThreadSourceKind = z.infer<typeof ThreadSourceKind>;

const Limit = lazySchema(() => z.number().int().min(0).nullish());

export const ThreadListParams = lazySchema(() =>
  z.object({
    cursor: z.string().nullish(),
    limit: Limit,
    sortKey: ThreadSortKey.nullish(),
    sortDirection: SortDirection.nullish(),
    archived: z.boolean().nullish(),
    cwd: z.union([z.string(), z.array(z.string())]).nullish(),
    modelProviders: z.array(z.string()).nullish(),
    sourceKinds: z.array(ThreadSourceKind).nullish(),
    originators: z.array(z.string()).nullish(),
    searchTerm: z.string().nullish(),
    excludedThreadIds: z.array(z.string()).max(100).nullish(),
    currentAccountOnly: z.boolean().optional(),
    useStateDbOnly: z.boolean().optional(),
    sectionId: z.string().nullish(),
  }),
);
export type ThreadListParams = z.infer<typeof ThreadListParams>;

export const ThreadListResponse = lazySchema(() =>
  z.object({
    data: z.array(Thread),
    /** Each listed thread's read state, by thread id. */
    readStates: z.record(z.string(), ThreadReadState).optional(),
    nextCursor: z.string().nullish(),
    backwardsCursor: z.string().nullish(),
  }),
);

export const ThreadLoadedListParams = lazySchema(() =>
  z.object({ cursor: z.string().nullish(), limit: Limit }),
);
export const ThreadLoadedListResponse = lazySchema(() =>
  z.object({
    data: z.array(z.string()),
    nextCursor: z.string().nullish(),
  }),
);

export const ThreadIdParams = lazySchema(() => z.object({ threadId: z.string() }));
export const ThreadReadParams = lazySchema(() =>
  z.object({ threadId: z.string(), includeTurns: z.boolean().optional() }),
);
export const ThreadResponse = lazySchema(() => z.object({ thread: Thread }));
/** null while the thread has no read state yet (no turn has completed, nothing was marked). */
export const ThreadReadResponse = lazySchema(() =>
  ThreadResponse.extend({ readState: ThreadReadState.nullish() }),
);
export const EmptyResponse = lazySchema(() => z.object({}));

export const ThreadTurnsListParams = lazySchema(() =>
  z.object({
    threadId: z.string(),
    cursor: z.string().nullish(),
    limit: Limit,
    sortDirection: SortDirection.nullish(),
    itemsView: z.enum(["notLoaded", "summary", "full"]).nullish(),
  }),
);

export const ThreadTurnsListResponse = lazySchema(() =>
  z.object({
    data: z.array(Turn),
    nextCursor: z.string().nullish(),
    backwardsCursor: z.string().nullish(),
  }),
);

export const ThreadSetNameParams = lazySchema(() => z.object({ threadId: z.string(), name: z.string() }));

/** What resume and fork share with thread/start. */
const LoadSettings = {
  threadId: z.string(),
  model: z.string().nullish(),
  modelProvider: z.string().nullish(),
  cwd: z.string().nullish(),
  approvalPolicy: AskForApproval.nullish(),
  approvalsReviewer: ApprovalsReviewer.nullish(),
  sandbox: SandboxMode.nullish(),
  config: z.record(z.string(), z.unknown()).nullish(),
  baseInstructions: z.string().nullish(),
  developerInstructions: z.string().nullish(),
  serviceTier: z.string().nullish(),
  excludeTurns: z.boolean().optional(),
};

export const ThreadResumeParams = lazySchema(() =>
  z.object({ ...LoadSettings, personality: Personality.nullish() }),
);
export type ThreadResumeParams = z.infer<typeof ThreadResumeParams>;

export const ThreadForkParams = lazySchema(() =>
  z.object({
    ...LoadSettings,
    ephemeral: z.boolean().optional(),
    /** Fork through this turn, inclusive. */
    lastTurnId: z.string().nullish(),
  }),
);
export type ThreadForkParams = z.infer<typeof ThreadForkParams>;

/** thread/fork answers what thread/start does. */
export const ThreadLoadResponse = ThreadStartResponse;

/**
 * thread/resume adds the effective collaboration mode and cursors for hydrating the history backwards:
 * passed to thread/turns/list or thread/items/list with `sortDirection: "desc"`, their first page starts
 * with the thread's last turn (item), inclusive.
 */
export const ThreadResumeResponse = lazySchema(() =>
  ThreadStartResponse.extend({
    collaborationMode: CollaborationMode.nullish(),
    turnsBackwardsCursor: z.string().nullish(),
    itemsBackwardsCursor: z.string().nullish(),
    initialTurnsPage: z.unknown().nullable(),
  }),
);
export type ThreadResumeResponse = z.infer<typeof ThreadResumeResponse>;

export const ThreadRevertParams = lazySchema(() =>
  z.object({ threadId: z.string(), beforeTurnId: z.string() }),
);
export const ThreadRevertResponse = lazySchema(() =>
  z.object({
    thread: Thread,
    itemsBackwardsCursor: z.string().nullish(),
    turnsBackwardsCursor: z.string().nullish(),
  }),
);

/**
 * A codex-ts extension (seed 002; the real protocol of 0.169 has only thread/revert): drop the last
 * `numTurns` turns. Answers the thread with the turns that remain.
 */
export const ThreadRollbackParams = lazySchema(() =>
  z.object({ threadId: z.string(), numTurns: z.number().int().min(1) }),
);

export const ThreadCompactStartParams = lazySchema(() => z.object({ threadId: z.string() }));
