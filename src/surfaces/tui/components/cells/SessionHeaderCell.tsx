// The box printed when a session starts: version, model, directory, and how to begin.
import { Box, Text } from "ink";
import { tildePath } from "../../render/tilde-path.js";
import type { CellOf } from "../../state/cells.js";

export function SessionHeaderCell({
  version,
  session,
}: Pick<CellOf<"session_header">, "version" | "session">) {
  return (
    <Box flexDirection="column" borderStyle="round" borderDimColor paddingX={1} alignSelf="flex-start">
      <Text>
        <Text bold>{">_ codex-ts"}</Text>
        <Text dimColor>{` (v${version})`}</Text>
      </Text>
      <Text> </Text>
      <Text>
        <Text dimColor>{"model:     "}</Text>
        <Text>{session.effort ? `${session.model} ${session.effort}` : session.model}</Text>
      </Text>
      <Text>
        <Text dimColor>{"directory: "}</Text>
        <Text>{tildePath(session.cwd)}</Text>
      </Text>
    </Box>
  );
}
