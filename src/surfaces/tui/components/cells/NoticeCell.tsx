// Errors (red), warnings (yellow) and information (dim) from the engine or the TUI itself.
import { Box, Text } from "ink";
import type { CellOf } from "../../state/cells.js";

const LOOK = {
  error: { mark: "■ ", color: "red" },
  warning: { mark: "⚠ ", color: "yellow" },
  info: { mark: "• ", color: "gray" },
} as const;

export function NoticeCell({ level, text }: Pick<CellOf<"notice">, "level" | "text">) {
  const look = LOOK[level];
  return (
    <Box flexDirection="row">
      <Box flexShrink={0}>
        <Text color={look.color}>{look.mark}</Text>
      </Box>
      <Text color={level === "info" ? undefined : look.color} dimColor={level === "info"}>
        {text}
      </Text>
    </Box>
  );
}
