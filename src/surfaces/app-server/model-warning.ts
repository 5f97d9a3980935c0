// The `warning` Codex sends when a turn starts on a model it has no metadata for. codex-ts's metadata is
// what it knows of a model's context window (built in, from config, or learned from a local server):
// without it the thread's auto-compaction has no limit to go by.
import { contextWindowFor } from "../../model/model-info.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";

export function unknownModelWarning(threadId: string, model: string): ServerNotification | undefined {
  if (contextWindowFor(model) !== undefined) return undefined;
  return {
    method: "warning",
    params: {
      threadId,
      message:
        `Model metadata for \`${model}\` not found: codex-ts does not know its context window, so the ` +
        "thread is compacted automatically only if model_auto_compact_token_limit (or a model catalog) " +
        "sets a limit (set model_context_window to fix that).",
    },
  };
}
