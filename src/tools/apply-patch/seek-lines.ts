// Finds where a chunk's old lines sit in a file, trying ever looser comparisons so that a model's
// whitespace slips or typographic punctuation do not make a correct patch fail.

export type MatchLevel = "exact" | "ignore-trailing-whitespace" | "ignore-surrounding-whitespace" | "unicode";

export const MATCH_LEVELS: readonly MatchLevel[] = [
  "exact",
  "ignore-trailing-whitespace",
  "ignore-surrounding-whitespace",
  "unicode",
];

const PUNCTUATION_REPLACEMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  // hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign
  [/[\u2010-\u2015\u2212]/g, "-"],
  // curly and low single quotes, primes used as apostrophes
  [/[\u2018\u2019\u201A\u201B\u2032]/g, "'"],
  // curly and low double quotes, double prime
  [/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
  // no-break space, en/em and other fixed-width spaces, narrow no-break, math space, ideographic space
  [/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " "],
];

export function normaliseUnicodePunctuation(line: string): string {
  let result = line;
  for (const [pattern, replacement] of PUNCTUATION_REPLACEMENTS)
    result = result.replace(pattern, replacement);
  return result;
}

const NORMALISE: Record<MatchLevel, (line: string) => string> = {
  exact: (line) => line,
  "ignore-trailing-whitespace": (line) => line.trimEnd(),
  "ignore-surrounding-whitespace": (line) => line.trim(),
  unicode: (line) => normaliseUnicodePunctuation(line).trim(),
};

export interface SeekResult {
  index: number;
  level: MatchLevel;
}

export interface LineSeeker {
  /**
   * First index >= `from` where `pattern` occurs, at the loosest level needed (stricter levels win).
   * With `atEnd`, only the position that ends exactly at the end of the file is considered.
   */
  seek(pattern: readonly string[], from: number, atEnd: boolean): SeekResult | undefined;
}

/** A seeker over one file's lines; each looser form of a line is computed once, on demand. */
export function createLineSeeker(lines: readonly string[]): LineSeeker {
  const normalisedByLevel = new Map<MatchLevel, Array<string | undefined>>();
  const fileLine = (level: MatchLevel, index: number): string => {
    const raw = lines[index] ?? "";
    if (level === "exact") return raw;
    let cache = normalisedByLevel.get(level);
    if (!cache) {
      cache = new Array<string | undefined>(lines.length);
      normalisedByLevel.set(level, cache);
    }
    return (cache[index] ??= NORMALISE[level](raw));
  };

  const matchesAt = (level: MatchLevel, wanted: readonly string[], index: number): boolean => {
    for (let j = 0; j < wanted.length; j++) {
      if (fileLine(level, index + j) !== wanted[j]) return false;
    }
    return true;
  };

  return {
    seek(pattern, from, atEnd) {
      const last = lines.length - pattern.length;
      if (last < from) return undefined;
      for (const level of MATCH_LEVELS) {
        const wanted = pattern.map(NORMALISE[level]);
        if (atEnd) {
          if (matchesAt(level, wanted, last)) return { index: last, level };
          continue;
        }
        for (let index = from; index <= last; index++) {
          if (matchesAt(level, wanted, index)) return { index, level };
        }
      }
      return undefined;
    },
  };
}
