// Styled rows as terminal text (SGR escape codes), for what is printed straight into the scrollback without
// Ink laying it out. The styles are applied with chalk in the order Ink's <Text> applies them, so a row
// printed here looks exactly like the same row drawn by StyledLines.tsx.
import chalk, { type ChalkInstance } from "chalk";
import type { Span, SpanStyle, StyledLine } from "./styled-line.js";

/** chalk's foreground colour of a colour name ("cyan", "gray", "redBright", "#ff8800"); undefined if unknown. */
function colour(name: string): ChalkInstance | undefined {
  if (name.startsWith("#")) return chalk.hex(name);
  const style = (chalk as unknown as Record<string, unknown>)[name];
  return typeof style === "function" ? (style as ChalkInstance) : undefined;
}

function styled(text: string, s: SpanStyle | undefined): string {
  if (!s) return text;
  let out = text;
  if (s.dim) out = chalk.dim(out);
  if (s.color) out = colour(s.color)?.(out) ?? out;
  if (s.bold) out = chalk.bold(out);
  if (s.italic) out = chalk.italic(out);
  if (s.underline) out = chalk.underline(out);
  if (s.strikethrough) out = chalk.strikethrough(out);
  return out;
}

const spansText = (spans: readonly Span[]): string => spans.map((s) => styled(s.text, s.style)).join("");

/** One row already cut to the terminal's width (wrap-lines.ts), prefix first, trailing spaces dropped. */
export function rowToAnsi(row: StyledLine): string {
  return spansText([...(row.prefix ?? []), ...row.spans]).trimEnd();
}
