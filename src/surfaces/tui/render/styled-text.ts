// Styled lines: what Markdown, diffs and command output are turned into before Ink draws them. Plain data,
// so renderers can be tested without a terminal and the live area can be cut to the lines that fit.

import type { Span, SpanStyle, StyledLine } from "./styled-line.js";
import { wrapStyledLine } from "./wrap-lines.js";

export type { Span, SpanStyle, StyledLine } from "./styled-line.js";

export const span = (text: string, style?: SpanStyle): Span => (style ? { text, style } : { text });

export const plainLine = (text: string, style?: SpanStyle): StyledLine => ({ spans: [span(text, style)] });

export function lineText(line: StyledLine): string {
  return [...(line.prefix ?? []), ...line.spans].map((s) => s.text).join("");
}

/** Terminal rows a line takes at `width` columns: the rows the shared wrapping cuts it into. */
export function visualRows(line: StyledLine, width: number): number {
  return wrapStyledLine(line, width).length;
}

/** The last lines that fit in `rows` terminal rows: the live area must stay shorter than the screen. */
export function tailByRows(lines: readonly StyledLine[], rows: number, width: number): StyledLine[] {
  let used = 0;
  let start = lines.length;
  while (start > 0) {
    const next = visualRows(lines[start - 1] as StyledLine, width);
    if (used + next > rows) break;
    used += next;
    start--;
  }
  return lines.slice(start);
}
