// The model's answer, rendered as Markdown. While it streams, only the last lines that fit are drawn; its
// finished blocks reach the scrollback as they complete (state/agent-stream.ts).
import { Box, Text } from "ink";
import { useMemo } from "react";
import { renderMarkdown } from "../../markdown/render-markdown.js";
import { wrapStyledLines } from "../../render/wrap-lines.js";
import { StyledRows } from "../StyledLines.js";
import { AGENT_GUTTER, agentBullet } from "./agent-message-rows.js";

export interface AgentMessageCellProps {
  markdown: string;
  /** When set (streaming), at most this many terminal rows at `width` columns. */
  maxRows?: number;
  width?: number;
  /** A later part of an answer whose start is already above: no bullet. */
  continued?: boolean;
}

export function AgentMessageCell({
  markdown,
  maxRows,
  width = 80,
  continued = false,
}: AgentMessageCellProps) {
  const lines = useMemo(() => renderMarkdown(markdown), [markdown]);
  const inner = Math.max(1, width - AGENT_GUTTER);
  const rows = useMemo(() => wrapStyledLines(lines, inner), [lines, inner]);
  const shown = maxRows === undefined ? rows : rows.slice(Math.max(0, rows.length - maxRows));
  return (
    <Box flexDirection="row">
      <Box flexShrink={0}>
        <Text>{agentBullet(continued)}</Text>
      </Box>
      <StyledRows rows={shown} />
    </Box>
  );
}
