// What a thread resumed without an app-server (`codex-ts exec resume`, the terminal UI's resume) does with
// the messages queued for it (`codex-ts queue`): runs them first, each as a user turn of its own and in
// order, as an app-server does when it loads the thread (app-server/queued-turns.ts); unless its last turn
// was interrupted, which pauses the queue (the messages stay for a later resume). Messages are taken one at
// a time, as each turn starts, so those not reached stay queued.
import type { OpOf } from "../../protocol/core-protocol.js";
import type { UserInput } from "../../protocol/app-server/v2/common.js";
import { MessageQueue } from "../../rollout/message-queue.js";
import { readRollout } from "../../rollout/reader.js";
import { replayRollout } from "../../rollout/replay.js";
import { toCoreInput } from "../app-server/wire-conversions.js";

export interface QueuedTurnSource {
  /** Takes the next queued message off the queue, as the user_turn op that runs it (undefined: none left). */
  next(): OpOf<"user_turn"> | undefined;
  close(): void;
}

/** The thread's queue, when it has messages and is not paused; else undefined. */
export async function openQueuedTurns(
  sqliteHome: string,
  thread: { id: string; path: string },
): Promise<QueuedTurnSource | undefined> {
  const queue = MessageQueue.open(sqliteHome);
  let keep = false;
  try {
    if (queue.list(thread.id).length === 0) return undefined;
    const { turns } = replayRollout((await readRollout(thread.path)).lines);
    if (turns.at(-1)?.status === "interrupted") return undefined;
    keep = true;
  } finally {
    if (!keep) queue.close();
  }
  return {
    next: () => {
      const message = queue.takeFirst(thread.id);
      if (!message) return undefined;
      const items = toCoreInput(message.input as UserInput[]);
      return { type: "user_turn", items, client_id: message.clientUserMessageId };
    },
    close: () => queue.close(),
  };
}
