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

function asciiKind(c: number): Kind {
  if (c >= 97 && c <= 122) return Kind.Lower;
  if (c >= 65 && c <= 90) return Kind.Upper;
  if (c >= 48 && c <= 57) return Kind.Number;
  if (c === 47) return Kind.Delimiter;
  return c === 32 || (c >= 9 && c <= 13) ? Kind.Whitespace : Kind.NonWord;
}

/** The kind of `text`'s character at `at`, without cutting an ASCII one out (the common case, and hot). */
function kindAt(text: string, at: number): Kind {
  const c = text.charCodeAt(at);
  return c < 128 ? asciiKind(c) : kindOf(text[at]!);
}

function kindOf(ch: string): Kind {
  const c = ch.charCodeAt(0);
  if (c < 128) return asciiKind(c);
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

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/**
 * `text` as `query` is compared with it: lower case, and for an ASCII query without accents (Codex's `u`
 * finds `über`, its `ü` not `ubér`), one character for one so that positions stay.
 */
export function comparable(query: string, text: string): string {
  const lower = text.toLowerCase();
  if (isAscii(lower) || !isAscii(query)) return lower;
  let plain = "";
  for (const ch of lower) {
    const base = ch.normalize("NFD")[0]!;
    plain += ch.length === 1 && base.length === 1 ? base : ch;
  }
  return plain;
}

/** Whether bestAlignment can match `query` in `text` (else fuzzysort's alignment stands in). */
export function alignable(query: string, text: string): boolean {
  return (
    !/\s/.test(query) &&
    query.toLowerCase().length === query.length &&
    text.toLowerCase().length === text.length
  );
}

/**
 * A single character, as Codex's matcher looks for one: the first of its best places, where a place
 * after a space or a separator ends the search. In a text beyond ASCII the character before a place is
 * taken to be the previous place's (the matcher's way there), so `a` then `A` in `Café/README` scores the
 * `A` as a camelCase hump.
 */
function bestSingle(
  needle: string,
  text: string,
  hay: string,
): { score: number; indices: number[] } | undefined {
  const first = hay.indexOf(needle);
  if (first < 0) return undefined;
  const plain = isAscii(text);
  let previous = first === 0 ? Kind.Delimiter : kindOf(text[first - 1]!);
  let best = -1;
  let at = first;
  for (let i = first; i < hay.length; i++) {
    if (plain) previous = i === 0 ? Kind.Delimiter : kindOf(text[i - 1]!);
    if (hay[i] !== needle) continue;
    const kind = kindOf(text[i]!);
    const bonus = bonusFor(previous, kind);
    previous = kind;
    const score = MATCH + bonus * FIRST_CHAR_MULTIPLIER;
    if (score > best) {
      [best, at] = [score, i];
      if (bonus >= BOUNDARY) break;
    }
  }
  return { score: best, indices: [at] };
}

/** The dynamic programme's cells, kept between calls (a search scores hundreds of paths). */
function newScratch(cells: number) {
  return {
    bonus: new Int32Array(cells),
    mScore: new Int32Array(cells),
    mRun: new Int32Array(cells),
    mConsecutive: new Uint8Array(cells),
    pScore: new Int32Array(cells),
    pOpened: new Uint8Array(cells),
  };
}
let scratch = newScratch(4096);

/**
 * Where `query`'s characters (ignoring case) score best in `text`, and that score, as Codex's matcher finds
 * them; undefined when `text` does not hold them in order. A dynamic programme over (query character, text
 * position) with two states, the character matched there or a gap running there, each cell keeping the
 * bonus of the run it ends: O(query x text). Ties go the matcher's way: a gap over a run, a later end.
 */
export function bestAlignment(query: string, text: string): { score: number; indices: number[] } | undefined {
  const m = query.length;
  const n = text.length;
  if (m === 0 || m > n) return undefined;
  const needle = query.toLowerCase();
  const hay = comparable(query, text);
  if (needle.length !== m || hay.length !== n) return undefined;
  if (m === 1) return bestSingle(needle, text, hay);
  // Each query character's first possible position: a row starts there (nothing before can end a match).
  const off = new Array<number>(m);
  for (let i = 0, j = 0; i < m; i++, j++) {
    const code = needle.charCodeAt(i);
    while (j < n && hay.charCodeAt(j) !== code) j++;
    if (j === n) return undefined;
    off[i] = j;
  }
  const cells = m * n;
  if (scratch.bonus.length < cells) scratch = newScratch(Math.max(cells, 2 * scratch.bonus.length));
  const { bonus, mScore, mRun, mConsecutive, pScore, pOpened } = scratch;
  let kind = Kind.Delimiter;
  for (let j = 0; j < n; j++) {
    const next = kindAt(text, j);
    bonus[j] = bonusFor(kind, next);
    kind = next;
  }
  // Cell (i, j) at i * n + j: the matched state's score (-1: no match there), its run's bonus, whether it
  // continued a run; the gap state's score and whether it opened right after a match.
  for (let i = 0; i < m; i++) {
    const row = i * n;
    const up = row - n;
    const ch = needle.charCodeAt(i);
    mScore.fill(-1, row, row + n);
    pScore.fill(0, row, row + n);
    pOpened.fill(0, row, row + n);
    for (let j = off[i]!; j < n; j++) {
      const at = row + j;
      mConsecutive[at] = 0;
      if (hay.charCodeAt(j) === ch) {
        const b = bonus[j]!;
        if (i === 0) {
          mScore[at] = MATCH + b * FIRST_CHAR_MULTIPLIER;
          mRun[at] = b;
        } else {
          const before = mScore[up + j - 1]!;
          const skip = pScore[up + j - 1]! + b;
          let runBonus = Math.max(mRun[up + j - 1]!, CONSECUTIVE);
          if (b >= BOUNDARY && b > runBonus) runBonus = b;
          const go = before >= 0 ? before + Math.max(runBonus, b) : -1;
          if (before >= 0 && go > skip) {
            mScore[at] = go + MATCH;
            mRun[at] = runBonus;
            mConsecutive[at] = 1;
          } else {
            mScore[at] = skip + MATCH;
            mRun[at] = b;
          }
        }
      }
      // The gap state at j + 1: after a match at j, or the gap at j running on (a tie keeps it running).
      if (j + 1 < n) {
        const fromMatch = Math.max(0, mScore[at]! - GAP_START);
        const fromGap = Math.max(0, pScore[at]! - GAP_EXTENSION);
        if (fromMatch > fromGap) {
          pScore[at + 1] = fromMatch;
          pOpened[at + 1] = 1;
        } else pScore[at + 1] = fromGap;
      }
    }
  }
  const lastRow = (m - 1) * n;
  let end = -1;
  // A later end wins a tie.
  for (let j = off[m - 1]!; j < n; j++) {
    const v = mScore[lastRow + j]!;
    if (v >= 0 && (end < 0 || v >= mScore[lastRow + end]!)) end = j;
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
      matched = mConsecutive[row * n + col] === 1;
      row--;
    } else matched = pOpened[row * n + col] === 1;
    col--;
  }
  return { score: mScore[lastRow + end]!, indices };
}
