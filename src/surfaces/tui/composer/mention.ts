// The word being typed at the cursor when it starts with `@` (a file) or `$` (a skill), and the composer
// with that word replaced by the chosen completion.
import type { ComposerState } from "./composer-state.js";

export interface Mention {
  sigil: "@" | "$";
  /** Offsets of the whole word, sigil included. */
  start: number;
  end: number;
  /** What was typed after the sigil. */
  query: string;
}

const SPACE = /\s/;

export function activeMention(state: ComposerState): Mention | undefined {
  const { text, cursor } = state;
  let start = cursor;
  while (start > 0 && !SPACE.test(text[start - 1] ?? "")) start--;
  let end = cursor;
  while (end < text.length && !SPACE.test(text[end] ?? "")) end++;
  const sigil = text[start];
  if (sigil !== "@" && sigil !== "$") return undefined;
  const query = text.slice(start + 1, end);
  // `$5` or `$HOME/x` is not a skill; `@@` is not a file.
  if (sigil === "$" && !/^([A-Za-z][A-Za-z0-9._:-]*)?$/.test(query)) return undefined;
  if (query.includes(sigil)) return undefined;
  return { sigil, start, end, query };
}

/** Replaces the mention's word with `replacement` followed by a space, the cursor after it. */
export function completeMention(state: ComposerState, mention: Mention, replacement: string): ComposerState {
  const before = state.text.slice(0, mention.start);
  const after = state.text.slice(mention.end);
  const inserted = after.startsWith(" ") ? replacement : `${replacement} `;
  const { browsing: _b, ...rest } = state;
  return { ...rest, text: before + inserted + after, cursor: before.length + inserted.length };
}
