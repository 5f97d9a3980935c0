// The prompts this terminal UI sends go to $CODEX_HOME/history.jsonl (core/message-history.ts), under the
// thread's id. A prompt sent before the session has one (the first prompt) waits for it.
import { useCallback, useEffect, useRef } from "react";
import type { Config } from "../../../config/load.js";
import { appendHistoryEntry, historySettings } from "../../../core/message-history.js";

export function usePromptHistory(config: Config, threadId: string | undefined): (text: string) => void {
  const waiting = useRef<string[]>([]);
  const threadRef = useRef(threadId);
  threadRef.current = threadId;
  const write = useCallback(
    (id: string, text: string) => {
      try {
        appendHistoryEntry(config.codexHome, historySettings(config.toml), id, text);
      } catch {
        // A history file that cannot be written (read-only home) must not stop the prompt being sent.
      }
    },
    [config],
  );
  useEffect(() => {
    if (!threadId) return;
    for (const text of waiting.current.splice(0)) write(threadId, text);
  }, [threadId, write]);
  return useCallback(
    (text: string) => {
      const id = threadRef.current;
      if (id) write(id, text);
      else waiting.current.push(text);
    },
    [write],
  );
}
