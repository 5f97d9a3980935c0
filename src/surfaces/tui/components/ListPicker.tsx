// A numbered list to choose from (models, efforts, approval presets, threads). A long list shows a window of
// `maxVisible` items that follows the selection.
import { Box, Text } from "ink";

export interface PickerItem {
  label: string;
  description?: string;
  current?: boolean;
  /** Positions in `label` to highlight (what a filter matched). */
  highlights?: readonly number[];
}

/** The label with its matched characters underlined and in colour. */
function Label({ text, highlights }: { text: string; highlights: readonly number[] | undefined }) {
  if (!highlights || highlights.length === 0) return <>{text}</>;
  const marked = new Set(highlights);
  const parts: { text: string; on: boolean }[] = [];
  [...text].forEach((ch, i) => {
    const on = marked.has(i);
    const last = parts.at(-1);
    if (last && last.on === on) last.text += ch;
    else parts.push({ text: ch, on });
  });
  return (
    <>
      {parts.map((part, i) =>
        part.on ? (
          <Text key={i} color="yellow" underline>
            {part.text}
          </Text>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

export function ListPicker({
  title,
  subtitle,
  items,
  selected,
  maxVisible,
  filter,
  footer = "↑↓ select · Enter confirm · Esc cancel",
}: {
  title: string;
  subtitle?: string;
  /** Shown when the list can be filtered by typing: what was typed so far. */
  filter?: string;
  items: readonly PickerItem[];
  selected: number;
  maxVisible?: number;
  footer?: string;
}) {
  const size = Math.max(1, maxVisible ?? items.length);
  const first = Math.max(0, Math.min(selected - Math.floor(size / 2), items.length - size));
  const shown = items.slice(first, first + size);
  const current = items.some((item) => item.current) ? " (current)".length : 0;
  const width = items.reduce((m, item) => Math.max(m, item.label.length), 0) + current + 7;
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>{title}</Text>
      {subtitle ? <Text dimColor>{subtitle}</Text> : null}
      {filter !== undefined ? (
        <Text>
          <Text dimColor>Filter: </Text>
          {filter === "" ? <Text dimColor>type to filter</Text> : filter}
        </Text>
      ) : null}
      <Text> </Text>
      {items.length === 0 ? <Text dimColor>No match.</Text> : null}
      {shown.map((item, at) => {
        const i = first + at;
        const on = i === selected;
        return (
          <Box key={`${i}-${item.label}`} flexDirection="row">
            <Box flexShrink={0} width={width}>
              <Text color={on ? "cyan" : undefined} bold={on}>
                {`${on ? "›" : " "} ${i + 1}. `}
                <Label text={item.label} highlights={item.highlights} />
                {item.current ? " (current)" : ""}
              </Text>
            </Box>
            {item.description ? <Text dimColor={!on}>{item.description}</Text> : null}
          </Box>
        );
      })}
      <Text> </Text>
      <Text dimColor>
        {shown.length < items.length ? `${footer} · ${selected + 1} of ${items.length}` : footer}
      </Text>
    </Box>
  );
}
