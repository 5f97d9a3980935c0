// Fuzzy matching for the `@` finder, `$` completion, the slash-command popup and fuzzyFileSearch, on
// fuzzysort: the query's characters in order (case-insensitive), the best alignment rather than the
// left-most one, with bonuses for word starts and runs, so `ct` puts `src/cli.ts` first.
import fuzzysort from "fuzzysort";
import { DIRECT_LIMIT, preselect, Preselection } from "./fuzzy-preselect.js";
import { plausibleTest } from "./plausible.js";

export { plausibleLines, plausibleNames, plausibleTest } from "./plausible.js";

export interface FuzzyMatch {
  text: string;
  /** Higher is better; an integer (0 to 1000) for the wire. */
  score: number;
  /** Where the query's characters matched in `text`, for highlighting. */
  indices: number[];
  /** A folder (a listing line ending in "/", which `text` leaves out). */
  directory?: true;
}

/** The candidates fuzzysort could match at all (see plausibleTest). */
function plausible(query: string, candidates: readonly string[]): readonly string[] {
  const test = plausibleTest(query);
  return test ? candidates.filter((text) => test(text)) : candidates;
}

/** The best `limit` matches, best first; an empty query keeps the candidates' own order. */
export function fuzzyFilter(query: string, candidates: readonly string[], limit: number): FuzzyMatch[] {
  if (query.trim() === "") return candidates.slice(0, limit).map((text) => ({ text, score: 0, indices: [] }));
  return fuzzyRank(query, preselect(query, plausible(query, candidates)), limit);
}

let warmed = false;

/**
 * Pays the ranking's first-use costs once: fuzzysort's code runs cold. A search calls this right after
 * starting its lister, while it waits for the first output anyway.
 */
export function warmRanking(): void {
  if (warmed) return;
  warmed = true;
  new TopMatches("ab", 1).add(["a/b.ts", "x/a_b.ts"]);
}

/**
 * Best first: higher score, then the shorter text, then by text in code point order (as Codex breaks its
 * ties; localeCompare would also load ICU's collation data, 10-20 ms, on the first search).
 */
export const byRank = (a: FuzzyMatch, b: FuzzyMatch): number =>
  b.score - a.score || a.text.length - b.text.length || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

/** fuzzyFilter for candidates already past plausibleTest. */
export function fuzzyRank(query: string, candidates: readonly string[], limit: number): FuzzyMatch[] {
  return fuzzysort
    .go(query, candidates, { limit })
    .map((result) => ({
      text: result.target,
      score: Math.round(result.score * 1000),
      indices: [...result.indexes],
    }))
    .sort(byRank);
}

/** Added to the score of a file whose own name holds the query's letters in order. */
export const NAME_BONUS = 1 << 16;
/** Added instead to the score of a file or folder whose name is the query (ignoring case). */
export const EXACT_NAME_BONUS = 1 << 17;

/**
 * A path's score as fuzzyFileSearch ranks it: fuzzysort's (0 to 1000) plus a bonus when the query is in
 * the name itself rather than spread across folders, so `ct` puts `src/core/codex.ts` before
 * `src/core/turn-loop.ts`. The real Codex's scores show the same steps (2^16 for a file whose name
 * matches, 2^17 for a name equal to the query), and a client that sorts by score keeps this order.
 */
function rankedScore(
  query: string,
  inName: ((name: string) => boolean) | undefined,
  path: string,
  base: number,
  directory: boolean,
): number {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (name.toLowerCase() === query.toLowerCase()) return base + EXACT_NAME_BONUS;
  return !directory && inName?.(name) ? base + NAME_BONUS : base;
}

/**
 * The best `limit` matches of candidates that arrive in batches (a listing streaming in), in byRank order:
 * each batch is ranked as it comes, so the matching overlaps the listing; past DIRECT_LIMIT candidates the
 * rest are preselected (files/fuzzy-preselect.ts) and ranked when the result is asked for. A candidate
 * given twice counts once. Targets are prepared per call, not through fuzzysort's global cache, which would keep every path
 * ever searched for the life of the process.
 */
export class TopMatches {
  private best: FuzzyMatch[] = [];
  private readonly kept = new Set<string>();
  /** Candidates ranked as they came, and those past DIRECT_LIMIT waiting in a preselection. */
  private ranked = 0;
  private later: Preselection | undefined;
  /** Whether a name holds the query's letters in order (none for a query beyond ASCII: no bonus then). */
  private readonly inName: ((name: string) => boolean) | undefined;

  constructor(
    private readonly query: string,
    private readonly limit: number,
  ) {
    this.inName = plausibleTest(query);
  }

  /** Candidates are paths; a folder's ends in "/" (see files/tree-walk.ts). */
  add(candidates: readonly string[]): void {
    if (candidates.length === 0) return;
    if (this.later || this.ranked + candidates.length > DIRECT_LIMIT) {
      (this.later ??= new Preselection(this.query)).add(candidates);
      return;
    }
    this.ranked += candidates.length;
    this.rank(candidates);
  }

  private rank(candidates: readonly string[]): void {
    let folders: Set<string> | undefined;
    const targets = candidates.map((line) => {
      if (!line.endsWith("/")) return fuzzysort.prepare(line);
      const path = line.slice(0, -1);
      (folders ??= new Set()).add(path);
      return fuzzysort.prepare(path);
    });
    for (const result of fuzzysort.go(this.query, targets)) {
      if (this.kept.has(result.target)) continue;
      this.kept.add(result.target);
      const directory = folders?.has(result.target) ?? false;
      this.best.push({
        text: result.target,
        score: rankedScore(
          this.query,
          this.inName,
          result.target,
          Math.round(result.score * 1000),
          directory,
        ),
        indices: [...result.indexes],
        ...(directory ? { directory: true as const } : {}),
      });
    }
    // Trimmed now and then rather than per insert: sorting 2 x limit entries is cheap.
    if (this.best.length > 2 * this.limit) this.trim();
  }

  /** The best matches so far, best first. */
  result(): FuzzyMatch[] {
    if (this.later) {
      this.rank(this.later.take());
      this.later = undefined;
    }
    this.trim();
    return [...this.best];
  }

  clear(): void {
    this.best = [];
    this.kept.clear();
    this.ranked = 0;
    this.later = undefined;
  }

  private trim(): void {
    this.best.sort(byRank);
    for (const dropped of this.best.splice(this.limit)) this.kept.delete(dropped.text);
  }
}
