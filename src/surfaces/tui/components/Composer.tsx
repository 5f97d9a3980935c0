// The input box. Long text (a big paste) is kept whole in the state; only a window of lines around the cursor
// is drawn, so the live area stays small. The terminal's own cursor is put at the insertion point, so input
// methods (CJK composition popups) and screen readers follow it.
import { Box, Text, useCursor, type DOMElement } from "ink";
import { useLayoutEffect, useRef, useState } from "react";
import { textWidth } from "../render/wrap-lines.js";
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

interface Point {
  x: number;
  y: number;
}

/** Where an element's top left corner is in Ink's output, from the layout of the last frame. */
function originOf(node: DOMElement | null): Point | undefined {
  if (!node?.yogaNode) return undefined;
  let x = 0;
  let y = 0;
  for (let n: DOMElement | undefined = node; n?.yogaNode; n = n.parentNode) {
    x += n.yogaNode.getComputedLeft();
    y += n.yogaNode.getComputedTop();
  }
  return { x, y };
}

/**
 * Shows the terminal cursor at `offset` (columns and rows inside the box) while `active`. The box's place
 * comes from the last layout; when it moves (the live area above grew), one more frame puts the cursor right.
 */
function useInsertionCursor(active: boolean, offset: Point) {
  const box = useRef<DOMElement>(null);
  const [origin, setOrigin] = useState<Point | undefined>(undefined);
  const { setCursorPosition } = useCursor();
  setCursorPosition(active && origin ? { x: origin.x + offset.x, y: origin.y + offset.y } : undefined);
  useLayoutEffect(() => {
    const now = originOf(box.current);
    if (now && (now.x !== origin?.x || now.y !== origin.y)) setOrigin(now);
  });
  return box;
}

export function Composer({ state, maxLines = 8, placeholder, focused = true }: ComposerProps) {
  const { lines, row, cursorLine } = splitAtCursor(state.text, state.cursor);
  const first = Math.max(0, Math.min(row - Math.floor(maxLines / 2), lines.length - maxLines));
  const shown = lines.slice(first, first + maxLines);
  const below = lines.length - first - shown.length;
  // Border, padding and the "› " prompt on the left; the border and the "↑ more" line above.
  const box = useInsertionCursor(focused, {
    x: 4 + textWidth(cursorLine.before),
    y: 1 + (first > 0 ? 1 : 0) + (row - first),
  });
  return (
    <Box ref={box} flexDirection="column" borderStyle="round" borderDimColor={!focused} paddingX={1}>
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
