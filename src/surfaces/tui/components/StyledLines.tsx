// Draws styled lines with Ink: one row per line, the prefix kept apart so wrapped text hangs under the text.
import { Box, Text } from "ink";
import type { Span, StyledLine } from "../render/styled-text.js";

function SpanText({ value }: { value: Span }) {
  const s = value.style;
  if (!s) return <Text>{value.text}</Text>;
  return (
    <Text
      {...(s.color ? { color: s.color } : {})}
      bold={s.bold ?? false}
      italic={s.italic ?? false}
      dimColor={s.dim ?? false}
      underline={s.underline ?? false}
      strikethrough={s.strikethrough ?? false}
    >
      {value.text}
    </Text>
  );
}

export function Spans({ spans }: { spans: readonly Span[] }) {
  return (
    <Text>
      {spans.map((s, i) => (
        <SpanText key={i} value={s} />
      ))}
    </Text>
  );
}

export function StyledLineView({ line }: { line: StyledLine }) {
  if (!line.prefix || line.prefix.length === 0) {
    return line.spans.length === 0 ? <Text> </Text> : <Spans spans={line.spans} />;
  }
  return (
    <Box flexDirection="row">
      <Box flexShrink={0}>
        <Spans spans={line.prefix} />
      </Box>
      <Spans spans={line.spans.length === 0 ? [{ text: " " }] : line.spans} />
    </Box>
  );
}

export function StyledLines({ lines }: { lines: readonly StyledLine[] }) {
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <StyledLineView key={i} line={line} />
      ))}
    </Box>
  );
}
