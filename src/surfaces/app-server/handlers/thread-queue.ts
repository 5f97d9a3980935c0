// thread/queue/add, thread/queue/list, thread/queue/delete: the messages queued for a thread
// (queued-turns.ts runs them as its turns).
import type { Handler } from "../handler-types.js";

export const threadQueueAdd: Handler<"thread/queue/add"> = async (params, ctx) => ({
  queuedSubmission: await ctx.services.queuedTurns.add(
    params.threadId,
    params.input,
    params.clientUserMessageId,
    params.responsesapiClientMetadata ?? null,
  ),
});

/** One page: `cursor` is the offset into the thread's queue, as a string. */
export const threadQueueList: Handler<"thread/queue/list"> = async (params, ctx) => {
  const all = await ctx.services.queuedTurns.list(params.threadId);
  const start = params.cursor ? Number(params.cursor) : 0;
  const limit = params.limit ?? 25;
  const end = limit > 0 ? start + limit : all.length;
  return { data: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
};

export const threadQueueDelete: Handler<"thread/queue/delete"> = async (params, ctx) => ({
  deleted: await ctx.services.queuedTurns.remove(params.threadId, params.queuedSubmissionId),
});
