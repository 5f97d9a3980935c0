// Messages to running tasks, whichever worker runs them: cancel, and the answer to a parked approval. They
// go over Redis pub/sub (every worker hears them and acts on the tasks it runs); the task record keeps the
// cancel request too, so a task a worker has not started yet is cancelled when one does.
import type { Redis } from "ioredis";
import { z } from "zod";
import { ReviewDecision } from "../../protocol/policies.js";
import type { FleetKeys } from "./connection.js";

export const ControlMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("cancel"), id: z.string() }),
  z.object({ type: z.literal("approval"), id: z.string(), callId: z.string(), decision: ReviewDecision }),
]);
export type ControlMessage = z.infer<typeof ControlMessage>;

export async function publishControl(redis: Redis, k: FleetKeys, message: ControlMessage): Promise<number> {
  return redis.publish(k.control, JSON.stringify(message));
}

/** Subscribes `subscriber` (a connection of its own: it can do nothing else) and calls `onMessage`. */
export async function subscribeControl(
  subscriber: Redis,
  k: FleetKeys,
  onMessage: (message: ControlMessage) => void,
  onBadMessage: (problem: string) => void,
): Promise<void> {
  subscriber.on("message", (channel: string, text: string) => {
    if (channel !== k.control) return;
    let parsed;
    try {
      parsed = ControlMessage.safeParse(JSON.parse(text));
    } catch {
      onBadMessage(`control message is not JSON: ${text.slice(0, 200)}`);
      return;
    }
    if (parsed.success) onMessage(parsed.data);
    else onBadMessage(`bad control message: ${text.slice(0, 200)}`);
  });
  // ioredis subscribes again by itself after a reconnect.
  await subscriber.subscribe(k.control);
}
