// Fuzzy matching for the `@` finder, `$` completion, the slash-command popup and fuzzyFileSearch, on
// fuzzysort: the query's characters in order (case-insensitive), the best alignment rather than the
// left-most one, with bonuses for word starts and runs, so `ct` puts `src/cli.ts` first.
import fuzzysort from "fuzzysort";
import { DIRECT_LIMIT, preselect, Preselection } from "./fuzzy-preselect.js";
import { alignable, alignmentScore, bestAlignment, comparable } from "./fzf-score.js";
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
/** Added as well to the score of a file, or instead to a folder's, whose name is the query (ignoring case). */
export const EXACT_NAME_BONUS = 1 << 17;

/**
 * fuzzyFileSearch's order, as the real Codex 0.169 answers: higher score first, equal scores by path in
 * code point order (upper case before lower, no preference for the shorter path).
 */
export const byScoreThenPath = (a: FuzzyMatch, b: FuzzyMatch): number =>
  b.score - a.score || compareCodePoints(a.text, b.text);

/**
 * Which matches make the answer when more tie than it holds: higher score, then the shorter path (Codex's
 * matcher keeps those: on 100,000 files its 50 answers to `ts` all have the shortest paths), then by path
 * (Codex: whichever its walk met first). The answer itself is then in byScoreThenPath order.
 */
export const bySelection = (a: FuzzyMatch, b: FuzzyMatch): number =>
  b.score - a.score || a.text.length - b.text.length || compareCodePoints(a.text, b.text);

/** The best `limit` of `matches` (bySelection), in byScoreThenPath order. */
export const selectBest = <M extends FuzzyMatch>(matches: M[], limit: number): M[] =>
  matches.sort(bySelection).slice(0, limit).sort(byScoreThenPath);

/** Code point order (Rust's string order), which `<` on UTF-16 breaks only past U+FFFF against U+E000-U+FFFF. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (U+D800-U+DFFF) stands for a code point above every BMP one.
    const surrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
    if (surrogate(x) !== surrogate(y)) return surrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** Where the query matches a path's name, scored on the name alone; undefined when the name cannot hold it. */
function nameMatch(
  query: string,
  maybeInName: ((name: string) => boolean) | undefined,
  path: string,
): { base: number; indices: number[] } | undefined {
  const start = path.lastIndexOf("/") + 1;
  const name = path.slice(start);
  if (maybeInName && !maybeInName(name)) return undefined;
  const found = scored(query, name);
  return found && { base: found.base, indices: found.indices.map((i) => i + start) };
}

/**
 * `query` matched in `text` as Codex scores it (files/fzf-score.ts): the best alignment, undefined when
 * there is none (fuzzysort also folds accents that Codex keeps for a non-ASCII query); for what that does
 * not handle (a query of several words, case folding that changes lengths) fuzzysort's, scored alike.
 */
function scored(
  query: string,
  text: string,
  fallback?: readonly number[],
): { base: number; indices: number[] } | undefined {
  const words = query.split(/\s+/);
  // Several words: each is matched on its own, their scores added (Codex's matcher does so).
  if (words.length > 1 && words.every((word) => alignable(word, text))) {
    let base = 0;
    const indices = new Set<number>();
    for (const word of words) {
      const best = bestAlignment(word, text);
      if (!best) return undefined;
      base += best.score;
      for (const i of best.indices) indices.add(i);
    }
    return { base, indices: [...indices].sort((a, b) => a - b) };
  }
  if (alignable(query, text)) {
    const best = bestAlignment(query, text);
    return best && { base: best.score, indices: best.indices };
  }
  const indices = fallback ? [...fallback] : fuzzysort.single(query, fuzzysort.prepare(text))?.indexes;
  return indices && { base: alignmentScore(text, [...indices]), indices: [...indices] };
}

/** scored for a one-word query (TopMatches' `alone`), without splitting it into words per path. */
function scoredAlone(query: string, text: string): { base: number; indices: number[] } | undefined {
  if (text.toLowerCase().length !== text.length) return scored(query, text);
  const best = bestAlignment(query, text);
  return best && { base: best.score, indices: best.indices };
}

/**
 * A path's score and highlight as fuzzyFileSearch ranks them, as the real Codex 0.169 answers: the
 * fzf-style score of files/fzf-score.ts for where fuzzysort matched. A file whose name holds the query is
 * scored, and highlighted, on its name alone (`a/xa` for `a` highlights the name's `a`; `b/c/b` and `zed/b`
 * tie), plus NAME_BONUS; a name equal to the query adds EXACT_NAME_BONUS too. A folder named as the query
 * is marked `exactFolder` (TopMatches gives the bonus to one such folder only). A client sorting by score
 * keeps the order.
 */
