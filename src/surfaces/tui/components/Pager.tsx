// A window onto long text (the `/diff` output) in the live area, scrolled with the keys.
import { Box, Text } from "ink";
import type { StyledLine } from "../render/styled-text.js";
import { StyledLineView } from "./StyledLines.js";

export function Pager({
  title,
  lines,
  offset,
  rows,
}: {
  title: string;
  lines: readonly StyledLine[];
  offset: number;
  rows: number;
}) {
  const shown = lines.slice(offset, offset + rows);
  const last = Math.min(lines.length, offset + rows);
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {shown.map((line, i) => (
        <Box key={offset + i} height={1} overflow="hidden">
          <StyledLineView line={line} />
        </Box>
      ))}
      <Text
        dimColor
      >{`lines ${lines.length === 0 ? 0 : offset + 1}-${last} of ${lines.length} · ↑↓ j k scroll · PgUp PgDn space page · g G ends · q close`}</Text>
    </Box>
  );
}
