// A framed table of labelled values (the `/status` report).
import { Box, Text } from "ink";
import type { CellOf } from "../../state/cells.js";

export function StatusCardCell({ title, rows }: Pick<CellOf<"status_card">, "title" | "rows">) {
  const width = rows.reduce((m, [label]) => Math.max(m, label.length), 0) + 2;
  return (
    <Box flexDirection="column" borderStyle="round" borderDimColor paddingX={1} alignSelf="flex-start">
      <Text bold>{title}</Text>
      <Text> </Text>
      {rows.map(([label, value]) => (
        <Box key={label} flexDirection="row">
          <Box flexShrink={0} width={width}>
            <Text dimColor>{`${label}:`}</Text>
          </Box>
          <Text>{value}</Text>
        </Box>
      ))}
    </Box>
  );
}
