// Markdown to styled lines, one source line at a time, so a half-streamed message renders as far as it got:
// headings, lists (nested, numbered, task boxes), block quotes, rules, fenced code with syntax colour.
// Line breaks are kept as written; the terminal wraps long lines.
import { plainLine, span, type StyledLine } from "../render/styled-text.js";
import { highlightLine } from "./highlight.js";
import { parseInline } from "./parse-inline.js";

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w+#.-]*)/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

function headingLine(level: number, text: string): StyledLine {
  const style =
    level === 1
      ? { bold: true, underline: true }
      : level === 2
        ? { bold: true }
        : { bold: true, italic: true };
  return { spans: parseInline(text, style) };
}

function listLine(indent: string, marker: string, task: string | undefined, text: string): StyledLine {
  const depth = Math.floor(indent.replace(/\t/g, "    ").length / 2);
  const bullet = /\d/.test(marker) ? `${marker.replace(")", ".")} ` : depth % 2 === 0 ? "• " : "◦ ";
  const prefix = [span("  ".repeat(depth)), span(bullet, { dim: /\d/.test(marker) ? false : true })];
  if (task) {
    const done = /[xX]/.test(task);
    prefix.push(span(done ? "✔ " : "□ ", done ? { color: "green" } : { dim: true }));
    return { prefix, spans: parseInline(text, done ? { dim: true, strikethrough: true } : undefined) };
  }
  return { prefix, spans: parseInline(text) };
}

export function renderMarkdown(source: string): StyledLine[] {
  const lines: StyledLine[] = [];
  let fence: { marker: string; lang: string; indent: number } | undefined;
  for (const raw of source.replace(/\r\n/g, "\n").split("\n")) {
    if (fence) {
      const close = FENCE.exec(raw);
      if (close && close[2]?.startsWith(fence.marker) && !close[3]) {
        fence = undefined;
        continue;
      }
      const code = raw.slice(Math.min(fence.indent, raw.length - raw.trimStart().length));
      lines.push({ prefix: [span("  ")], spans: highlightLine(code, fence.lang) });
      continue;
    }
    const open = FENCE.exec(raw);
    if (open) {
      fence = { marker: open[2]?.slice(0, 3) ?? "```", lang: open[3] ?? "", indent: open[1]?.length ?? 0 };
      continue;
    }
    const heading = HEADING.exec(raw);
    if (heading) {
      lines.push(headingLine(heading[1]?.length ?? 1, heading[2] ?? ""));
      continue;
    }
    if (RULE.test(raw)) {
      lines.push(plainLine("─".repeat(40), { dim: true }));
      continue;
    }
    const item = LIST_ITEM.exec(raw);
    if (item) {
      lines.push(listLine(item[1] ?? "", item[2] ?? "-", item[3], item[4] ?? ""));
      continue;
    }
    const quote = QUOTE.exec(raw);
    if (quote) {
      lines.push({
        prefix: [span("▌ ", { color: "green" })],
        spans: parseInline(quote[1] ?? "", { dim: true }),
      });
      continue;
    }
    lines.push({ spans: parseInline(raw) });
  }
  // Trailing blank lines of a stream carry no content.
  while (
    lines.length > 0 &&
    lines[lines.length - 1]?.spans.every((s) => s.text.trim() === "") &&
    !lines[lines.length - 1]?.prefix
  ) {
    lines.pop();
  }
  return lines;
}
