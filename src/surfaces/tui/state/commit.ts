// Appends cells to the history, numbering them (the keys of `<Static>`). While earlier cells still wait to be
// printed (a resumed thread's history goes out in batches), new cells queue behind them, so the scrollback
// keeps the order in which things happened.
import type { NewCell } from "./cells.js";
import type { TuiState } from "./tui-state.js";

export function commit(state: TuiState, ...cells: NewCell[]): TuiState {
  if (cells.length === 0) return state;
  if (state.pendingHistory.length > 0)
    return { ...state, pendingHistory: [...state.pendingHistory, ...cells] };
  return printCells(state, cells);
}

/** Numbers cells and puts them in the history that `<Static>` prints. */
export function printCells(state: TuiState, cells: readonly NewCell[]): TuiState {
  if (cells.length === 0) return state;
  let id = state.nextCellId;
  const numbered = cells.map((cell) => ({ ...cell, id: id++ }));
  return { ...state, history: [...state.history, ...numbered], nextCellId: id };
}
