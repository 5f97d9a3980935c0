// Inline Markdown (code, bold, italic, strikethrough, links, bare URLs) to styled spans. Unclosed markers stay
// literal text, so a half-streamed `**bold` shows as typed until its end arrives.
import { span, type Span, type SpanStyle } from "../render/styled-text.js";

export const INLINE_STYLES = {
  code: { color: "cyan" },
  linkText: { color: "cyan", underline: true },
  url: { color: "blue", underline: true },
} satisfies Record<string, SpanStyle>;

const BARE_URL = /^https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/;

function merge(base: SpanStyle | undefined, extra: SpanStyle): SpanStyle {
  return { ...base, ...extra };
}

/** Finds the closing `marker` after `from`, not preceded by whitespace (so `a * b * c` stays literal). */
function findClose(text: string, marker: string, from: number): number {
  let at = text.indexOf(marker, from);
  while (at !== -1) {
    if (at > from && !/\s/.test(text[at - 1] ?? "")) return at;
    at = text.indexOf(marker, at + 1);
  }
  return -1;
}

export function parseInline(text: string, base?: SpanStyle): Span[] {
  const out: Span[] = [];
  let plain = "";
  const flush = () => {
    if (plain) out.push(span(plain, base));
    plain = "";
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const rest = text.slice(i);
    if (ch === "\\" && i + 1 < text.length && /[\\`*_[\]()#+\-.!~>]/.test(text[i + 1] ?? "")) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "`") {
      const ticks = /^`+/.exec(rest)?.[0] ?? "`";
      const close = text.indexOf(ticks, i + ticks.length);
      if (close !== -1) {
        flush();
        out.push(span(text.slice(i + ticks.length, close), merge(base, INLINE_STYLES.code)));
        i = close + ticks.length;
        continue;
      }
    }
    const emphasis = /^(\*\*|__|~~|\*|_)/.exec(rest)?.[0];
    if (emphasis && !/\s/.test(text[i + emphasis.length] ?? " ")) {
      // `_` inside a word (snake_case) is not emphasis.
      const intraword = emphasis[0] === "_" && /\w/.test(text[i - 1] ?? "");
      const close = intraword ? -1 : findClose(text, emphasis, i + emphasis.length);
      if (close !== -1) {
        const style: SpanStyle =
          emphasis === "~~"
            ? { strikethrough: true }
            : emphasis.length === 2
              ? { bold: true }
              : { italic: true };
        flush();
        out.push(...parseInline(text.slice(i + emphasis.length, close), merge(base, style)));
        i = close + emphasis.length;
        continue;
      }
    }
    if (ch === "[") {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
      if (link) {
        flush();
        const [whole, label = "", url = ""] = link;
        out.push(...parseInline(label, merge(base, INLINE_STYLES.linkText)));
        if (url !== label) out.push(span(` (${url})`, merge(base, { dim: true })));
        i += whole.length;
        continue;
      }
    }
    if (ch === "<") {
      const auto = /^<(https?:\/\/[^>\s]+)>/.exec(rest);
      if (auto) {
        flush();
        out.push(span(auto[1] ?? "", merge(base, INLINE_STYLES.url)));
        i += auto[0].length;
        continue;
      }
    }
    if (ch === "h" && !/\w/.test(text[i - 1] ?? "")) {
      const url = BARE_URL.exec(rest)?.[0];
      if (url) {
        flush();
        out.push(span(url, merge(base, INLINE_STYLES.url)));
        i += url.length;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}
