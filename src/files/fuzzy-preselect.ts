// For a query that most paths match ("ts", "src"), fuzzysort prepares and scores every candidate at some
// 10-20 µs each: seconds on 100,000 paths, where the real Codex answers in a fraction of one. Past
// DIRECT_LIMIT candidates, a coarse key computed in one pass over each path keeps the PRESELECTED most
// promising ones for fuzzysort: a name equal to the query (a file's, then a folder's), then a file whose
// name holds the query as one run, then in order, then the query as one run anywhere in the path; shorter
// paths first within each.
import { plausibleTest } from "./plausible.js";

/** Up to this many candidates go to fuzzysort as they are. */
export const DIRECT_LIMIT = 2_000;
/** How many the coarse key keeps for fuzzysort past DIRECT_LIMIT. */
export const PRESELECTED = 500;

interface Keyed {
  line: string;
  key: number;
}

/** The most promising candidates of many, given in batches (lines; a folder's ends in "/"). */
export class Preselection {
  private items: Keyed[] = [];
  private readonly lower: string;
  private readonly inOrder: ((text: string) => boolean) | undefined;

  constructor(query: string) {
    this.lower = query.toLowerCase();
    this.inOrder = plausibleTest(query);
  }

  add(lines: readonly string[]): void {
    for (const line of lines) this.items.push({ line, key: this.key(line) });
    if (this.items.length > 2 * PRESELECTED) this.trim();
  }

  /** The kept lines, most promising first. */
  take(): string[] {
    this.trim();
    return this.items.map((item) => item.line);
  }

  private trim(): void {
    this.items.sort((a, b) => b.key - a.key);
    this.items.length = Math.min(this.items.length, PRESELECTED);
  }

  private key(line: string): number {
    const folder = line.endsWith("/");
    const end = folder ? line.length - 1 : line.length;
    const name = line.slice(line.lastIndexOf("/", end - 1) + 1, end).toLowerCase();
    let tier = 0;
    // As ranked (files/fuzzy.ts): a file named as the query first, then a folder so named (one of them
    // gets the bonus).
    if (name === this.lower) tier = folder ? 4 : 5;
    else if (!folder && name.includes(this.lower)) tier = 3;
    else if (!folder && this.inOrder?.(name)) tier = 2;
    else if (line.toLowerCase().includes(this.lower)) tier = 1;
    // Paths are far shorter than a million characters: the tier always outweighs the length.
    return tier * 1_000_000 - end;
  }
}

/** The candidates worth ranking: all of them up to DIRECT_LIMIT, else the PRESELECTED most promising. */
export function preselect(query: string, candidates: readonly string[]): readonly string[] {
  if (candidates.length <= DIRECT_LIMIT) return candidates;
  const kept = new Preselection(query);
  kept.add(candidates);
  return kept.take();
}
