// thread/resume (a live engine from the rollout), thread/fork (a new thread from a prefix of another),
// thread/rollback (codex-ts extension: drop the last N turns) and thread/revert (drop a turn and those after).
import { existsSync } from "node:fs";
import { badRequest } from "../errors.js";
import type { Handler, RequestContext } from "../handler-types.js";
import type { MethodParams, MethodResult } from "../../../protocol/app-server/methods.js";
import type { ServerNotification } from "../../../protocol/app-server/v2/notifications.js";
import type { Turn } from "../../../protocol/app-server/v2/thread.js";
import type { ServerServices } from "../services.js";
import type { ThreadRuntime } from "../thread-runtime.js";
import { describeStored, noticeFullHistory, readStored } from "./thread-history.js";
import { resumeExtras } from "./resume-state.js";
import { recordedUsage, usageNotification } from "./recorded-usage.js";
import { openResponse, openThread } from "./thread-open.js";
import { refuseWithoutRollout } from "./ephemeral-threads.js";
import { setThreadName } from "../../../rollout/thread-names.js";
import { encodeInclusiveAnchor } from "../threads/paging.js";

async function loaded(services: ServerServices, threadId: string): Promise<ThreadRuntime> {
  const thread = services.threads.get(threadId);
  if (thread) return thread;
  await services.assertNotHostedSubagent(threadId, "change");
  // Codex 0.169 answers so for a thread on disk it has not loaded (and loads nothing): a client resumes first.
  throw badRequest(`thread not found: ${threadId}`);
}

/**
 * thread/resume, then to the client that resumed it, as Codex 0.169 does after its answer: the thread's
 * recorded token usage (when it has some), and its goal (`thread/goal/cleared` when it has none, else
 * `thread/goal/updated`).
 */
export const threadResume: Handler<"thread/resume"> = async (params, ctx) => {
  const { result, usage, loadedNow } = await resumeThread(params, ctx);
  const threadId = result.thread.id;
  ctx.respond(result);
  if (usage) ctx.connection.notify(usage);
  const goal = ctx.services.metadata.get(threadId).goal;
  ctx.connection.notify(
    goal
      ? { method: "thread/goal/updated", params: { threadId, turnId: null, goal } }
      : { method: "thread/goal/cleared", params: { threadId } },
  );
  // Loaded from its rollout just now: the messages queued for it meanwhile run (queued-turns.ts).
  if (loadedNow) ctx.services.queuedTurns.threadLoaded(loadedNow.runtime, loadedNow.lastTurn);
  return result;
};

/** The answer, and the recorded usage from the same read of the rollout. */
async function resumeThread(
  params: MethodParams<"thread/resume">,
  ctx: RequestContext<"thread/resume">,
): Promise<{
  result: MethodResult<"thread/resume">;
  usage: ServerNotification | undefined;
  loadedNow?: { runtime: ThreadRuntime; lastTurn: Turn | undefined };
}> {
  const { services } = ctx;
  const live = services.threads.get(params.threadId);
  if (!params.excludeTurns) noticeFullHistory(ctx.connection, "load");
  if (live) {
    // As Codex 0.169: a thread whose first turn has not written its rollout yet cannot be resumed.
    const path = live.describe().path;
    if (!path || !existsSync(path)) throw badRequest(`no rollout found for thread id ${live.threadId}`);
    // Rejoining a running thread: subscribe, and show what the file has so far.
    live.subscribe(ctx.connection);
    const { thread: stored, lastTokenCount } = await readStored(services, live.threadId, true);
    const turns = stored.turns;
    // As Codex 0.169: a loaded thread answers the settings its next turn runs with, overrides included.
    const now = live.currentSettings;
    const base = openResponse(live, params.excludeTurns ? [] : turns);
    const result = {
      ...base,
      thread: { ...base.thread, name: stored.name ?? null, preview: stored.preview },
      ...resumeExtras(live, turns),
      model: now.model,
      cwd: now.cwd,
      approvalPolicy: now.approvalPolicy,
      sandbox: now.sandboxPolicy,
      reasoningEffort: now.effort ?? null,
      collaborationMode: now.collaborationMode,
    };
    return { result, usage: usageNotification(live.threadId, { turns, lastTokenCount }) };
  }
  await services.assertNotHostedSubagent(params.threadId, "resume");
  const { summary, archived } = await services.catalog.find(params.threadId);
  if (archived) throw badRequest(`thread ${params.threadId} is archived: thread/unarchive it first`);
  // Its cwd (recorded or given) is kept even if the folder is gone: Codex resumes it, commands then fail.
  const thread = await openThread(
    ctx,
    { ...params, cwd: params.cwd ?? summary.cwd, cwdMayBeGone: true },
    {
      resume_path: summary.path,
      ...(params.baseInstructions ? { base_instructions: params.baseInstructions } : {}),
      ...(params.developerInstructions ? { user_instructions: params.developerInstructions } : {}),
      ...(params.personality ? { personality: params.personality } : {}),
    },
  );
  const { thread: stored, lastTokenCount } = await readStored(services, thread.threadId, true);
  // Its name and preview, as thread/read shows them.
  const result = {
    ...openResponse(thread, params.excludeTurns ? [] : stored.turns),
    ...resumeExtras(thread, stored.turns),
  };
  result.thread = { ...result.thread, name: stored.name ?? null, preview: stored.preview };
  // Loaded again: from notLoaded to the engine's status, announced before the answer as Codex does.
  ctx.server.broadcast({
    method: "thread/status/changed",
    params: { threadId: thread.threadId, status: thread.status },
  });
  const turns = stored.turns;
  return {
    result,
    usage: usageNotification(thread.threadId, { turns, lastTokenCount }),
    loadedNow: { runtime: thread, lastTurn: turns.at(-1) },
  };
}

