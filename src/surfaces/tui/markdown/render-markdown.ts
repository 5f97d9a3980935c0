// Markdown to styled lines through marked's lexer: headings, paragraphs (line breaks kept as written),
// nested lists with numbers and task boxes, block quotes (nested too), rules, tables with aligned columns,
// and fenced code with syntax colour. A half-streamed message renders as far as it got: an unclosed fence
// is a code block to its end, an unclosed marker is text.
import { Lexer, type Token, type Tokens } from "marked";
import stringWidth from "string-width";
import { plainLine, span, type Span, type SpanStyle, type StyledLine } from "../render/styled-text.js";
import { highlightCode } from "./highlight.js";
import { inlineSpans, splitLines } from "./inline-spans.js";

const HEADING_STYLES: SpanStyle[] = [
  { bold: true, underline: true },
  { bold: true },
  { bold: true, italic: true },
];

/** Lines of inline text, each with the same prefix on the first line and `rest` on the others. */
function textLines(spans: Span[], first?: Span[], rest?: Span[]): StyledLine[] {
  return splitLines(spans).map((line, i) => {
    const prefix = i === 0 ? first : rest;
    return prefix && prefix.length > 0 ? { prefix, spans: line } : { spans: line };
  });
}

function listLines(list: Tokens.List, depth: number): StyledLine[] {
  const out: StyledLine[] = [];
  const start = typeof list.start === "number" ? list.start : 1;
  list.items.forEach((item, index) => {
    const indent = span("  ".repeat(depth));
    const bullet = list.ordered
      ? span(`${start + index}. `)
      : span(depth % 2 === 0 ? "• " : "◦ ", { dim: true });
    const marker = [indent, bullet];
    let textStyle: SpanStyle | undefined;
    if (item.task) {
      marker.push(item.checked ? span("✔ ", { color: "green" }) : span("□ ", { dim: true }));
      if (item.checked) textStyle = { dim: true, strikethrough: true };
    }
    const hang = [span(" ".repeat(marker.reduce((n, s) => n + stringWidth(s.text), 0)))];
    let first = true;
    for (const token of item.tokens) {
      if (token.type === "checkbox") continue;
      if (token.type === "list") {
        out.push(...listLines(token as Tokens.List, depth + 1));
        continue;
      }
      const lines =
        token.type === "text" || token.type === "paragraph"
          ? textLines(
              inlineSpans((token as Tokens.Text).tokens ?? [token], textStyle),
              first ? marker : hang,
              hang,
            )
          : blockLines([token], depth + 1).map((line) => ({
              ...line,
              prefix: [...hang, ...(line.prefix ?? [])],
            }));
      if (lines.length > 0) first = false;
      out.push(...lines);
    }
    if (first) out.push({ prefix: marker, spans: [] });
  });
  return out;
}

function tableLines(table: Tokens.Table): StyledLine[] {
  const header = table.header.map((cell) => inlineSpans(cell.tokens, { bold: true }));
  const rows = table.rows.map((row) => row.map((cell) => inlineSpans(cell.tokens)));
  const width = (spans: Span[]) => stringWidth(spans.map((s) => s.text).join(""));
  const widths = header.map((cell, col) =>
    Math.max(width(cell), ...rows.map((row) => width(row[col] ?? []))),
  );
  const pad = (cell: Span[], col: number): Span[] => {
    const room = (widths[col] ?? 0) - width(cell);
    const align = table.align[col];
    const left = align === "right" ? room : align === "center" ? Math.floor(room / 2) : 0;
    return [span(" ".repeat(left)), ...cell, span(" ".repeat(room - left))];
  };
  const row = (cells: Span[][]): StyledLine => ({
    spans: cells.flatMap((cell, col) => [
      ...(col > 0 ? [span(" │ ", { dim: true })] : []),
      ...pad(cell, col),
    ]),
  });
  const rule = plainLine(widths.map((w) => "─".repeat(w)).join("─┼─"), { dim: true });
  return [row(header), rule, ...rows.map(row)];
}

function blockLines(tokens: readonly Token[], depth = 0): StyledLine[] {
  const out: StyledLine[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        const style = HEADING_STYLES[Math.min(heading.depth, 3) - 1];
        out.push(...textLines(inlineSpans(heading.tokens, style)));
        break;
      }
      case "paragraph":
      case "text":
        out.push(...textLines(inlineSpans((token as Tokens.Paragraph).tokens ?? [token])));
        break;
      case "list":
        out.push(...listLines(token as Tokens.List, depth));
        break;
      case "blockquote": {
        const bar = span("▌ ", { color: "green" });
        for (const line of blockLines((token as Tokens.Blockquote).tokens, depth)) {
          out.push({
            prefix: [bar, ...(line.prefix ?? [])],
            spans: line.spans.map((s) => span(s.text, { ...s.style, dim: true })),
          });
        }
        break;
      }
      case "code": {
        const code = token as Tokens.Code;
        for (const spans of highlightCode(code.text, code.lang)) out.push({ prefix: [span("  ")], spans });
        break;
      }
      case "hr":
        out.push(plainLine("─".repeat(40), { dim: true }));
        break;
      case "table":
        out.push(...tableLines(token as Tokens.Table));
        break;
      case "space":
        if (out.length > 0) out.push({ spans: [] });
        break;
      default:
        if ("text" in token && typeof token.text === "string") out.push(...textLines([span(token.text)]));
    }
  }
  return out;
}

export function renderMarkdown(source: string): StyledLine[] {
  const lines = blockLines(Lexer.lex(source.replace(/\r\n/g, "\n"), { gfm: true }));
  // Trailing blank lines of a stream carry no content.
  while (
    lines.length > 0 &&
    lines.at(-1)?.spans.every((s) => s.text.trim() === "") &&
    !lines.at(-1)?.prefix
  ) {
    lines.pop();
  }
  return lines;
}
