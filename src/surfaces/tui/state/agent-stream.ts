// The streaming answer is committed to the scrollback as it arrives: each time a Markdown block is known to be
// finished (a blank line outside a code fence, followed by a line that does not continue the block), the
// finished blocks become a history cell and only the unfinished tail stays live. Finishing an answer then
// costs what is still live, not the whole answer.
import type { NewCell } from "./cells.js";
import { commit } from "./commit.js";
import type { TuiState } from "./tui-state.js";

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Where the finished blocks of `text` end: just after the last blank line that lies outside a code fence and
 * is followed by an unindented line (an indented one may continue a list item). 0 when none is finished.
 */
export function finishedBlocksEnd(text: string): number {
  let fence: string | undefined;
  let cut = 0;
  let blankBefore = false;
  let pos = 0;
  while (pos < text.length) {
    const found = text.indexOf("\n", pos);
    // The last line is still being written; its first character already tells whether a new block starts.
    const nl = found < 0 ? text.length : found;
    const line = text.slice(pos, nl);
    const open = FENCE.exec(line)?.[1];
    if (fence === undefined) {
      if (blankBefore && line.trim() !== "" && !/^\s/.test(line)) cut = pos;
      if (open) fence = open;
    } else if (open && open[0] === fence[0] && open.length >= fence.length && line.trim() === open) {
      fence = undefined;
    }
    blankBefore = fence === undefined && line.trim() === "";
    pos = nl + 1;
  }
  return cut;
}

const agentCell = (markdown: string, continued: boolean): NewCell =>
  continued ? { kind: "agent", markdown, continued } : { kind: "agent", markdown };

/** Appends a delta to the live answer and commits the blocks it finished. */
export function appendAgentDelta(state: TuiState, delta: string): TuiState {
  const live = (state.agentStream ?? "") + delta;
  const cut = finishedBlocksEnd(live);
  const done = live.slice(0, cut).trimEnd();
  if (cut === 0 || done === "") return { ...state, agentStream: live };
  const committed = state.agentCommitted ?? 0;
  return {
    ...commit(state, agentCell(done, committed > 0)),
    agentStream: live.slice(cut),
    agentCommitted: committed + cut,
  };
}

/**
 * The cell that ends the answer: what is still live. `finalText` (the completed message) wins over the
 * streamed text for the part not committed yet.
 */
export function finishAgentStream(state: TuiState, finalText?: string): TuiState {
  const committed = state.agentCommitted ?? 0;
  const { agentStream: live = "", agentCommitted: _c, ...rest } = state;
  const tail = finalText === undefined ? live : committed > 0 ? finalText.slice(committed) : finalText;
  return tail.trim() ? commit(rest, agentCell(tail.replace(/^\n+/, ""), committed > 0)) : rest;
}
