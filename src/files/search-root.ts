// One root's fuzzy file search, shared by the app-server's fuzzyFileSearch and the TUI's `@` finder: the
// root's listing (files/listing-cache.ts: kept in memory while provably current, else walked as Codex's
// search lists it) goes through the cheap prefilter into the ranking as it streams in (a new walk's a
// folder at a time, a kept listing's as one text).
import type { ListingSink } from "./file-list.js";
import { plausibleLines, plausibleNames, TopMatches, warmRanking, type FuzzyMatch } from "./fuzzy.js";
import { searchListing } from "./listing-cache.js";

/** The best `limit` matches for `query` among the files and folders of `root`, best first. */
export async function searchRoot(
  query: string,
  root: string,
  limit: number,
  storeIn?: string,
): Promise<FuzzyMatch[]> {
  // Spaces around the query do not count (as in Codex), and would turn the prefilter off.
  const select = plausibleLines(query.trim());
  const selectNames = plausibleNames(query.trim());
  // Ranked as the listing streams in: a few hundred of 100,000 paths pass the prefilter, so the ranking runs
  // while the folders are still being read.
  const top = new TopMatches(query, limit);
  const sink: ListingSink = {
    lines: (block) => top.add(select(block)),
    // A new walk's folders one by one: the query is followed through a folder's path once for its names.
    folder: (rel, names) => top.add(selectNames(rel, names)),
    reset: () => top.clear(),
  };
  const listed = searchListing(root, sink, storeIn === undefined ? {} : { storeIn });
  // The kept listing is looked for first (an asynchronous read): time to warm the ranking up in.
  warmRanking();
  await listed;
  return top.result();
}
