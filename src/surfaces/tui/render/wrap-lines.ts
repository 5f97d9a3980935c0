// The one wrapping function of the terminal UI. Every styled line is cut into terminal rows here, by display
// width (wide characters, emoji and combining marks through string-width), so the live view and the text
// committed to the scrollback break at the same places and no row is ever wider than the terminal: Ink then
// draws each row as is, without wrapping it again.
import stringWidth from "string-width";
import type { Span, SpanStyle, StyledLine } from "./styled-line.js";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Display width of text in terminal columns. */
export const textWidth = (text: string): number => stringWidth(text);

interface Piece {
  text: string;
  style: SpanStyle | undefined;
  width: number;
}

/** A word (pieces of one or more spans with no space between them) or a run of spaces. */
interface Token {
  space: boolean;
  pieces: Piece[];
  width: number;
}

function tokenize(spans: readonly Span[]): Token[] {
  const tokens: Token[] = [];
  for (const s of spans) {
    for (const m of s.text.matchAll(/\s+|\S+/g)) {
      const text = m[0];
      const space = /^\s/.test(text);
      const piece: Piece = { text, style: s.style, width: textWidth(text) };
      const last = tokens.at(-1);
      // A word may run across spans ("**bold**text"): it stays one token so it is not broken in the middle.
      if (last && last.space === space) {
        last.pieces.push(piece);
        last.width += piece.width;
      } else tokens.push({ space, pieces: [piece], width: piece.width });
    }
  }
  return tokens;
}

class RowBuilder {
  readonly rows: Piece[][] = [];
  private row: Piece[] = [];
  width = 0;

  push(piece: Piece): void {
    const last = this.row.at(-1);
    if (last && last.style === piece.style) {
      last.text += piece.text;
      last.width += piece.width;
    } else this.row.push({ ...piece });
    this.width += piece.width;
  }

  /** Ends the row; spaces at its end are dropped (they would only push the row past the last column). */
  newRow(): void {
    if (this.row.some((p) => p.text.trim() !== "")) {
      for (let last = this.row.at(-1); last; last = this.row.at(-1)) {
        const trimmed = last.text.trimEnd();
        if (trimmed === last.text) break;
        if (trimmed !== "") {
          last.text = trimmed;
          last.width = textWidth(trimmed);
          break;
        }
        this.row.pop();
      }
    }
    this.rows.push(this.row);
    this.row = [];
    this.width = 0;
  }

  get empty(): boolean {
    return this.row.length === 0;
  }

  finish(): Piece[][] {
    if (this.row.length > 0 || this.rows.length === 0) this.newRow();
    return this.rows;
  }
}

/** Breaks a word longer than the row at the width, grapheme by grapheme. */
function breakLong(token: Token, room: number, out: RowBuilder): void {
  for (const piece of token.pieces) {
    let chunk = "";
    let chunkWidth = 0;
    for (const { segment } of graphemes.segment(piece.text)) {
      const w = textWidth(segment);
      if (out.width + chunkWidth + w > room && out.width + chunkWidth > 0) {
        if (chunk) out.push({ text: chunk, style: piece.style, width: chunkWidth });
        out.newRow();
        chunk = "";
        chunkWidth = 0;
      }
      chunk += segment;
      chunkWidth += w;
    }
    if (chunk) out.push({ text: chunk, style: piece.style, width: chunkWidth });
  }
}

function wrapSpans(spans: readonly Span[], room: number): Piece[][] {
  const out = new RowBuilder();
  for (const token of tokenize(spans)) {
    if (token.space) {
      // Spaces that do not fit are where the row breaks; they are not carried to the next row.
      if (out.width + token.width <= room) for (const p of token.pieces) out.push(p);
      else if (!out.empty) out.newRow();
      continue;
    }
    if (out.width + token.width <= room) {
      for (const p of token.pieces) out.push(p);
    } else if (token.width <= room) {
      out.newRow();
      for (const p of token.pieces) out.push(p);
    } else {
      if (!out.empty) out.newRow();
      breakLong(token, room, out);
    }
  }
  return out.finish();
}

const toSpans = (pieces: Piece[]): Span[] =>
  pieces.map((p) => (p.style ? { text: p.text, style: p.style } : { text: p.text }));

/**
 * The rows `line` takes at `width` columns, each at most `width` wide. The prefix is drawn on the first row;
 * the rows after it hang under the text, indented by the prefix's width.
 */
export function wrapStyledLine(line: StyledLine, width: number): StyledLine[] {
  const prefix = line.prefix ?? [];
  const prefixWidth = prefix.reduce((n, s) => n + textWidth(s.text), 0);
  const room = Math.max(1, width - prefixWidth);
  const textW = line.spans.reduce((n, s) => n + textWidth(s.text), 0);
  if (textW <= room && !line.spans.some((s) => s.text.includes("\n"))) return [line];
  const rows = wrapSpans(
    line.spans.map((s) => ({ ...s, text: s.text.replace(/\n/g, " ") })),
    room,
  );
  const hang = prefixWidth > 0 ? [{ text: " ".repeat(prefixWidth) }] : [];
  return rows.map((pieces, i) => {
    const spans = toSpans(pieces);
    if (i === 0) return prefix.length > 0 ? { prefix, spans } : { spans };
    return hang.length > 0 ? { prefix: hang, spans } : { spans };
  });
}

/** Every line cut into rows of at most `width` columns. */
export function wrapStyledLines(lines: readonly StyledLine[], width: number): StyledLine[] {
  return lines.flatMap((line) => wrapStyledLine(line, width));
}
