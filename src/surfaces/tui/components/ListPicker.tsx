// A numbered list to choose from (models, efforts, approval presets, threads). A long list shows a window of
// `maxVisible` items that follows the selection.
import { Box, Text } from "ink";

export interface PickerItem {
  label: string;
  description?: string;
  current?: boolean;
}

export function ListPicker({
  title,
  subtitle,
  items,
  selected,
  maxVisible,
  footer = "↑↓ select · Enter confirm · Esc cancel",
}: {
  title: string;
  subtitle?: string;
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
      <Text> </Text>
      {shown.map((item, at) => {
        const i = first + at;
        const on = i === selected;
        return (
          <Box key={`${i}-${item.label}`} flexDirection="row">
            <Box flexShrink={0} width={width}>
              <Text color={on ? "cyan" : undefined} bold={on}>
                {`${on ? "›" : " "} ${i + 1}. ${item.label}${item.current ? " (current)" : ""}`}
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
