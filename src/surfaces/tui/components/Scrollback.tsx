// Prints finished history cells into the terminal's scrollback, once each, in order. An answer's text (the
// bulk of a long session, committed block by block while it streams) is turned into terminal text directly
// and written above the live area; laying it out through Ink's <Static> (React elements, Yoga, Ink's
// character grid) cost several times more and held the event loop while keys waited. Other cells still go
// through <Static>: a cell is handed over only once everything before it is printed, so the order holds.
import { Static, useStdout } from "ink";
import { useLayoutEffect, useRef, useState } from "react";
import { rememberPrinted } from "../render/resize-redraw.js";
import type { CellOf, HistoryCell } from "../state/cells.js";
import { agentMessageText } from "./cells/agent-message-rows.js";
import { HistoryCellView } from "./HistoryCellView.js";

/** A cell printed without Ink. */
const isDirect = (cell: HistoryCell): cell is CellOf<"agent"> => cell.kind === "agent";

/** `history`: every finished cell so far (it only grows; a new list starts with a new `key`). */
export function Scrollback({ history, width }: { history: readonly HistoryCell[]; width: number }) {
  const { stdout, write } = useStdout();
  const [viaInk, setViaInk] = useState<HistoryCell[]>([]);
  /** How many cells of `history` are printed or handed to <Static>. */
  const done = useRef(0);
  // A layout effect runs after Ink has written this commit's <Static> output, so text written here follows it.
  useLayoutEffect(() => {
    let text = "";
    let next = done.current;
    for (; next < history.length; next++) {
      const cell = history[next] as HistoryCell;
      if (!isDirect(cell)) break;
      text += agentMessageText(cell.markdown, width, cell.continued ?? false);
    }
    if (text) {
      write(text);
      rememberPrinted(stdout, text);
    }
    // The cells Ink lays out, up to the next one printed here: <Static> prints them in the next commit, then
    // this effect runs again and goes on after them.
    let end = next;
    while (end < history.length && !isDirect(history[end] as HistoryCell)) end++;
    done.current = end;
    if (end > next) setViaInk((cells) => [...cells, ...history.slice(next, end)]);
    // Runs again once <Static> has printed what it was handed (`viaInk` changed), to go on after it.
  }, [history, width, stdout, write, viaInk]);
  return (
    <Static items={viaInk}>{(cell) => <HistoryCellView key={cell.id} cell={cell} width={width} />}</Static>
  );
}
