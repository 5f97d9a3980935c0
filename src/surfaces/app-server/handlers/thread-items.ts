// thread/turns/list and thread/items/list: a thread's history a page at a time, with cursors anchored on
// turn and item ids (threads/paging.ts).
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import { pageOf } from "../threads/paging.js";
import { refuseEphemeralHistory } from "./ephemeral-threads.js";
import { describeStored, readStored } from "./thread-history.js";

const DEFAULT_TURNS_PAGE = 25;
const DEFAULT_ITEMS_PAGE = 100;

export const threadTurnsList: Handler<"thread/turns/list"> = async (params, ctx) => {
  refuseEphemeralHistory(ctx.services, params.threadId, "thread/turns/list");
  const { turns } = await describeStored(ctx.services, params.threadId, true);
  const page = pageOf(turns, (t) => t.id, {
    direction: params.sortDirection ?? "desc",
    limit: params.limit ?? DEFAULT_TURNS_PAGE,
    cursor: params.cursor,
  });
  const data = page.data.map((turn) => (params.itemsView === "notLoaded" ? { ...turn, items: [] } : turn));
  return { ...page, data };
};

export const threadItemsList: Handler<"thread/items/list"> = async (params, ctx) => {
  refuseEphemeralHistory(ctx.services, params.threadId, "thread/items/list");
  const { thread, itemTimes } = await readStored(ctx.services, params.threadId, true);
  const { turns } = thread;
  let scope = turns;
  if (params.turnId) {
    scope = turns.filter((t) => t.id === params.turnId);
    if (scope.length === 0) throw badRequest(`turn not found: ${params.turnId} in thread ${params.threadId}`);
  }
  const entries = scope.flatMap((turn) =>
    turn.items.map((item) => {
      const times = itemTimes.get(item.id);
      return {
        turnId: turn.id,
        item,
        startedAtMs: times?.startedAtMs ?? null,
        completedAtMs: times?.completedAtMs ?? null,
      };
    }),
  );
  const cursor = params.cursor;
  return pageOf(entries, (e) => e.item.id, {
    direction: params.sortDirection ?? "asc",
    limit: params.limit ?? DEFAULT_ITEMS_PAGE,
    ...(typeof cursor === "string" ? { cursor } : {}),
    ...(cursor && typeof cursor === "object" ? { anchorId: cursor.itemId } : {}),
  });
};
