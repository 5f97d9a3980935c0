// The input box. Long text (a big paste) is kept whole in the state; only a window of lines around the cursor
// is drawn, so the live area stays small.
import { Box, Text } from "ink";
import type { ComposerState } from "../composer/composer-state.js";

export interface ComposerProps {
  state: ComposerState;
  /** Most lines of text drawn at once. */
  maxLines?: number;
  placeholder?: string;
  /** Dimmed while another part of the screen (an overlay) has the keys. */
  focused?: boolean;
}

interface CursorLine {
  before: string;
  at: string;
  after: string;
}

function splitAtCursor(
  text: string,
  cursor: number,
): { lines: string[]; row: number; cursorLine: CursorLine } {
  const lines = text.split("\n");
  let offset = 0;
  for (const [row, line] of lines.entries()) {
    if (cursor <= offset + line.length) {
      const col = cursor - offset;
      const ch = line.codePointAt(col);
      const at = ch === undefined ? " " : String.fromCodePoint(ch);
      return {
        lines,
        row,
        cursorLine: {
          before: line.slice(0, col),
          at,
          after: line.slice(col + (ch === undefined ? 0 : at.length)),
        },
      };
    }
    offset += line.length + 1;
  }
  return { lines, row: lines.length - 1, cursorLine: { before: lines.at(-1) ?? "", at: " ", after: "" } };
}

export function Composer({ state, maxLines = 8, placeholder, focused = true }: ComposerProps) {
  const { lines, row, cursorLine } = splitAtCursor(state.text, state.cursor);
  const first = Math.max(0, Math.min(row - Math.floor(maxLines / 2), lines.length - maxLines));
  const shown = lines.slice(first, first + maxLines);
  const below = lines.length - first - shown.length;
  return (
    <Box flexDirection="column" borderStyle="round" borderDimColor={!focused} paddingX={1}>
      {first > 0 ? <Text dimColor>{`↑ ${first} more line${first === 1 ? "" : "s"}`}</Text> : null}
      {shown.map((line, i) => {
        const index = first + i;
        return (
          <Box key={index} flexDirection="row">
            <Box flexShrink={0}>
              <Text color="cyan" bold dimColor={!focused}>
                {index === 0 ? "› " : "  "}
              </Text>
            </Box>
            {index === row && focused ? (
              state.text === "" && placeholder ? (
                <Text>
                  <Text inverse>{placeholder[0]}</Text>
                  <Text dimColor>{placeholder.slice(1)}</Text>
                </Text>
              ) : (
                <Text>
                  {cursorLine.before}
                  <Text inverse>{cursorLine.at}</Text>
                  {cursorLine.after}
                </Text>
              )
            ) : (
              <Text dimColor={!focused}>{line === "" ? " " : line}</Text>
            )}
          </Box>
        );
      })}
      {below > 0 ? <Text dimColor>{`↓ ${below} more line${below === 1 ? "" : "s"}`}</Text> : null}
    </Box>
  );
}
