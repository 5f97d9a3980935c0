// The composer as a value: multi-line text, a cursor, and the history of what was sent. Pure functions, so
// editing is tested without a terminal.

export interface ComposerState {
  text: string;
  /** Offset into `text` (UTF-16 units, never inside a surrogate pair). */
  cursor: number;
  /** What was sent, oldest first. */
  history: readonly string[];
  /** While browsing history with Up/Down: the entry shown, and the draft to come back to. */
  browsing?: { index: number; draft: string };
}

export const emptyComposer = (history: readonly string[] = []): ComposerState => ({
  text: "",
  cursor: 0,
  history,
});

function set(state: ComposerState, text: string, cursor: number): ComposerState {
  const { browsing: _b, ...rest } = state;
  return { ...rest, text, cursor };
}

export function insertText(state: ComposerState, inserted: string): ComposerState {
  const { text, cursor } = state;
  return set(state, text.slice(0, cursor) + inserted + text.slice(cursor), cursor + inserted.length);
}

function prevIndex(text: string, at: number): number {
  if (at <= 0) return 0;
  const code = text.charCodeAt(at - 1);
  return code >= 0xdc00 && code <= 0xdfff && at >= 2 ? at - 2 : at - 1;
}

function nextIndex(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff && at + 1 < text.length ? at + 2 : at + 1;
}

export function backspace(state: ComposerState): ComposerState {
  if (state.cursor === 0) return state;
  const at = prevIndex(state.text, state.cursor);
  return set(state, state.text.slice(0, at) + state.text.slice(state.cursor), at);
}

export function deleteForward(state: ComposerState): ComposerState {
  if (state.cursor >= state.text.length) return state;
  const to = nextIndex(state.text, state.cursor);
  return set(state, state.text.slice(0, state.cursor) + state.text.slice(to), state.cursor);
}

export const moveLeft = (s: ComposerState): ComposerState => ({ ...s, cursor: prevIndex(s.text, s.cursor) });
export const moveRight = (s: ComposerState): ComposerState => ({ ...s, cursor: nextIndex(s.text, s.cursor) });

function lineStart(text: string, at: number): number {
  return text.lastIndexOf("\n", at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
  const end = text.indexOf("\n", at);
  return end === -1 ? text.length : end;
}

export const moveLineStart = (s: ComposerState): ComposerState => ({
  ...s,
  cursor: lineStart(s.text, s.cursor),
});
export const moveLineEnd = (s: ComposerState): ComposerState => ({ ...s, cursor: lineEnd(s.text, s.cursor) });

export function killToLineStart(state: ComposerState): ComposerState {
  const start = lineStart(state.text, state.cursor);
  return set(state, state.text.slice(0, start) + state.text.slice(state.cursor), start);
}

export function killToLineEnd(state: ComposerState): ComposerState {
  const end = lineEnd(state.text, state.cursor);
  // At the end of a line, Ctrl+K joins the next line, as in a shell.
  const to = end === state.cursor && end < state.text.length ? end + 1 : end;
  return set(state, state.text.slice(0, state.cursor) + state.text.slice(to), state.cursor);
}

function wordStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && /\s/.test(text[i - 1] ?? "")) i--;
  while (i > 0 && !/\s/.test(text[i - 1] ?? "")) i--;
  return i;
}

function wordEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  while (i < text.length && !/\s/.test(text[i] ?? "")) i++;
  return i;
}

export function deleteWordBack(state: ComposerState): ComposerState {
  const start = wordStart(state.text, state.cursor);
  return set(state, state.text.slice(0, start) + state.text.slice(state.cursor), start);
}

export const moveWordLeft = (s: ComposerState): ComposerState => ({
  ...s,
  cursor: wordStart(s.text, s.cursor),
});
export const moveWordRight = (s: ComposerState): ComposerState => ({
  ...s,
  cursor: wordEnd(s.text, s.cursor),
});

/** Up: the line above, or (on the first line) the previous history entry. */
export function moveUp(state: ComposerState): ComposerState {
  const start = lineStart(state.text, state.cursor);
  if (start > 0 && !state.browsing) {
    const column = state.cursor - start;
    const prevStart = lineStart(state.text, start - 1);
    return { ...state, cursor: Math.min(prevStart + column, start - 1) };
  }
  const index = (state.browsing?.index ?? state.history.length) - 1;
  const entry = state.history[index];
  if (entry === undefined) return state;
  return {
    ...state,
    text: entry,
    cursor: entry.length,
    browsing: { index, draft: state.browsing?.draft ?? state.text },
  };
}

/** Down: the line below, or (on the last line, while browsing) the next history entry or the draft. */
export function moveDown(state: ComposerState): ComposerState {
  const end = lineEnd(state.text, state.cursor);
  if (end < state.text.length && !state.browsing) {
    const column = state.cursor - lineStart(state.text, state.cursor);
    const nextEnd = lineEnd(state.text, end + 1);
    return { ...state, cursor: Math.min(end + 1 + column, nextEnd) };
  }
  if (!state.browsing) return state;
  const index = state.browsing.index + 1;
  const entry = state.history[index];
  if (entry === undefined) {
    const draft = state.browsing.draft;
    return set(state, draft, draft.length);
  }
  return { ...state, text: entry, cursor: entry.length, browsing: { ...state.browsing, index } };
}

/** Sends: returns the text and a cleared composer that remembers it. */
export function submit(state: ComposerState): { text: string; next: ComposerState } {
  const text = state.text;
  const history =
    text.trim() === "" || state.history.at(-1) === text ? state.history : [...state.history, text];
  return { text, next: emptyComposer(history) };
}

export const clearComposer = (state: ComposerState): ComposerState => emptyComposer(state.history);
