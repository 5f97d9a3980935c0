// Cheap first tests for fuzzy candidates: a path can match a query only if it holds the query's letters in
// order (ignoring ASCII case). fuzzysort prepares every target it is given, so the others are dropped first.
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

/**
 * plausibleTest for the lines of one folder at a time (files/tree-walk.ts's FolderNames: `rel + name` and
 * "\n" each): the query's letters are followed through the folder's path once, and only the rest is looked
 * for in each name. Keeps what plausibleLines keeps.
 */
export function plausibleNames(query: string): (rel: string, lines: string) => string[] {
  const all = (_rel: string, lines: string) => lines.slice(0, -1).split("\n");
  if (!ASCII.test(query)) return all;
  const want = Array.from(query.toLowerCase(), (ch) => ch.charCodeAt(0));
  /** How many of the query's letters `rel` holds in order; -1 for a non-ASCII path. */
  const follow = (rel: string): number => {
    let at = 0;
    for (let i = 0; i < rel.length && at < want.length; i++) {
      const c = rel.charCodeAt(i);
      if (c > 127) return -1;
      if ((c >= 65 && c <= 90 ? c + 32 : c) === want[at]) at++;
    }
    return at;
  };
  return (rel, lines) => {
    const start = follow(rel);
    if (start === -1 || start === want.length) return all(rel, lines);
    const kept: string[] = [];
    let line = 0;
    while (line < lines.length) {
      const newline = lines.indexOf("\n", line);
      const end = newline === -1 ? lines.length : newline;
      let at = start;
      for (let i = line + rel.length; i < end; i++) {
        const c = lines.charCodeAt(i);
        // All the letters, or a character beyond ASCII first: the line is kept.
        if (c > 127 || ((c >= 65 && c <= 90 ? c + 32 : c) === want[at] && ++at === want.length)) {
          kept.push(lines.slice(line, end));
          break;
        }
      }
      line = end + 1;
    }
    return kept;
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