function ranked(
  query: string,
  maybeInName: ((name: string) => boolean) | undefined,
  path: string,
  pathMatch: { base: number; indices: number[] },
  directory: boolean,
): { score: number; indices: number[]; exactFolder?: true } {
  // Several words get no bonus from Codex.
  if (/\s/.test(query)) return { score: pathMatch.base, indices: pathMatch.indices };
  const named = comparable(query, path.slice(path.lastIndexOf("/") + 1)) === query.toLowerCase();
  if (directory)
    return { score: pathMatch.base, indices: pathMatch.indices, ...(named ? { exactFolder: true } : {}) };
  const exact = named ? EXACT_NAME_BONUS : 0;
  const inName = nameMatch(query, maybeInName, path);
  if (!inName) return { score: pathMatch.base + exact, indices: pathMatch.indices };
  return { score: inName.base + NAME_BONUS + exact, indices: inName.indices };
}

/**
 * The folder named as the query that Codex gives EXACT_NAME_BONUS: one only, the shallowest, then the
 * first by path (checked against the real Codex: `ab/` over `x/ab/`, `zz/ab/` over `q/w/ab/`, `a/ab/` over
 * `b/ab/`).
 */
const shallowestFirst = (a: FuzzyMatch, b: FuzzyMatch): number =>
  depthOf(a.text) - depthOf(b.text) || compareCodePoints(a.text, b.text);
const depthOf = (path: string): number => path.split("/").length;

/**
 * The best `limit` matches of candidates that arrive in batches (a listing streaming in), in byScoreThenPath order:
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
  /** Folders named as the query (few): one of them gets EXACT_NAME_BONUS, see shallowestFirst. */
  private namedFolders: FuzzyMatch[] = [];
  /** A cheap first test of whether a name can hold the query (none for a query beyond ASCII). */
  private readonly maybeInName: ((name: string) => boolean) | undefined;

  /** The query without the spaces around it (Codex ignores them). */
  private readonly query: string;
  /** One word, whose case folds one character for one: matched by its score alone (see rankAlone). */
  private readonly alone: boolean;

  constructor(
    query: string,
    private readonly limit: number,
  ) {
    this.query = query.trim();
    this.maybeInName = plausibleTest(this.query);
    this.alone = this.query !== "" && alignable(this.query, "");
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
    if (this.alone) return this.rankAlone(candidates);
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
      const pathMatch = scored(this.query, result.target, result.indexes);
      if (!pathMatch) continue;
      this.keep(
        result.target,
        ranked(this.query, this.maybeInName, result.target, pathMatch, directory),
        directory,
      );
    }
    // Trimmed now and then rather than per insert: sorting 2 x limit entries is cheap.
    if (this.best.length > 2 * this.limit) this.trim();
  }

  /**
   * rank for a query of one word: scored straight away, as what Codex's score needs (the best alignment)
   * also tells whether a path matches at all; fuzzysort's own matching would be done for nothing (on a
   * first search, 10-20 ms of code that runs cold).
   */
  private rankAlone(candidates: readonly string[]): void {
    for (const line of candidates) {
      const directory = line.endsWith("/");
      const path = directory ? line.slice(0, -1) : line;
      if (this.kept.has(path)) continue;
      const pathMatch = scoredAlone(this.query, path);
      if (!pathMatch) continue;
      this.kept.add(path);
      this.keep(path, ranked(this.query, this.maybeInName, path, pathMatch, directory), directory);
    }
    if (this.best.length > 2 * this.limit) this.trim();
  }

  /** A ranked match; a folder named as the query waits aside until the result (see shallowestFirst). */
  private keep(
    text: string,
    rank: { score: number; indices: number[]; exactFolder?: true },
    directory: boolean,
  ): void {
    const match: FuzzyMatch = {
      text,
      score: rank.score,
      indices: rank.indices,
      ...(directory ? { directory: true as const } : {}),
    };
    if (rank.exactFolder) this.namedFolders.push(match);
    else this.best.push(match);
  }

  /** The best matches so far, best first. */
  result(): FuzzyMatch[] {
    if (this.later) {
      this.rank(this.later.take());
      this.later = undefined;
    }
    // One folder named as the query gets the bonus (see shallowestFirst).
    const named = [...this.namedFolders]
      .sort(shallowestFirst)
      .map((match, i) => (i === 0 ? { ...match, score: match.score + EXACT_NAME_BONUS } : match));
    return selectBest([...this.best, ...named], this.limit);
  }

  clear(): void {
    this.best = [];
    this.namedFolders = [];
    this.kept.clear();
    this.ranked = 0;
    this.later = undefined;
  }

  private trim(): void {
    this.best.sort(bySelection);
    for (const dropped of this.best.splice(this.limit)) this.kept.delete(dropped.text);
  }
}
