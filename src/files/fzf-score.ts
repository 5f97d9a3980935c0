// The score the real Codex's file search gives a match (its matcher scores as fzf does), worked out for
// the alignment fuzzysort found: each matched character earns a base plus a bonus for where it sits (after
// a `/`, another separator or a space, at a camelCase hump or the start of a number), the first character's
// bonus counts twice, a run of matches keeps its first character's bonus, and each gap costs 3 for its first
// character and 1 for each after. It depends on where the characters matched, not on the path's length, so
// names that start with the query tie, as Codex's do. bestAlignment finds where the query's characters score
// best, as Codex's matcher does; alignmentScore scores a given alignment.
const MATCH = 16;
const GAP_START = 3;
const GAP_EXTENSION = 1;
const BOUNDARY = MATCH / 2;
/** After a `/` (and at the start of the text, which counts as after one). */
const BOUNDARY_DELIMITER = BOUNDARY + 1;
const CAMEL_OR_NUMBER = BOUNDARY - GAP_START;
const CONSECUTIVE = GAP_START + GAP_EXTENSION;
const FIRST_CHAR_MULTIPLIER = 2;

const enum Kind {
  Whitespace,
  NonWord,
  Delimiter,
  Lower,
  Upper,
  Letter,
  Number,
}

function kindOf(ch: string): Kind {
  if (ch === "/") return Kind.Delimiter;
  if (/^[a-z]$/.test(ch)) return Kind.Lower;
  if (/^[A-Z]$/.test(ch)) return Kind.Upper;
  if (/^[0-9]$/.test(ch)) return Kind.Number;
  if (/^\s$/.test(ch)) return Kind.Whitespace;
  if (/^\p{Ll}$/u.test(ch)) return Kind.Lower;
  if (/^\p{Lu}$/u.test(ch)) return Kind.Upper;
  if (/^\p{L}$/u.test(ch)) return Kind.Letter;
  if (/^\p{N}$/u.test(ch)) return Kind.Number;
  return Kind.NonWord;
}

function bonusFor(previous: Kind, kind: Kind): number {
  if (kind > Kind.Delimiter) {
    if (previous === Kind.Delimiter) return BOUNDARY_DELIMITER;
    if (previous === Kind.Whitespace || previous === Kind.NonWord) return BOUNDARY;
  }
  if (
    (previous === Kind.Lower && kind === Kind.Upper) ||
    (previous !== Kind.Number && kind === Kind.Number)
  ) {
    return CAMEL_OR_NUMBER;
  }
  return kind === Kind.Whitespace || kind === Kind.NonWord ? BOUNDARY : 0;
}

/** The score of `text` matched at `indices` (ascending UTF-16 positions, as fuzzysort gives them). */
export function alignmentScore(text: string, indices: readonly number[]): number {
  const first = indices[0];
  if (first === undefined) return 0;
  const last = indices[indices.length - 1]!;
  let previous = first === 0 ? Kind.Delimiter : kindOf(text[first - 1]!);
  let kind = kindOf(text[first]!);
  let firstBonus = bonusFor(previous, kind);
  let score = MATCH + firstBonus * FIRST_CHAR_MULTIPLIER;
  previous = kind;
  let next = 1;
  let inGap = false;
  let consecutive = true;
  for (let i = first + 1; i <= last; i++) {
    kind = kindOf(text[i]!);
    if (i === indices[next]) {
      next++;
      let bonus = bonusFor(previous, kind);
      if (consecutive) {
        if (bonus >= BOUNDARY && bonus > firstBonus) firstBonus = bonus;
        bonus = Math.max(bonus, firstBonus, CONSECUTIVE);
      } else firstBonus = bonus;
      score += MATCH + bonus;
      inGap = false;
      consecutive = true;
    } else {
      score = Math.max(0, score - (inGap ? GAP_EXTENSION : GAP_START));
      inGap = true;
      consecutive = false;
    }
    previous = kind;
  }
  return score;
}

