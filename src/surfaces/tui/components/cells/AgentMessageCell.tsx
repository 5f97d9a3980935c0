// The model's answer, rendered as Markdown. While it streams, only the last lines that fit are drawn; the
// whole message reaches the scrollback once it is complete.
import { Box, Text } from "ink";
import { useMemo } from "react";
import { renderMarkdown } from "../../markdown/render-markdown.js";
import { tailByRows } from "../../render/styled-text.js";
import { StyledLines } from "../StyledLines.js";

export interface AgentMessageCellProps {
  markdown: string;
  /** When set (streaming), at most this many terminal rows at `width` columns. */
  maxRows?: number;
  width?: number;
}

export function AgentMessageCell({ markdown, maxRows, width = 80 }: AgentMessageCellProps) {
  const lines = useMemo(() => renderMarkdown(markdown), [markdown]);
  const shown = maxRows === undefined ? lines : tailByRows(lines, maxRows, Math.max(10, width - 2));
  return (
    <Box flexDirection="row">
      <Box flexShrink={0}>
        <Text>• </Text>
      </Box>
      <StyledLines lines={shown} />
    </Box>
  );
}
