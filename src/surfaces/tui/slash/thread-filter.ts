// The /resume picker's filter: what the user types narrows the threads by their first message, fuzzily
// (fuzzysort: the query's characters in order, the best alignment, word starts and runs ranked first), best
// match first, with the matched characters to highlight.
import fuzzysort from "fuzzysort";
import { previewLine, type ThreadChoice } from "./thread-choices.js";

export interface ThreadMatch {
  thread: ThreadChoice;
  /** The first message on one line, as the picker shows it (before it is cut to the column). */
  line: string;
  /** Positions in `line` that matched the query. */
  indices: number[];
}

/** The threads the query matches, best first; an empty query keeps them all, in their order. */
export function filterThreads(threads: readonly ThreadChoice[], query: string): ThreadMatch[] {
  const lines = threads.map((thread) => ({ thread, line: previewLine(thread.preview, Infinity) }));
  if (query.trim() === "") return lines.map((entry) => ({ ...entry, indices: [] }));
  return fuzzysort
    .go(query, lines, { key: "line" })
    .map((result) => ({ ...result.obj, indices: [...result.indexes] }));
}
