// thread/tokenUsage/updated for a thread just opened by thread/resume or thread/fork: the usage its rollout
// last recorded, tied to its last turn. Codex 0.169 sends it to the client that opened the thread, right
// after its answer, when the thread has any usage, so a client shows the context used before the next turn.
// It is read before the answer goes out, so nothing the server answers meanwhile comes between the two.
import { existsSync } from "node:fs";
import { z } from "zod";
import { TokenUsage } from "../../../protocol/core-protocol.js";
import type { ServerNotification } from "../../../protocol/app-server/v2/notifications.js";
import { breakdown } from "../mapper-conversions.js";
import type { ServerServices } from "../services.js";
import type { ThreadRuntime } from "../thread-runtime.js";

const RecordedTokenCount = z.object({
  info: z.object({
    total_token_usage: TokenUsage,
    last_token_usage: TokenUsage,
    model_context_window: z.number().nullish(),
  }),
});

/** Reads the thread's rollout for its usage (thread/fork: the new thread's file). */
export async function recordedUsage(
  services: ServerServices,
  thread: ThreadRuntime,
): Promise<ServerNotification | undefined> {
  const path = thread.describe().path;
  if (!path || !existsSync(path)) return undefined;
  return usageNotification(thread.threadId, await services.catalog.contents(path));
}

/** The notification from a rollout already read: its turns and the token count it last recorded. */
export function usageNotification(
  threadId: string,
  { turns, lastTokenCount }: { turns: readonly { id: string }[]; lastTokenCount: unknown },
): ServerNotification | undefined {
  const recorded = RecordedTokenCount.safeParse(lastTokenCount);
  const turnId = turns.at(-1)?.id;
  if (!recorded.success || !turnId) return undefined;
  const { info } = recorded.data;
  return {
    method: "thread/tokenUsage/updated",
    params: {
      threadId,
      turnId,
      tokenUsage: {
        total: breakdown(info.total_token_usage),
        last: breakdown(info.last_token_usage),
        modelContextWindow: info.model_context_window ?? null,
      },
    },
  };
}
