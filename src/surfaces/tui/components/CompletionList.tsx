// The `@` file finder and `$` skill completion under the composer: the best matches, one highlighted.
import { Box, Text } from "ink";
import type { Completion, CompletionItem } from "../composer/completions.js";

/** The label with the characters the query matched in bold, so a person sees why it matched. */
function Label({ item }: { item: CompletionItem }) {
  const hits = new Set(item.matched ?? []);
  if (hits.size === 0) return <>{item.label}</>;
  const runs: Array<{ text: string; hit: boolean }> = [];
  for (const [i, char] of [...item.label].entries()) {
    const hit = hits.has(i);
    const last = runs.at(-1);
    if (last && last.hit === hit) last.text += char;
    else runs.push({ text: char, hit });
  }
  return (
    <>
      {runs.map((run, i) =>
        run.hit ? (
          <Text key={i} bold underline>
            {run.text}
          </Text>
        ) : (
          run.text
        ),
      )}
    </>
  );
}

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
              {`${i === at ? "›" : " "} `}
              <Label item={item} />
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
