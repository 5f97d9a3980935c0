// Appends cells to the history, numbering them (the keys of `<Static>`).
import type { NewCell } from "./cells.js";
import type { TuiState } from "./tui-state.js";

export function commit(state: TuiState, ...cells: NewCell[]): TuiState {
  if (cells.length === 0) return state;
  let id = state.nextCellId;
  const numbered = cells.map((cell) => ({ ...cell, id: id++ }));
  return { ...state, history: [...state.history, ...numbered], nextCellId: id };
}
