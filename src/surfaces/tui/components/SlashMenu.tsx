// The `/` menu under the composer: the commands matching what was typed, one highlighted; at most
// `maxVisible` at a time (the window follows the highlight).
import { Box, Text } from "ink";
import type { SlashCommand } from "../slash/slash-commands.js";

export const MENU_ROWS = 8;

export function SlashMenu({
  matches,
  selected,
  maxVisible = MENU_ROWS,
}: {
  matches: readonly SlashCommand[];
  selected: number;
  maxVisible?: number;
}) {
  if (matches.length === 0) return <Text dimColor>{"  no matching command"}</Text>;
  const first = Math.max(0, Math.min(selected - maxVisible + 1, matches.length - maxVisible));
  const width = matches.reduce((m, c) => Math.max(m, c.name.length), 0) + 3;
  return (
    <Box flexDirection="column">
      {matches.slice(first, first + maxVisible).map((command, at) => {
        const i = first + at;
        return (
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
        );
      })}
    </Box>
  );
}
