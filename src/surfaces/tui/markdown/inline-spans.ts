// Inline Markdown tokens (from marked's lexer) to styled spans: code, bold, italic, strikethrough, links
// (their text, then the address), images, line breaks. Unclosed markers are text to the lexer, so a
// half-streamed `**bold` shows as typed until its end arrives.
import type { Token, Tokens } from "marked";
import { span, type Span, type SpanStyle } from "../render/styled-text.js";

export const INLINE_STYLES = {
  code: { color: "cyan" },
  linkText: { color: "cyan", underline: true },
  url: { color: "blue", underline: true },
} satisfies Record<string, SpanStyle>;

const merge = (base: SpanStyle | undefined, extra: SpanStyle): SpanStyle => ({ ...base, ...extra });

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** Spans for a run of inline tokens; a "\n" inside a span's text is a line break. */
export function inlineSpans(tokens: readonly Token[] | undefined, base?: SpanStyle): Span[] {
  const out: Span[] = [];
  for (const token of tokens ?? []) out.push(...tokenSpans(token, base));
  return out;
}

function tokenSpans(token: Token, base: SpanStyle | undefined): Span[] {
  switch (token.type) {
    case "strong":
      return inlineSpans((token as Tokens.Strong).tokens, merge(base, { bold: true }));
    case "em":
      return inlineSpans((token as Tokens.Em).tokens, merge(base, { italic: true }));
    case "del":
      return inlineSpans((token as Tokens.Del).tokens, merge(base, { strikethrough: true }));
    case "codespan":
      return [span(decode((token as Tokens.Codespan).text), merge(base, INLINE_STYLES.code))];
    case "br":
      return [span("\n", base)];
    case "link": {
      const link = token as Tokens.Link;
      const text = inlineSpans(link.tokens, merge(base, INLINE_STYLES.linkText));
      const label = text.map((s) => s.text).join("");
      if (label === link.href || `mailto:${label}` === link.href) {
        return [span(label, merge(base, INLINE_STYLES.url))];
      }
      return [...text, span(` (${link.href})`, merge(base, { dim: true }))];
    }
    case "image": {
      const image = token as Tokens.Image;
      return [span(`[image: ${image.text || image.href}]`, merge(base, { dim: true }))];
    }
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens ? inlineSpans(text.tokens, base) : [span(decode(text.text), base)];
    }
    case "escape":
      return [span(decode((token as Tokens.Escape).text), base)];
    default:
      return "text" in token && typeof token.text === "string" ? [span(decode(token.text), base)] : [];
  }
}

/** Splits spans at their line breaks: one span list per line. */
export function splitLines(spans: readonly Span[]): Span[][] {
  const lines: Span[][] = [[]];
  for (const s of spans) {
    s.text.split("\n").forEach((text, i) => {
      if (i > 0) lines.push([]);
      if (text !== "") lines.at(-1)?.push(s.style ? span(text, s.style) : span(text));
    });
  }
  return lines;
}
