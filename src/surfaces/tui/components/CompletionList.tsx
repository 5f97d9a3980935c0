// The `@` file finder and `$` skill completion under the composer: the best matches, one highlighted. A
// file or folder shows as Codex's finder shows it: its name (files in cyan), the folder it is in ("./" at
// the top; the characters the query matched there in bold, none in the name, as Codex has it) and its kind.
import { Box, Text } from "ink";
import type { Completion, CompletionItem } from "../composer/completions.js";

/** `text` with the characters the query matched in bold (and underlined, unless `plain`). */
function Label({ text, matched, plain }: { text: string; matched?: number[]; plain?: boolean }) {
  const hits = new Set(matched ?? []);
  if (hits.size === 0) return <>{text}</>;
  const runs: Array<{ text: string; hit: boolean }> = [];
  for (const [i, char] of [...text].entries()) {
    const hit = hits.has(i);
    const last = runs.at(-1);
    if (last && last.hit === hit) last.text += char;
    else runs.push({ text: char, hit });
  }
  return (
    <>
      {runs.map((run, i) =>
        run.hit ? (
          <Text key={i} bold underline={!plain}>
            {run.text}
          </Text>
        ) : (
          run.text
        ),
      )}
    </>
  );
}

const FOOTER = "  ↑↓ select · Tab or Enter insert · Esc close";

/** `@` matches: name, folder, kind in columns. */
function FileRows({ items, at }: { items: CompletionItem[]; at: number }) {
  const split = items.map((item) => {
    const slash = item.label.lastIndexOf("/");
    return {
      item,
      name: item.label.slice(slash + 1),
      folder: item.label.slice(0, slash + 1),
    };
  });
  const width = split.reduce((m, row) => Math.max(m, row.name.length), 0) + 4;
  return (
    <Box flexDirection="column">
      {split.map(({ item, name, folder }, i) => (
        <Box key={item.label} flexDirection="row">
          <Box flexShrink={0} width={Math.min(width, 50)}>
            <Text color={item.kind === "file" ? "cyan" : undefined} bold={i === at} wrap="truncate-middle">
              {`${i === at ? "›" : " "} `}
              {name}
            </Text>
          </Box>
          <Box flexGrow={1} flexBasis={0}>
            <Text dimColor={i !== at} wrap="truncate-start">
              <Label
                text={folder === "" ? "./" : folder}
                {...(folder && item.matched ? { matched: item.matched } : {})}
                plain
              />
            </Text>
          </Box>
          {/* The kind flush right, as Codex's finder has it. */}
          <Box flexShrink={0} width={6} justifyContent="flex-end">
            <Text color={item.kind === "file" ? "cyan" : undefined} bold={i === at}>
              {item.kind === "dir" ? "Dir" : "File"}
            </Text>
          </Box>
        </Box>
      ))}
      <Text dimColor>{FOOTER}</Text>
    </Box>
  );
}

export function CompletionList({ completion, selected }: { completion: Completion; selected: number }) {
  if (completion.items.length === 0) {
    const file = completion.mention.sigil === "@";
    if (file && completion.mention.query.trim() === "")
      return <Text dimColor>{"  type to search files"}</Text>;
    const what = file ? "files" : "skills";
    return <Text dimColor>{completion.loading ? `  searching ${what}…` : `  no matching ${what}`}</Text>;
  }
  const at = Math.min(selected, completion.items.length - 1);
  if (completion.mention.sigil === "@") return <FileRows items={completion.items} at={at} />;
  const width = completion.items.reduce((m, item) => Math.max(m, item.label.length), 0) + 4;
  return (
    <Box flexDirection="column">
      {completion.items.map((item, i) => (
        <Box key={item.label} flexDirection="row">
          <Box flexShrink={0} width={Math.min(width, 70)}>
            <Text color={i === at ? "cyan" : undefined} bold={i === at} wrap="truncate-middle">
              {`${i === at ? "›" : " "} `}
              <Label text={item.label} {...(item.matched ? { matched: item.matched } : {})} />
            </Text>
          </Box>
          {item.description ? (
            <Text dimColor={i !== at} wrap="truncate-end">
              {item.description}
            </Text>
          ) : null}
        </Box>
      ))}
      <Text dimColor>{FOOTER}</Text>
    </Box>
  );
}