export const threadFork: Handler<"thread/fork"> = async (params, ctx) => {
  const { services } = ctx;
  refuseWithoutRollout(services, params.threadId);
  const { summary } = await services.catalog.find(params.threadId);
  if (!params.excludeTurns) noticeFullHistory(ctx.connection, "load");
  const { turns } = await services.catalog.contents(summary.path);
  let upTo: number | undefined;
  if (params.lastTurnId) {
    const index = turns.findIndex((t) => t.id === params.lastTurnId);
    if (index < 0) throw badRequest(`thread ${params.threadId} has no turn ${params.lastTurnId}`);
    upTo = index + 1;
  }
  const thread = await openThread(
    ctx,
    { ...params, cwd: params.cwd ?? summary.cwd },
    {
      fork_from: { path: summary.path, ...(upTo !== undefined ? { up_to_turn: upTo } : {}) },
      ...(params.baseInstructions ? { base_instructions: params.baseInstructions } : {}),
      ...(params.developerInstructions ? { user_instructions: params.developerInstructions } : {}),
    },
  );
  // Listed at once, as in Codex, not only after the fork's first turn updates the index.
  if (thread.session.rollout_path) await services.catalog.record(thread.session.rollout_path);
  const copied = turns.slice(0, upTo ?? turns.length);
  // A turn still running in the source is ended as interrupted in the fork (core/interrupt-marker.ts).
  const forked = copied.map((turn, i) =>
    i === copied.length - 1 && turn.status === "inProgress"
      ? { ...turn, status: "interrupted" as const }
      : turn,
  );
  const result = openResponse(thread, params.excludeTurns ? [] : forked);
  // As in Codex: the fork names its parent and carries the parent's name and preview.
  const lineage = {
    forkedFromId: params.threadId,
    name: services.catalog.name(params.threadId),
    preview: summary.preview,
  };
  result.thread = { ...result.thread, ...lineage };
  // Kept for the fork, so thread/list and thread/read show it too.
  if (lineage.name) setThreadName(ctx.server.codexHome, result.thread.id, lineage.name);
  // As Codex: the usage the fork carries over, after the answer and before thread/started.
  const usage = await recordedUsage(services, thread);
  ctx.respond(result);
  if (usage) ctx.connection.notify(usage);
  const started = thread.startedNotification();
  if (started.method === "thread/started") started.params.thread = { ...started.params.thread, ...lineage };
  ctx.server.broadcast(started);
  return result;
};

export const threadRollback: Handler<"thread/rollback"> = async (params, ctx) => {
  await (await loaded(ctx.services, params.threadId)).rollback(params.numTurns);
  return { thread: await describeStored(ctx.services, params.threadId, true) };
};

export const threadRevert: Handler<"thread/revert"> = async (params, ctx) => {
  const thread = await loaded(ctx.services, params.threadId);
  // One revert at a time per thread: a second revert to the same turn then finds it gone, instead of both
  // reading the same turn list and dropping two turns.
  const result = await thread.exclusive(async () => {
    const { turns } = await describeStored(ctx.services, params.threadId, true);
    const index = turns.findIndex((t) => t.id === params.beforeTurnId);
    if (index < 0) throw badRequest(`turn not found: ${params.beforeTurnId} in thread ${params.threadId}`);
    // As in Codex: the thread reads as notLoaded while its history is rewritten, then as its engine's status.
    ctx.server.broadcast({
      method: "thread/status/changed",
      params: { threadId: params.threadId, status: { type: "notLoaded" } },
    });
    try {
      await thread.rollback(turns.length - index);
    } finally {
      ctx.server.broadcast({
        method: "thread/status/changed",
        params: { threadId: params.threadId, status: thread.status },
      });
    }
    // As in Codex: cursors from which a client reads the remaining history backwards.
    const after = await describeStored(ctx.services, params.threadId, true);
    const lastTurn = after.turns.at(-1);
    const lastItem = after.turns.flatMap((t) => t.items).at(-1);
    return {
      thread: { ...after, turns: [] },
      turnsBackwardsCursor: lastTurn ? encodeInclusiveAnchor(lastTurn.id) : null,
      itemsBackwardsCursor: lastItem ? encodeInclusiveAnchor(lastItem.id) : null,
    };
  });
  ctx.respond(result);
  ctx.server.broadcast({ method: "thread/reverted", params: { threadId: params.threadId } });
  return result;
};
