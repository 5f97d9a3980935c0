// fuzzyFileSearch: the files and folders under each root (read in-process as Codex's file search lists
// them, see files/tree-walk.ts; else ripgrep, git or a plain walk, files only), matched fuzzily against the
// query (files/search-root.ts, as the TUI's `@` finder does) and ranked best first across the roots. A root's first
// search drops the paths that cannot match, and ranks the others, as the listing streams in; the searches
// that follow scan the listing kept in memory (files/listing-cache.ts), and a fresh server's the listing
// kept in $CODEX_HOME/cache/file-listings while it is provably current (files/listing-store.ts).
import { basename, isAbsolute, resolve } from "node:path";
import { selectBest } from "../../../files/fuzzy.js";
import { listingStore } from "../../../files/listing-store.js";
import { searchRoot } from "../../../files/search-root.js";
import type { Connection } from "../connection.js";
import type { Handler } from "../handler-types.js";

export const MAX_RESULTS = 50;

/** Per connection, the search each cancellation token names, and how to end it. */
const searchesByToken = new WeakMap<Connection, Map<string, () => void>>();

/**
 * A search with a `cancellationToken` ends the one still running under the same token, which answers no
 * files at once (as Codex does); the walk it shared goes on for the listing's sake.
 */
export const fuzzyFileSearch: Handler<"fuzzyFileSearch"> = async (params, ctx) => {
  const search = searchFiles(
    params.query,
    resolveRoots(params.roots, () => ctx.services.loadConfig().cwd),
    listingStore(ctx.server.codexHome),
  );
  const token = params.cancellationToken ?? undefined;
  if (token === undefined) return { files: await search };
  let running = searchesByToken.get(ctx.connection);
  if (!running) searchesByToken.set(ctx.connection, (running = new Map<string, () => void>()));
  running.get(token)?.();
  let cancel = () => {};
  const cancelled = new Promise<[]>((resolve) => (cancel = () => resolve([])));
  running.set(token, cancel);
  try {
    return { files: await Promise.race([search, cancelled]) };
  } finally {
    if (running.get(token) === cancel) running.delete(token);
  }
};

export { listingStore };

/**
 * Roots as absolute paths (relative ones from `base`, asked for only then: the config's first load costs a
 * few milliseconds of a fresh server's first search), each once.
 */
export function resolveRoots(roots: readonly string[], base: () => string): string[] {
  let cwd: string | undefined;
  return [...new Set(roots.map((r) => (isAbsolute(r) ? r : resolve((cwd ??= base()), r))))];
}

/** The best matches for `query` across `roots`, as the wire's FuzzyFileSearchResult. */
export async function searchFiles(query: string, roots: readonly string[], storeIn?: string) {
  if (query.trim() === "") return [];
  const perRoot = await Promise.all(
    roots.map(async (root) =>
      (await searchRoot(query, root, MAX_RESULTS, storeIn)).map((m) => ({ root, ...m })),
    ),
  );
  const best = selectBest(perRoot.flat(), MAX_RESULTS);
  // Fields in the real Codex's order, so that an answer reads the same.
  return best.map((m) => ({
    root: m.root,
    path: m.text,
    match_type: m.directory ? ("directory" as const) : ("file" as const),
    file_name: basename(m.text),
    score: m.score,
    indices: m.indices,
  }));
}
