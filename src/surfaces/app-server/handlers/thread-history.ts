// Threads on disk: thread/list, thread/read, thread/archive, thread/unarchive and
// thread/name/set. Loaded threads show their live status; the others are "notLoaded".
import { existsSync } from "node:fs";
import type { ThreadStatus } from "../../../protocol/app-server/v2/common.js";
import type { ItemTimes } from "../../../rollout/replay.js";
import type { Thread } from "../../../protocol/app-server/v2/thread.js";
import type { MethodParams, MethodResult } from "../../../protocol/app-server/methods.js";
import type { Connection } from "../connection.js";
import { AppServerError, badRequest } from "../errors.js";
import { ErrorCode } from "../../../protocol/app-server/jsonrpc.js";
import type { Handler } from "../handler-types.js";
import type { ServerServices } from "../services.js";
import { setThreadName } from "../../../rollout/thread-names.js";
import { readThreadHeadFacts, type ThreadHeadFacts } from "../../../rollout/summary.js";
import { threadFromSummary } from "../threads/wire-thread.js";
import {
  refuseEphemeralHistory,
  refuseEphemeralMetadata,
  refuseWithoutRollout,
} from "./ephemeral-threads.js";

function statusOf(services: ServerServices, id: string): ThreadStatus {
  return services.statusOf(id);
}

/** The head facts of a thread's file; a loaded thread with no turn yet has its engine's model. */
function headFactsOf(path: string, liveModel: string | undefined): ThreadHeadFacts {
  const facts = readThreadHeadFacts(path);
  return facts.model === null && liveModel ? { ...facts, model: liveModel } : facts;
}

/**
 * What is kept beside the rollout: the git state a client set through thread/metadata/update (over the
 * rollout's own), and the thread's section. `org` is read once for a page of threads. Sets them on
 * `thread`, an object built for this answer (a copy of its ~35 keys per thread was most of a page's cost).
 */
function withStored(services: ServerServices, thread: Thread, org = services.organizer.read()): Thread {
  const stored = services.metadata.get(thread.id).gitInfo;
  Object.assign(thread, services.organizer.placement(thread.id, org));
  if (stored) thread.gitInfo = { sha: null, branch: null, originUrl: null, ...thread.gitInfo, ...stored };
  return thread;
}

/** A thread as its rollout tells it (turns only when asked); a loaded thread without a file yet as it is. */
export async function describeStored(
  services: ServerServices,
  id: string,
  includeTurns: boolean,
): Promise<Thread> {
  return (await readStored(services, id, includeTurns)).thread;
}

/**
 * A thread as stored, when its items started and completed (known from its rollout only), and the token
 * count its rollout last recorded (read with the turns, so thread/resume needs no second pass).
 */
export async function readStored(
  services: ServerServices,
  id: string,
  includeTurns: boolean,
): Promise<{ thread: Thread; itemTimes: Map<string, ItemTimes>; lastTokenCount: unknown }> {
  const loaded = services.threads.get(id);
  let found;
  try {
    found = await services.catalog.find(id);
  } catch (err) {
    if (!loaded) throw err;
    // Not listed yet (no user message so far, e.g. only a shell command): its file still has its turns.
    const described = loaded.describe();
    const contents =
      // Nothing written before the first turn: no file yet, no turns.
      includeTurns && described.path && existsSync(described.path)
        ? await services.catalog.contents(described.path)
        : undefined;
    const thread = {
      ...described,
      name: services.catalog.name(id),
      status: loaded.status,
      turns: contents?.turns ?? [],
    };
    return {
      thread: withStored(services, thread),
      itemTimes: contents?.itemTimes ?? new Map<string, ItemTimes>(),
      lastTokenCount: contents?.lastTokenCount,
    };
  }
  const contents = await services.catalog.contents(found.summary.path);
  const thread = threadFromSummary(found.summary, {
    name: services.catalog.name(id),
    status: statusOf(services, id),
    ...(contents.cliVersion ? { cliVersion: contents.cliVersion } : {}),
    originator: contents.originator,
    facts: headFactsOf(found.summary.path, loaded?.session.model),
    turns: includeTurns ? contents.turns : [],
  });
  return {
    thread: withStored(services, thread),
    itemTimes: contents.itemTimes,
    lastTokenCount: contents.lastTokenCount,
  };
}

export const threadList: Handler<"thread/list"> = (params, ctx) => listThreads(ctx.services, params);

/** A page of thread/list; `reconcile: false` leaves the full catch-up after it out (warm-up.ts). */
export async function listThreads(
  services: ServerServices,
  params: MethodParams<"thread/list">,
  options: { reconcile?: boolean } = {},
): Promise<MethodResult<"thread/list">> {
  // As Codex's local server: an originator allowlist is for hosted backends. (currentAccountOnly: every
  // local thread is the current account's, there being no ChatGPT account scoping here.)
  if (params.originators?.length) {
    throw new AppServerError(
      ErrorCode.invalidParams,
      "originator filtering is not supported by the local app-server",
    );
  }
  const page = await services.catalog.list(params, (id) => statusOf(services, id), options);
  const readStates = services.readStates.getManyOrInitial(page.data.map((t) => t.id));
  const org = services.organizer.read();
  return { ...page, data: page.data.map((t) => withStored(services, t, org)), readStates };
}

