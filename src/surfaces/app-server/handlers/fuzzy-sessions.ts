// The streamed fuzzy file search: fuzzyFileSearch/sessionStart keeps a connection's roots under a session
// id, each sessionUpdate answers at once and then sends that query's matches (sessionUpdated) and
// sessionCompleted, and sessionStop forgets the session. Sessions belong to the connection that started them.
import type { Connection } from "../connection.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import { prefetchListing } from "../../../files/listing-cache.js";
import { listingStore, resolveRoots, searchFiles } from "./files.js";

interface SearchSession {
  roots: string[];
  /** Bumped by every update, so the results of a query overtaken by a newer one are not sent. */
  generation: number;
}

const sessionsByConnection = new WeakMap<Connection, Map<string, SearchSession>>();

/** Codex 0.169 serves these only to clients that opted in to its experimental API. */
function experimental(connection: Connection, method: string): void {
  if (!connection.experimentalApi) throw badRequest(`${method} requires experimentalApi capability`);
}

function sessionsOf(connection: Connection): Map<string, SearchSession> {
  let sessions = sessionsByConnection.get(connection);
  if (!sessions) {
    sessions = new Map();
    sessionsByConnection.set(connection, sessions);
  }
  return sessions;
}

export const fuzzySessionStart: Handler<"fuzzyFileSearch/sessionStart"> = (params, ctx) => {
  experimental(ctx.connection, "fuzzyFileSearch/sessionStart");
  const roots = resolveRoots(params.roots, () => ctx.services.loadConfig().cwd);
  sessionsOf(ctx.connection).set(params.sessionId, { roots, generation: 0 });
  // The walks start now, so the first query finds them under way or done.
  for (const root of roots) prefetchListing(root, { storeIn: listingStore(ctx.server.codexHome) });
  return {};
};

export const fuzzySessionUpdate: Handler<"fuzzyFileSearch/sessionUpdate"> = async (params, ctx) => {
  experimental(ctx.connection, "fuzzyFileSearch/sessionUpdate");
  const session = sessionsOf(ctx.connection).get(params.sessionId);
  // Codex's words for an id never started or already stopped.
  if (!session) throw badRequest(`fuzzy file search session not found: ${params.sessionId}`);
  const generation = ++session.generation;
  ctx.respond({});
  const files = await searchFiles(params.query, session.roots, listingStore(ctx.server.codexHome));
  const current = sessionsOf(ctx.connection).get(params.sessionId) === session;
  if (!current || session.generation !== generation) return {};
  const { sessionId, query } = params;
  ctx.connection.notify({ method: "fuzzyFileSearch/sessionUpdated", params: { sessionId, query, files } });
  ctx.connection.notify({ method: "fuzzyFileSearch/sessionCompleted", params: { sessionId } });
  return {};
};

export const fuzzySessionStop: Handler<"fuzzyFileSearch/sessionStop"> = (params, ctx) => {
  experimental(ctx.connection, "fuzzyFileSearch/sessionStop");
  sessionsOf(ctx.connection).delete(params.sessionId);
  return {};
};
