// `/resume` (and `codex-ts resume` with no id): opens the picker of this directory's earlier threads, or
// says there are none. With `atStart`, it opens once the first session is up.
import { useCallback, useEffect, useRef } from "react";
import type { Config } from "../../../config/load.js";
import type { Popup } from "../app/popups.js";
import { threadChoices } from "../slash/thread-choices.js";
import type { NewCell, SessionInfo } from "../state/cells.js";

/** How `codex-ts resume` widens the picker beyond this directory's interactive threads. */
export interface PickerWidening {
  allCwds?: boolean;
  includeNonInteractive?: boolean;
}

export function useThreadPicker(options: {
  config: Config;
  session: SessionInfo | undefined;
  atStart: boolean;
  /** `codex-ts resume --all` / `--include-non-interactive`: every directory / exec threads too. */
  widen?: PickerWidening;
  addCell: (cell: NewCell) => void;
  openPopup: (popup: Popup) => void;
}): () => Promise<void> {
  const { config, session, atStart, widen, addCell, openPopup } = options;
  const allCwds = widen?.allCwds === true;
  const includeNonInteractive = widen?.includeNonInteractive === true;
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const pickThread = useCallback(async () => {
    const current = sessionRef.current;
    const cwd = current?.cwd ?? config.cwd;
    const scope = { ...(allCwds ? {} : { cwd }), includeNonInteractive };
    const threads = await threadChoices(config, scope, current ? { exclude: current.threadId } : {});
    if (threads.length === 0)
      addCell({
        kind: "notice",
        level: "info",
        text: allCwds ? "No earlier sessions." : `No earlier sessions in ${cwd}.`,
      });
    else openPopup({ kind: "threads", threads, selected: 0 });
  }, [addCell, config, openPopup, allCwds, includeNonInteractive]);

  const picked = useRef(false);
  useEffect(() => {
    if (!atStart || !session || picked.current) return;
    picked.current = true;
    void pickThread();
  }, [atStart, session, pickThread]);

  return pickThread;
}