/**
 * Where `query`'s characters (ignoring case) score best in `text`, and that score, as Codex's matcher finds
 * them; undefined when `text` does not hold them in order. A dynamic programme over (query character, text
 * position) with two states, the character matched there or a gap running there, each cell keeping the
 * bonus of the run it ends: O(query x text). Ties go the matcher's way: a gap over a run, a later end
 * (an earlier one for a single character).
 */
export function bestAlignment(query: string, text: string): { score: number; indices: number[] } | undefined {
  const m = query.length;
  const n = text.length;
  if (m === 0 || m > n) return undefined;
  const needle = query.toLowerCase();
  const hay = text.toLowerCase();
  // toLowerCase may change the length (a few characters); such texts go to the caller's fallback.
  if (needle.length !== m || hay.length !== n) return undefined;
  // Each query character's first possible position: a row starts there (nothing before can end a match).
  const off = new Array<number>(m);
  for (let i = 0, j = 0; i < m; i++, j++) {
    while (j < n && hay[j] !== needle[i]) j++;
    if (j === n) return undefined;
    off[i] = j;
  }
  const bonus = new Array<number>(n);
  let kind = Kind.Delimiter;
  for (let j = 0; j < n; j++) {
    const next = kindOf(text[j]!);
    bonus[j] = bonusFor(kind, next);
    kind = next;
  }
  // Per row: the matched state's score (-1: no match there), its run's bonus, whether it continued a run;
  // the gap state's score and whether it opened right after a match.
  const mScore: Int32Array[] = [];
  const mRun: Int32Array[] = [];
  const mConsecutive: Uint8Array[] = [];
  const pScore: Int32Array[] = [];
  const pOpened: Uint8Array[] = [];
  for (let i = 0; i < m; i++) {
    const score = new Int32Array(n).fill(-1);
    const run = new Int32Array(n);
    const consecutive = new Uint8Array(n);
    const gap = new Int32Array(n);
    const opened = new Uint8Array(n);
    const ch = needle[i];
    for (let j = off[i]!; j < n; j++) {
      if (hay[j] === ch) {
        const b = bonus[j]!;
        if (i === 0) {
          score[j] = MATCH + b * FIRST_CHAR_MULTIPLIER;
          run[j] = b;
        } else {
          const before = mScore[i - 1]![j - 1]!;
          const skip = pScore[i - 1]![j - 1]! + b;
          let runBonus = Math.max(mRun[i - 1]![j - 1]!, CONSECUTIVE);
          if (b >= BOUNDARY && b > runBonus) runBonus = b;
          const go = before >= 0 ? before + Math.max(runBonus, b) : -1;
          if (before >= 0 && go > skip) {
            score[j] = go + MATCH;
            run[j] = runBonus;
            consecutive[j] = 1;
          } else {
            score[j] = skip + MATCH;
            run[j] = b;
          }
        }
      }
      // The gap state at j + 1: after a match at j, or the gap at j running on (a tie keeps it running).
      if (j + 1 < n) {
        const fromMatch = Math.max(0, Math.max(score[j]!, 0) - GAP_START);
        const fromGap = Math.max(0, gap[j]! - GAP_EXTENSION);
        if (fromMatch > fromGap) [gap[j + 1], opened[j + 1]] = [fromMatch, 1];
        else gap[j + 1] = fromGap;
      }
    }
    mScore.push(score);
    mRun.push(run);
    mConsecutive.push(consecutive);
    pScore.push(gap);
    pOpened.push(opened);
  }
  const last = mScore[m - 1]!;
  let end = -1;
  // A later end wins a tie; for a single character the earlier one (Codex's matcher looks for one alone).
  const later = m > 1;
  for (let j = off[m - 1]!; j < n; j++) {
    if (last[j]! >= 0 && (end < 0 || last[j]! > last[end]! || (later && last[j] === last[end]))) end = j;
  }
  if (end < 0) return undefined;
  const indices = new Array<number>(m);
  let row = m - 1;
  let col = end;
  let matched = true;
  for (;;) {
    if (matched) {
      indices[row] = col;
      if (row === 0) break;
      matched = mConsecutive[row]![col] === 1;
      row--;
    } else matched = pOpened[row]![col] === 1;
    col--;
  }
  return { score: last[end]!, indices };
}
