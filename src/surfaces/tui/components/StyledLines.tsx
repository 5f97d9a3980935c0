// Draws styled lines with Ink: one row per line, the prefix kept apart so wrapped text hangs under the text.
import { Box, Text } from "ink";
import { useMemo } from "react";
import type { Span, StyledLine } from "../render/styled-text.js";
import { wrapStyledLines } from "../render/wrap-lines.js";

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

/** One row already cut to the width: drawn as is (Ink would only truncate, never wrap it again). */
function RowView({ line }: { line: StyledLine }) {
  const spans = [...(line.prefix ?? []), ...line.spans];
  return (
    <Text wrap="truncate-end">
      {spans.length === 0 ? " " : spans.map((s, i) => <SpanText key={i} value={s} />)}
    </Text>
  );
}

/** Rows from wrapStyledLines, one terminal row each. */
export function StyledRows({ rows }: { rows: readonly StyledLine[] }) {
  return (
    <Box flexDirection="column">
      {rows.map((line, i) => (
        <RowView key={i} line={line} />
      ))}
    </Box>
  );
}

/**
 * Lines drawn one per row. With `width`, they are first cut into rows by the shared wrapping (so what streams
 * and what is committed break at the same columns); without it, Ink wraps them.
 */
export function StyledLines({ lines, width }: { lines: readonly StyledLine[]; width?: number }) {
  const rows = useMemo(
    () => (width === undefined ? undefined : wrapStyledLines(lines, Math.max(1, width))),
    [lines, width],
  );
  return (
    <Box flexDirection="column">
      {rows
        ? rows.map((line, i) => <RowView key={i} line={line} />)
        : lines.map((line, i) => <StyledLineView key={i} line={line} />)}
    </Box>
  );
}
