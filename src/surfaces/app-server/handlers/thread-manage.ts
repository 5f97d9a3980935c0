// thread/delete, thread/unsubscribe, thread/metadata/update and thread/goal/set|get|clear.
import type { ThreadGoal } from "../../../protocol/app-server/v2/thread-extra.js";
import { ThreadDeleteError } from "../../../rollout/delete-thread.js";
import { forgetThreadState } from "../../../rollout/forget-thread.js";
import { AppServerError, badRequest } from "../errors.js";
import { ErrorCode } from "../../../protocol/app-server/jsonrpc.js";
import type { Handler } from "../handler-types.js";
import type { ServerServices } from "../services.js";
import { describeStored } from "./thread-history.js";

/** The thread must exist (loaded, or on disk). */
async function assertThread(services: ServerServices, threadId: string): Promise<void> {
  if (services.threads.has(threadId)) return;
  await services.catalog.find(threadId);
}

export const threadDelete: Handler<"thread/delete"> = async (params, ctx) => {
  const { services, server } = ctx;
  await services.assertNotHostedSubagent(params.threadId, "delete");
  const loaded = services.threads.get(params.threadId);
  if (loaded?.runningTurnId)
    throw badRequest(`thread ${params.threadId} has a running turn: interrupt it first`);
  // A loaded thread may have no rollout yet (nothing written before its first turn).
  const onDisk = await services.catalog.find(params.threadId).then(
    () => true,
    (err: unknown) => {
      if (!loaded) throw err;
      return false;
    },
  );
  if (loaded) {
    services.threads.delete(params.threadId);
    await loaded.close();
  }
  // Its subagent threads go with it, as in Codex (and `codex-ts delete`).
  // A failure part way answers an error; what did go is announced all the same (its names and state are
  // already forgotten by deleteThread).
  let failure: AppServerError | undefined;
  let deleted: readonly string[] = [params.threadId];
  try {
    if (onDisk) deleted = await services.catalog.delete(params.threadId);
    else forgetThreadState(server.codexHome, deleted);
  } catch (err) {
    if (!(err instanceof ThreadDeleteError)) throw err;
    failure = new AppServerError(ErrorCode.internalError, err.message);
    deleted = err.deleted;
  }
  if (!failure) ctx.respond({});
  if (loaded) {
    server.broadcast({
      method: "thread/status/changed",
      params: { threadId: params.threadId, status: { type: "notLoaded" } },
    });
  }
  if (deleted.some((id) => id.toLowerCase() === params.threadId.toLowerCase()))
    server.broadcast({ method: "thread/deleted", params: { threadId: params.threadId } });
  if (failure) throw failure;
  return {};
};

export const threadUnsubscribe: Handler<"thread/unsubscribe"> = (params, ctx) => {
  const thread = ctx.services.threads.get(params.threadId);
  if (!thread) return { status: "notLoaded" as const };
  if (!thread.subscribers.has(ctx.connection)) return { status: "notSubscribed" as const };
  ctx.respond({ status: "unsubscribed" });
  // The last client gone: the thread stays loaded for a while (threads/thread-unloader.ts), as in Codex.
  thread.unsubscribe(ctx.connection);
  return { status: "unsubscribed" as const };
};

export const threadMetadataUpdate: Handler<"thread/metadata/update"> = async (params, ctx) => {
  const { services } = ctx;
  await assertThread(services, params.threadId);
  const patch = params.gitInfo ?? {};
  services.metadata.update(params.threadId, (current) => {
    const git = { ...current.gitInfo };
    for (const key of ["sha", "branch", "originUrl"] as const) {
      if (patch[key] !== undefined) git[key] = patch[key];
    }
    const empty = !git.sha && !git.branch && !git.originUrl;
    return { ...current, ...(empty ? { gitInfo: undefined } : { gitInfo: git }) };
  });
  // The thread's own git state with the patch over it.
  return { thread: await describeStored(services, params.threadId, false) };
};

export const threadGoalGet: Handler<"thread/goal/get"> = async (params, ctx) => {
  await assertThread(ctx.services, params.threadId);
  return { goal: ctx.services.metadata.get(params.threadId).goal ?? null };
};

export const threadGoalSet: Handler<"thread/goal/set"> = async (params, ctx) => {
  const { services, server } = ctx;
  await assertThread(services, params.threadId);
  const now = Math.floor(Date.now() / 1000);
  const objective = params.objective?.trim();
  let goal: ThreadGoal | undefined;
  services.metadata.update(params.threadId, (current) => {
    const before = current.goal;
    if (!before && !objective) throw badRequest("the thread has no goal yet: give an objective");
    if (params.objective !== undefined && params.objective !== null && !objective) {
      throw badRequest("objective must not be empty");
    }
    goal = {
      threadId: params.threadId,
      objective: objective ?? before!.objective,
      status:
        params.status ??
        (objective && objective !== before?.objective ? "active" : (before?.status ?? "active")),
      tokenBudget: params.tokenBudget !== undefined ? params.tokenBudget : (before?.tokenBudget ?? null),
      tokensUsed: before?.tokensUsed ?? 0,
      timeUsedSeconds: before?.timeUsedSeconds ?? 0,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    return { ...current, goal };
  });
  const result = { goal: goal! };
  ctx.respond(result);
  server.broadcast({
    method: "thread/goal/updated",
    params: { threadId: params.threadId, turnId: null, goal: goal! },
  });
  return result;
};

export const threadGoalClear: Handler<"thread/goal/clear"> = async (params, ctx) => {
  const { services, server } = ctx;
  await assertThread(services, params.threadId);
  const had = services.metadata.get(params.threadId).goal !== undefined;
  if (had) services.metadata.update(params.threadId, (current) => ({ ...current, goal: undefined }));
  ctx.respond({ cleared: had });
  if (had) server.broadcast({ method: "thread/goal/cleared", params: { threadId: params.threadId } });
  return { cleared: had };
};
