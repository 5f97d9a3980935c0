// review/start: the review runs as a turn of the thread, or (detached) of a new thread with the same cwd.
import type { Handler } from "../handler-types.js";
import { openThread, threadOf } from "./thread-open.js";

export const reviewStart: Handler<"review/start"> = async (params, ctx) => {
  const parent = threadOf(ctx.services, params.threadId);
  let thread = parent;
  if (params.delivery === "detached") {
    thread = await openThread(ctx, { cwd: parent.session.cwd }, {});
    ctx.server.broadcast(thread.startedNotification());
  }
  thread.subscribe(ctx.connection);
  const reviewThreadId = thread.threadId;
  const turn = await thread.startReview({ target: params.target }, (started) =>
    ctx.respond({ turn: started, reviewThreadId }),
  );
  return { turn, reviewThreadId };
};
