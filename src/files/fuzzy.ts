// Fuzzy matching for the `@` finder and `$` completion: the query's characters in order (case-insensitive),
// scored so that matches in the file name, at word starts and in runs come first. One pass per candidate,
// no allocation on a miss, so 100k paths take a few milliseconds.

export interface FuzzyMatch {
  text: string;
  score: number;
}

const BOUNDARY = new Set(["/", "_", "-", ".", " "]);

/** The score of `text` for `query` (lower case), or undefined when it does not match. */
export function fuzzyScore(query: string, text: string): number | undefined {
  if (query === "") return 0;
  const lower = text.toLowerCase();
  const nameStart = lower.lastIndexOf("/") + 1;
  let score = 0;
  let at = 0;
  let previous = -2;
  for (let i = 0; i < query.length; i++) {
    const found = lower.indexOf(query[i] ?? "", at);
    if (found === -1) return undefined;
    let points = 1;
    if (found === previous + 1) points += 5;
    if (found === 0 || BOUNDARY.has(lower[found - 1] ?? "")) points += 3;
    if (found >= nameStart) points += 2;
    score += points;
    previous = found;
    at = found + 1;
  }
  // A whole-name prefix or substring beats a scattered match; shorter paths win ties.
  const name = lower.slice(nameStart);
  if (name.startsWith(query)) score += 20;
  else if (name.includes(query)) score += 10;
  return score * 1000 - Math.min(999, text.length);
}

/** The best `limit` matches, best first (ties: the shorter, then alphabetical). */
export function fuzzyFilter(query: string, candidates: readonly string[], limit: number): FuzzyMatch[] {
  const q = query.toLowerCase();
  const best: FuzzyMatch[] = [];
  for (const text of candidates) {
    const score = fuzzyScore(q, text);
    if (score === undefined) continue;
    if (best.length === limit && score <= (best.at(-1)?.score ?? -Infinity)) continue;
    let i = best.length;
    while (i > 0 && (best[i - 1]?.score ?? 0) < score) i--;
    best.splice(i, 0, { text, score });
    if (best.length > limit) best.pop();
  }
  return best;
}

/** Where `fuzzyScore` found the query's characters in `text` (the same left-most greedy match). */
export function fuzzyIndices(query: string, text: string): number[] | undefined {
  const lower = text.toLowerCase();
  const q = query.toLowerCase();
  const indices: number[] = [];
  let at = 0;
  for (let i = 0; i < q.length; i++) {
    const found = lower.indexOf(q[i] ?? "", at);
    if (found === -1) return undefined;
    indices.push(found);
    at = found + 1;
  }
  return indices;
}
