// What a thread resumed without an app-server (`codex-ts exec resume`, the terminal UI's resume) does with
// the messages queued for it (`codex-ts queue`): runs them first, each as a user turn of its own and in
// order, as an app-server does when it loads the thread (app-server/queued-turns.ts); unless its last turn
// was interrupted, which pauses the queue (the messages stay for a later resume). A message leaves the
// queue once its turn has started, so those not reached, or whose turn could not start, stay queued.
import type { OpOf } from "../../protocol/core-protocol.js";
import type { UserInput } from "../../protocol/app-server/v2/common.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { MessageQueue, QUEUE_FILE_NAME } from "../../rollout/message-queue.js";
import { readRollout } from "../../rollout/reader.js";
import { replayRollout } from "../../rollout/replay.js";
import { toCoreInput } from "../app-server/wire-conversions.js";

export interface QueuedTurnSource {
  /**
   * The next queued message, as the user_turn op that runs it; it stays queued until `started`. Undefined
   * when none is left, or when the last one handed out never started (it stays for a later resume).
   */
  next(): OpOf<"user_turn"> | undefined;
  /** The turn of the message last handed out has started: the message leaves the queue. */
  started(): void;
  close(): void;
}

/**
 * The thread's queue, when it has messages and is not paused; else undefined. A queue file never written
 * holds nothing and is not created (nor waited on).
 */
export async function openQueuedTurns(
  sqliteHome: string,
  thread: { id: string; path: string },
): Promise<QueuedTurnSource | undefined> {
  if (!existsSync(join(sqliteHome, QUEUE_FILE_NAME))) return undefined;
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
  let pending: string | undefined;
  let stopped = false;
  return {
    next: () => {
      // The last one handed out never started: the queue stops there rather than offer it again.
      if (pending !== undefined) stopped = true;
      if (stopped) return undefined;
      const message = queue.first(thread.id);
      if (!message) return undefined;
      pending = message.id;
      const items = toCoreInput(message.input as UserInput[]);
      return { type: "user_turn", items, client_id: message.clientUserMessageId };
    },
    started: () => {
      if (pending !== undefined) queue.remove(thread.id, pending);
      pending = undefined;
    },
    close: () => queue.close(),
  };
}
