// A reasoning summary: dimmed, so the answer stands out.
import { Box, Text } from "ink";
import { useMemo } from "react";
import { renderMarkdown } from "../../markdown/render-markdown.js";
import { tailByRows, type StyledLine } from "../../render/styled-text.js";
import { StyledLines } from "../StyledLines.js";

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
  const shown = maxRows === undefined ? lines : tailByRows(lines, maxRows, Math.max(10, width - 2));
  return (
    <Box flexDirection="row">
      <Box flexShrink={0}>
        <Text dimColor>• </Text>
      </Box>
      <StyledLines lines={shown} />
    </Box>
  );
}
