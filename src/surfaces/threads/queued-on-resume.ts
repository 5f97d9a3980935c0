// What a thread resumed without an app-server (`codex-ts exec resume`) does with the messages queued for it
// (`codex-ts queue`): runs them first, each as a user turn of its own and in order, as an app-server does
// when it loads the thread (app-server/queued-turns.ts); unless its last turn was interrupted, which pauses
// the queue (the messages stay for a later resume).
import type { OpOf } from "../../protocol/core-protocol.js";
import type { UserInput } from "../../protocol/app-server/v2/common.js";
import { MessageQueue } from "../../rollout/message-queue.js";
import { readRollout } from "../../rollout/reader.js";
import { replayRollout } from "../../rollout/replay.js";
import { toCoreInput } from "../app-server/wire-conversions.js";

/** Takes the thread's queued messages off its queue, as the user_turn ops to run before anything else. */
export async function takeQueuedTurns(
  sqliteHome: string,
  thread: { id: string; path: string },
): Promise<OpOf<"user_turn">[]> {
  const queue = MessageQueue.open(sqliteHome);
  try {
    if (queue.list(thread.id).length === 0) return [];
    const { turns } = replayRollout((await readRollout(thread.path)).lines);
    if (turns.at(-1)?.status === "interrupted") return [];
    const ops: OpOf<"user_turn">[] = [];
    for (let message = queue.takeFirst(thread.id); message; message = queue.takeFirst(thread.id)) {
      const items = toCoreInput(message.input as UserInput[]);
      ops.push({ type: "user_turn", items, client_id: message.clientUserMessageId });
    }
    return ops;
  } finally {
    queue.close();
  }
}
