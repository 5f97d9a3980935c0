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

const ASCII = /^[\x21-\x7e]*$/;

/** True when `text` holds the characters of `lowerQuery` in order, ignoring case (ASCII only). */
function hasSubsequence(text: string, lowerQuery: string): boolean {
  let at = 0;
  for (let i = 0; i < text.length && at < lowerQuery.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c === lowerQuery.charCodeAt(at)) at++;
  }
  return at === lowerQuery.length;
}

/**
 * The candidates fuzzysort could match at all. fuzzysort prepares (and caches) every target it is given,
 * which on 100,000 paths costs over a second; a single ASCII word matches only paths holding its letters in
 * order, so the others are dropped first. Non-ASCII paths and multi-word queries go through untouched.
 */
function plausible(query: string, candidates: readonly string[]): readonly string[] {
  if (!ASCII.test(query)) return candidates;
  const lower = query.toLowerCase();
  return candidates.filter((text) => hasSubsequence(text, lower) || !ASCII.test(text));
}

/** The best `limit` matches, best first; an empty query keeps the candidates' own order. */
export function fuzzyFilter(query: string, candidates: readonly string[], limit: number): FuzzyMatch[] {
  if (query.trim() === "") return candidates.slice(0, limit).map((text) => ({ text, score: 0, indices: [] }));
  return fuzzysort
    .go(query, plausible(query, candidates), { limit })
    .map((result) => ({
      text: result.target,
      score: Math.round(result.score * 1000),
      indices: [...result.indexes],
    }))
    .sort((a, b) => b.score - a.score || a.text.length - b.text.length || a.text.localeCompare(b.text));
}
