// The `/` menu under the composer: the commands matching what was typed, one highlighted.
import { Box, Text } from "ink";
import type { SlashCommand } from "../slash/slash-commands.js";

export function SlashMenu({ matches, selected }: { matches: readonly SlashCommand[]; selected: number }) {
  if (matches.length === 0) return <Text dimColor>{"  no matching command"}</Text>;
  const width = matches.reduce((m, c) => Math.max(m, c.name.length), 0) + 3;
  return (
    <Box flexDirection="column">
      {matches.map((command, i) => (
        <Box key={command.name} flexDirection="row">
          <Box flexShrink={0} width={width + 2}>
            <Text color={i === selected ? "cyan" : undefined} bold={i === selected}>
              {`${i === selected ? "›" : " "} /${command.name}`}
            </Text>
          </Box>
          <Text dimColor={i !== selected} color={i === selected ? "cyan" : undefined}>
            {command.description}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