export const threadLoadedList: Handler<"thread/loaded/list"> = (params, ctx) => {
  const ids = ctx.services.loadedThreadIds();
  const start = params.cursor ? Number(params.cursor) : 0;
  if (!Number.isInteger(start) || start < 0) throw badRequest(`invalid cursor: ${params.cursor}`);
  const data = params.limit ? ids.slice(start, start + params.limit) : ids.slice(start);
  const end = start + data.length;
  return { data, nextCursor: end < ids.length ? String(end) : null };
};

const FULL_HISTORY_ADVICE = {
  read: "omit `includeTurns` or set it to `false`",
  load: "use `excludeTurns: true`",
} as const;

/** As Codex 0.169: answers with full turns still work, after a notice (before the answer) to page instead. */
export function noticeFullHistory(connection: Connection, kind: keyof typeof FULL_HISTORY_ADVICE): void {
  connection.notify({
    method: "deprecationNotice",
    params: {
      summary: `Full-history hydration is deprecated for paginated threads; ${FULL_HISTORY_ADVICE[kind]}, then page with \`thread/turns/list\` and \`thread/items/list\`.`,
      details: null,
    },
  });
}

export const threadRead: Handler<"thread/read"> = async (params, ctx) => {
  if (params.includeTurns) refuseEphemeralHistory(ctx.services, params.threadId, "includeTurns");
  const thread = await describeStored(ctx.services, params.threadId, params.includeTurns ?? false);
  if (params.includeTurns) noticeFullHistory(ctx.connection, "read");
  // As Codex: a thread never marked is read (an initial revision) once it is on disk; null before.
  const { readStates } = ctx.services;
  const onDisk = !!thread.path && existsSync(thread.path);
  const readState = onDisk
    ? readStates.getOrInitial(params.threadId)
    : (readStates.get(params.threadId) ?? null);
  return { thread, readState };
};

/** Experimental in Codex 0.169: marks a thread read or unread, guarded by the revision the client saw. */
export const threadReadStateUpdate: Handler<"thread/readState/update"> = async (params, ctx) => {
  const { services } = ctx;
  if (!ctx.connection.experimentalApi)
    throw badRequest("thread/readState/update requires experimentalApi capability");
  if (!services.threads.has(params.threadId)) await services.catalog.find(params.threadId);
  const { readState, conflict } = services.readStates.mark(
    params.threadId,
    params.operation.type,
    params.expectedRevision,
  );
  if (conflict) throw badRequest("read state changed", { reason: "readStateConflict", readState });
  // As Codex: the change is announced before the answer.
  ctx.server.broadcast({
    method: "thread/readState/changed",
    params: { threadId: params.threadId, readState },
  });
  return { readState };
};

export const threadArchive: Handler<"thread/archive"> = async (params, ctx) => {
  const { services, server } = ctx;
  await services.assertNotHostedSubagent(params.threadId, "archive");
  refuseWithoutRollout(services, params.threadId);
  const loaded = services.threads.get(params.threadId);
  if (loaded?.runningTurnId)
    throw badRequest(`thread ${params.threadId} has a running turn: interrupt it first`);
  if (loaded) {
    // An archived thread is not loaded: its engine stops and the file moves.
    services.threads.delete(params.threadId);
    await loaded.close();
  }
  await services.catalog.archive(params.threadId);
  // As Codex: no longer loaded, announced before the answer; archived, after it.
  if (loaded) {
    server.broadcast({
      method: "thread/status/changed",
      params: { threadId: params.threadId, status: { type: "notLoaded" } },
    });
  }
  ctx.respond({});
  server.broadcast({ method: "thread/archived", params: { threadId: params.threadId } });
  return {};
};

export const threadUnarchive: Handler<"thread/unarchive"> = async (params, ctx) => {
  await ctx.services.catalog.unarchive(params.threadId);
  const result = { thread: await describeStored(ctx.services, params.threadId, false) };
  ctx.respond(result);
  ctx.server.broadcast({ method: "thread/unarchived", params: { threadId: params.threadId } });
  return result;
};

export const threadNameSet: Handler<"thread/name/set"> = async (params, ctx) => {
  const name = params.name.trim();
  if (!name) throw badRequest("name must not be empty");
  refuseEphemeralMetadata(ctx.services, params.threadId);
  if (!ctx.services.threads.has(params.threadId)) await ctx.services.catalog.find(params.threadId);
  setThreadName(ctx.server.codexHome, params.threadId, name);
  ctx.respond({});
  ctx.server.broadcast({
    method: "thread/name/updated",
    params: { threadId: params.threadId, threadName: name },
  });
  return {};
};
