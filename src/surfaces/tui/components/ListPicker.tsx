// A numbered list to choose from (models, efforts, approval presets).
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
}: {
  title: string;
  subtitle?: string;
  items: readonly PickerItem[];
  selected: number;
}) {
  const current = items.some((item) => item.current) ? " (current)".length : 0;
  const width = items.reduce((m, item) => Math.max(m, item.label.length), 0) + current + 7;
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>{title}</Text>
      {subtitle ? <Text dimColor>{subtitle}</Text> : null}
      <Text> </Text>
      {items.map((item, i) => {
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
      <Text dimColor>↑↓ select · Enter confirm · Esc cancel</Text>
    </Box>
  );
}
