// Small pieces of TuiApp: the terminal's size, the configure op a new engine starts with, and the printing of
// long histories in batches.
import { useStdout } from "ink";
import { useEffect, useRef, useState, type Dispatch } from "react";
import type { OpOf } from "../../../protocol/core-protocol.js";
import { HISTORY_BATCH, type TuiAction } from "../state/tui-reducer.js";
import type { TuiState } from "../state/tui-state.js";

export function useTerminalSize(): { width: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ width: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}

/** The settings a fresh session keeps from this one (what /model and /approvals chose). */
export function configureOp(state: TuiState | undefined): OpOf<"configure_session"> {
  const s = state?.session;
  if (!s) return { type: "configure_session" };
  return {
    type: "configure_session",
    model: s.model,
    ...(s.effort ? { effort: s.effort } : {}),
    approval_policy: s.approvalPolicy,
    sandbox_policy: s.sandboxPolicy,
  };
}

/** Longer than one frame of Ink's throttled rendering (30 per second). */
const FIRST_FRAME_MS = 40;

/**
 * Prints cells waiting in `pendingHistory` a batch at a time, one batch per turn of the event loop: laying
 * out a thousand cells at once would freeze the screen for seconds, and keys keep working in between. The
 * first batch waits for the first frame (which previews the end of the history) to be on screen.
 */
export function useHistoryBatches(pending: TuiState["pendingHistory"], dispatch: Dispatch<TuiAction>): void {
  const printing = useRef(false);
  useEffect(() => {
    if (pending.length === 0) {
      printing.current = false;
      return;
    }
    const delay = printing.current ? 0 : FIRST_FRAME_MS;
    printing.current = true;
    const timer = setTimeout(() => dispatch({ type: "history_batch", count: HISTORY_BATCH }), delay);
    return () => clearTimeout(timer);
  }, [pending, dispatch]);
}
