// thread/queue/add, thread/queue/list, thread/queue/delete: the messages queued for a thread
// (queued-turns.ts runs them as its turns). Experimental in Codex 0.169: refused, as there, to a client
// that did not ask for the experimental API.
import type { Connection } from "../connection.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";

function requireExperimental(connection: Connection, method: string): void {
  if (!connection.experimentalApi) throw badRequest(`${method} requires experimentalApi capability`);
}

export const threadQueueAdd: Handler<"thread/queue/add"> = async (params, ctx) => {
  requireExperimental(ctx.connection, "thread/queue/add");
  const queuedSubmission = await ctx.services.queuedTurns.add(
    params.threadId,
    params.input,
    params.clientUserMessageId,
    params.responsesapiClientMetadata ?? null,
  );
  return { queuedSubmission };
};

/** One page: `cursor` is the offset into the thread's queue, as a string (as Codex's cursors read). */
export const threadQueueList: Handler<"thread/queue/list"> = async (params, ctx) => {
  requireExperimental(ctx.connection, "thread/queue/list");
  await ctx.services.queuedTurns.checkThread(params.threadId, { archivedToo: true });
  const all = await ctx.services.queuedTurns.list(params.threadId);
  const start = params.cursor ? Number(params.cursor) : 0;
  if (!Number.isInteger(start) || start < 0) throw badRequest(`invalid cursor: ${params.cursor}`);
  const limit = params.limit ?? 25;
  const end = limit > 0 ? start + limit : all.length;
  return { data: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
};

export const threadQueueDelete: Handler<"thread/queue/delete"> = async (params, ctx) => {
  requireExperimental(ctx.connection, "thread/queue/delete");
  return { deleted: await ctx.services.queuedTurns.remove(params.threadId, params.queuedSubmissionId) };
};
