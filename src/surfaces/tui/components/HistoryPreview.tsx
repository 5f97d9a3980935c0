// A resumed thread's history is printed into the scrollback in batches (it may be thousands of cells), so the
// first frame cannot wait for all of it. Until the last batch is out, the live area shows the end of what is
// still waiting: the last screenful, bottom-aligned and cut to `rows`, so the user sees where the thread stands
// and can type at once. The same cells then reach the scrollback in order, and the preview goes away.
import { Box, Text } from "ink";
import type { NewCell } from "../state/cells.js";
import { HistoryCellView } from "./HistoryCellView.js";

/** At most this many cells are laid out for the preview, whatever their size. */
const MAX_PREVIEW_CELLS = 40;

/** A rough count of the rows a cell takes (a blank line above, its text wrapped): enough to pick the cells. */
function roughRows(cell: NewCell, width: number): number {
  const text =
    cell.kind === "agent" || cell.kind === "proposed_plan"
      ? cell.markdown
      : cell.kind === "user" || cell.kind === "reasoning" || cell.kind === "notice"
        ? cell.text
        : "";
  const lines = text === "" ? ["", "", ""] : text.split("\n");
  const cols = Math.max(10, width - 4);
  return 1 + lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / cols)), 0);
}

/** The last cells that fill `rows` rows (by the rough count). */
export function previewCells(pending: readonly NewCell[], rows: number, width: number): readonly NewCell[] {
  let used = 0;
  let start = pending.length;
  while (start > 0 && used < rows && pending.length - start < MAX_PREVIEW_CELLS) {
    start--;
    used += roughRows(pending[start] as NewCell, width);
  }
  return pending.slice(start);
}

export function HistoryPreview({
  pending,
  rows,
  width,
}: {
  pending: readonly NewCell[];
  rows: number;
  width: number;
}) {
  const cells = previewCells(pending, rows - 1, width);
  return (
    <Box flexDirection="column">
      <Text dimColor wrap="truncate-end">
        {`↑ printing the thread's history into the scrollback (${pending.length} cells left)…`}
      </Text>
      <Box
        flexDirection="column"
        height={rows - 1}
        overflow="hidden"
        justifyContent="flex-end"
        flexShrink={0}
      >
        {cells.map((cell, i) => (
          // Keyed by distance from the end: batches take cells off the front, the shown ones keep their keys.
          <HistoryCellView key={cells.length - i} cell={{ ...cell, id: -1 }} width={width} />
        ))}
      </Box>
    </Box>
  );
}
