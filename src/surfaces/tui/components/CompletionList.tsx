// The `@` file finder and `$` skill completion under the composer: the best matches, one highlighted.
import { Box, Text } from "ink";
import type { Completion } from "../composer/completions.js";

export function CompletionList({ completion, selected }: { completion: Completion; selected: number }) {
  if (completion.items.length === 0) {
    const what = completion.mention.sigil === "@" ? "files" : "skills";
    return <Text dimColor>{completion.loading ? `  searching ${what}…` : `  no matching ${what}`}</Text>;
  }
  const at = Math.min(selected, completion.items.length - 1);
  const width = completion.items.reduce((m, item) => Math.max(m, item.label.length), 0) + 4;
  return (
    <Box flexDirection="column">
      {completion.items.map((item, i) => (
        <Box key={item.label} flexDirection="row">
          <Box flexShrink={0} width={Math.min(width, 70)}>
            <Text color={i === at ? "cyan" : undefined} bold={i === at} wrap="truncate-middle">
              {`${i === at ? "›" : " "} ${item.label}`}
            </Text>
          </Box>
          {item.description ? (
            <Text dimColor={i !== at} wrap="truncate-end">
              {item.description}
            </Text>
          ) : null}
        </Box>
      ))}
      <Text dimColor>{"  ↑↓ select · Tab or Enter insert · Esc close"}</Text>
    </Box>
  );
}
