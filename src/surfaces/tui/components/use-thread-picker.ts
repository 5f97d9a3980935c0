// `/resume` (and `codex-ts resume` with no id): opens the picker of this directory's earlier threads, or
// says there are none. With `atStart`, it opens once the first session is up.
import { useCallback, useEffect, useRef } from "react";
import type { Config } from "../../../config/load.js";
import type { Popup } from "../app/popups.js";
import { threadChoices } from "../slash/thread-choices.js";
import type { NewCell, SessionInfo } from "../state/cells.js";

export function useThreadPicker(options: {
  config: Config;
  session: SessionInfo | undefined;
  atStart: boolean;
  addCell: (cell: NewCell) => void;
  openPopup: (popup: Popup) => void;
}): () => Promise<void> {
  const { config, session, atStart, addCell, openPopup } = options;
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const pickThread = useCallback(async () => {
    const current = sessionRef.current;
    const cwd = current?.cwd ?? config.cwd;
    const threads = await threadChoices(config, cwd, current ? { exclude: current.threadId } : {});
    if (threads.length === 0)
      addCell({ kind: "notice", level: "info", text: `No earlier sessions in ${cwd}.` });
    else openPopup({ kind: "threads", threads, selected: 0 });
  }, [addCell, config, openPopup]);

  const picked = useRef(false);
  useEffect(() => {
    if (!atStart || !session || picked.current) return;
    picked.current = true;
    void pickThread();
  }, [atStart, session, pickThread]);

  return pickThread;
}
