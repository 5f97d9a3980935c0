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
  /** A folder (a listing line ending in "/", which `text` leaves out). */
  directory?: true;
}

const ASCII = /^[\x21-\x7e]*$/;

/**
 * A cheap first test for candidates, or undefined when every candidate must go to fuzzysort. fuzzysort
 * prepares (and caches) every target it is given, which on 100,000 paths costs over a second; a single
 * ASCII word matches only texts holding its letters in order (ignoring case), so the others can be dropped
 * first. Non-ASCII texts always pass (their case folding is fuzzysort's business). The test reads
 * `text[start, end)`, so a caller scanning a large buffer need not cut each line out first.
 */
export function plausibleTest(
  query: string,
): ((text: string, start?: number, end?: number) => boolean) | undefined {
  if (!ASCII.test(query)) return undefined;
  const lower = query.toLowerCase();
  const want = Array.from(lower, (ch) => ch.charCodeAt(0));
  return (text, start = 0, end = text.length) => {
    let at = 0;
    for (let i = start; i < end; i++) {
      let c = text.charCodeAt(i);
      if (c > 127) return true;
      if (c >= 65 && c <= 90) c += 32;
      if (c === want[at] && ++at === want.length) return true;
    }
    return at === want.length;
  };
}

const escapeRegExp = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");

/**
 * The lines of `block` ("\n"-separated) that plausibleTest accepts, picked by regular expressions rather
 * than a loop over every character: on a listing of 100,000 paths that is several times faster, and fast
 * from the first call (a fresh server's loop runs unoptimised). Each letter's gap excludes that letter, so
 * a line is matched without backtracking. ASCII case is ignored (non-ASCII letters never fold to ASCII in
 * a non-Unicode regular expression), and lines holding a non-ASCII character are all kept, as
 * plausibleTest keeps them. Lines may come in any order and twice.
 */
export function plausibleLines(query: string): (block: string) => string[] {
  if (!ASCII.test(query)) return (block) => block.split("\n").filter((line) => line !== "");
  let source = "^";
  for (const ch of query) source += `[^\\n${escapeRegExp(ch)}]*${escapeRegExp(ch)}`;
  const letters = new RegExp(`${source}[^\\n]*`, "gim");
  const nonAscii = /^[^\n]*[\u0080-\uffff][^\n]*/gm;
  return (block) => {
    const lines = block.match(letters) ?? [];
    return /[\u0080-\uffff]/.test(block) ? [...lines, ...(block.match(nonAscii) ?? [])] : lines;
  };
}

/** The candidates fuzzysort could match at all (see plausibleTest). */
function plausible(query: string, candidates: readonly string[]): readonly string[] {
  const test = plausibleTest(query);
  return test ? candidates.filter((text) => test(text)) : candidates;
}

/** The best `limit` matches, best first; an empty query keeps the candidates' own order. */
export function fuzzyFilter(query: string, candidates: readonly string[], limit: number): FuzzyMatch[] {
  if (query.trim() === "") return candidates.slice(0, limit).map((text) => ({ text, score: 0, indices: [] }));
  return fuzzyRank(query, plausible(query, candidates), limit);
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
 * each batch is ranked as it comes, so the matching overlaps the listing. A candidate given twice counts
 * once. Targets are prepared per call, not through fuzzysort's global cache, which would keep every path
 * ever searched for the life of the process.
 */
export class TopMatches {
  private best: FuzzyMatch[] = [];
  private readonly kept = new Set<string>();
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
    this.trim();
    return [...this.best];
  }

  clear(): void {
    this.best = [];
    this.kept.clear();
  }

  private trim(): void {
    this.best.sort(byRank);
    for (const dropped of this.best.splice(this.limit)) this.kept.delete(dropped.text);
  }
}
