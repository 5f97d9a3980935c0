// One root's fuzzy file search, shared by the app-server's fuzzyFileSearch and the TUI's `@` finder: the
// root's listing (files/listing-cache.ts: kept in memory while provably current, else walked as Codex's
// search lists it) goes through the cheap prefilter into the ranking, block by block as it streams in.
import { plausibleLines, TopMatches, warmRanking, type FuzzyMatch } from "./fuzzy.js";
import { searchListing } from "./listing-cache.js";

/** The best `limit` matches for `query` among the files and folders of `root`, best first. */
export async function searchRoot(
  query: string,
  root: string,
  limit: number,
  storeIn?: string,
): Promise<FuzzyMatch[]> {
  const select = plausibleLines(query);
  // Ranked block by block as the listing streams in: a few hundred of 100,000 paths pass the prefilter, so
  // the ranking runs while the folders are still being read.
  const top = new TopMatches(query, limit);
  const sink = { lines: (block: string) => top.add(select(block)), reset: () => top.clear() };
  const listed = searchListing(root, sink, storeIn === undefined ? {} : { storeIn });
  // A new walk's first reads are in the thread pool by now, their answers milliseconds away: time to warm up in.
  warmRanking();
  await listed;
  return top.result();
}
