// What thread/resume adds to thread/start's answer: the effective collaboration mode, and cursors from
// which a client hydrates the history backwards (thread/turns/list, thread/items/list with
// `sortDirection: "desc"`), starting with the last turn and item the thread has now.
import type { Turn } from "../../../protocol/app-server/v2/thread.js";
import type { ThreadResumeResponse } from "../../../protocol/app-server/v2/thread-history.js";
import type { ThreadRuntime } from "../thread-runtime.js";
import { encodeInclusiveAnchor } from "../threads/paging.js";

type ResumeExtras = Pick<
  ThreadResumeResponse,
  "collaborationMode" | "turnsBackwardsCursor" | "itemsBackwardsCursor" | "initialTurnsPage"
>;

export function resumeExtras(thread: ThreadRuntime, turns: readonly Turn[]): ResumeExtras {
  const lastTurn = turns.at(-1);
  const lastItem = turns.flatMap((t) => t.items).at(-1);
  const s = thread.session;
  return {
    collaborationMode: {
      mode: thread.collaborationMode,
      settings: {
        model: s.model,
        reasoning_effort: s.reasoning_effort ?? null,
        developer_instructions: null,
      },
    },
    turnsBackwardsCursor: lastTurn ? encodeInclusiveAnchor(lastTurn.id) : null,
    itemsBackwardsCursor: lastItem ? encodeInclusiveAnchor(lastItem.id) : null,
    // Codex's first page of turns when the client asks for one; codex-ts answers with cursors only.
    initialTurnsPage: null,
  };
}
