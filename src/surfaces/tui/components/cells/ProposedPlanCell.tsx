// Plan mode's proposed plan: a block of its own under a "Proposed Plan" title, its Markdown set off by a bar
// on the left so it reads apart from the answer around it. While it streams, only its last lines are drawn.
import { Box, Text } from "ink";
import { useMemo } from "react";
import { renderMarkdown } from "../../markdown/render-markdown.js";
import { wrapStyledLines } from "../../render/wrap-lines.js";
import { StyledRows } from "../StyledLines.js";

export interface ProposedPlanCellProps {
  markdown: string;
  /** When set (streaming), at most this many terminal rows at `width` columns. */
  maxRows?: number;
  width?: number;
}

export function ProposedPlanCell({ markdown, maxRows, width = 80 }: ProposedPlanCellProps) {
  const lines = useMemo(() => renderMarkdown(markdown), [markdown]);
  const inner = Math.max(1, width - 4);
  const rows = useMemo(() => wrapStyledLines(lines, inner), [lines, inner]);
  const shown = maxRows === undefined ? rows : rows.slice(Math.max(0, rows.length - maxRows));
  return (
    <Box flexDirection="column">
      <Text>
        <Text>• </Text>
        <Text bold color="magenta">
          Proposed Plan
        </Text>
      </Text>
      <Box
        marginLeft={2}
        paddingLeft={1}
        borderStyle="bold"
        borderColor="magenta"
        borderTop={false}
        borderRight={false}
        borderBottom={false}
      >
        <StyledRows rows={shown} />
      </Box>
    </Box>
  );
}
