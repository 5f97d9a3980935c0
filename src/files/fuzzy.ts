// Fuzzy matching for the `@` finder, `$` completion, the slash-command popup and fuzzyFileSearch, on
// fuzzysort: the query's characters in order (case-insensitive), the best alignment rather than the
// left-most one, with bonuses for word starts and runs, so `ct` puts `src/cli.ts` first.
import fuzzysort from "fuzzysort";

export interface FuzzyMatch {
  text: string;
  /** Higher is better; an integer (0 to 1000) for the wire. */
  score: number;
  /** Where the query's characters matched in `text`, for highlighting. */
  indices: number[];
}

/** The best `limit` matches, best first; an empty query keeps the candidates' own order. */
export function fuzzyFilter(query: string, candidates: readonly string[], limit: number): FuzzyMatch[] {
  if (query.trim() === "") return candidates.slice(0, limit).map((text) => ({ text, score: 0, indices: [] }));
  return fuzzysort
    .go(query, candidates, { limit })
    .map((result) => ({
      text: result.target,
      score: Math.round(result.score * 1000),
      indices: [...result.indexes],
    }))
    .sort((a, b) => b.score - a.score || a.text.length - b.text.length || a.text.localeCompare(b.text));
}
