// A reasoning summary: dimmed, so the answer stands out.
import { Box, Text } from "ink";
import { useMemo } from "react";
import { renderMarkdown } from "../../markdown/render-markdown.js";
import type { StyledLine } from "../../render/styled-text.js";
import { wrapStyledLines } from "../../render/wrap-lines.js";
import { StyledRows } from "../StyledLines.js";

function dimmed(lines: StyledLine[]): StyledLine[] {
  return lines.map((line) => ({
    ...line,
    spans: line.spans.map((s) => ({ text: s.text, style: { ...s.style, dim: true, italic: true } })),
  }));
}

export function ReasoningCell({
  text,
  maxRows,
  width = 80,
}: {
  text: string;
  maxRows?: number;
  width?: number;
}) {
  const lines = useMemo(() => dimmed(renderMarkdown(text)), [text]);
  const inner = Math.max(1, width - 2);
  const rows = useMemo(() => wrapStyledLines(lines, inner), [lines, inner]);
  const shown = maxRows === undefined ? rows : rows.slice(Math.max(0, rows.length - maxRows));
  return (
    <Box flexDirection="row">
      <Box flexShrink={0}>
        <Text dimColor>• </Text>
      </Box>
      <StyledRows rows={shown} />
    </Box>
  );
}
