// What the user sent, as the engine echoed it back (`user_message`).
import { Box, Text } from "ink";
import type { CellOf } from "../../state/cells.js";

export function UserMessageCell({ cell }: { cell: Pick<CellOf<"user">, "text"> }) {
  return (
    <Box flexDirection="row">
      <Box flexShrink={0}>
        <Text color="cyan" bold>
          ›{" "}
        </Text>
      </Box>
      <Text>{cell.text}</Text>
    </Box>
  );
}
