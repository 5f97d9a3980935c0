// The answer's Markdown as terminal rows: the same functions serve the live view (AgentMessageCell) and the
// text printed straight into the scrollback (scrollback-text.ts), so both break at the same columns.
import { renderMarkdown } from "../../markdown/render-markdown.js";
import { rowToAnsi } from "../../render/styled-ansi.js";
import { wrapStyledLines } from "../../render/wrap-lines.js";

/** Columns of the bullet ("• ") or of its blank stand-in on a continued part. */
export const AGENT_GUTTER = 2;

export const agentBullet = (continued: boolean): string => (continued ? "  " : "• ");

/**
 * A finished answer (or part of one) as printed by HistoryCellView at `width` columns: a blank line above,
 * the bullet before the first row, every row cut to the width.
 */
export function agentMessageText(markdown: string, width: number, continued: boolean): string {
  const rows = wrapStyledLines(renderMarkdown(markdown), Math.max(1, width - AGENT_GUTTER));
  const bullet = agentBullet(continued);
  const text =
    rows.length === 0 ? [bullet.trimEnd()] : rows.map((r, i) => `${i === 0 ? bullet : "  "}${rowToAnsi(r)}`);
  return `\n${text.map((l) => l.trimEnd()).join("\n")}\n`;
}

const WARM_UP = [
  "## Heading",
  "Some **bold**, *italic* and `code` text with a [link](https://example.com).",
  "- a point\n- another\n  1. nested",
  "> quoted",
  "```ts\nconst x: number = 1;\n```",
  "| a | b |\n| - | - |\n| 1 | 2 |",
].join("\n\n");

/**
 * Renders a small answer once and throws it away. The first render compiles the Markdown parser's and the
 * width function's patterns (~100 ms, several times that on a busy machine): paid at start, not when the
 * first answer streams in while the user types.
 */
export function warmUpAnswerRendering(): void {
  agentMessageText(WARM_UP, 80, false);
}
