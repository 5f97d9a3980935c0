// Each task's items on a Redis Stream: the exec JSONL ThreadEvents (what `exec --json` prints) plus a few
// `fleet.*` events of the queue's own, bounded with MAXLEN so a chatty task cannot fill Redis. Any number of
// watchers read it from the start or follow it live with XREAD BLOCK.
import type { Redis } from "ioredis";
import type { ExecThreadEvent } from "../../protocol/exec-events.js";
import type { FleetKeys } from "./connection.js";
import type { TaskState } from "./task-record.js";

/** Items kept per task (approximately: Redis trims whole nodes). */
export const STREAM_MAXLEN = 10_000;

export type FleetStreamEvent =
  | ExecThreadEvent
  | { type: "fleet.run.started"; worker: string; run: number; resumed: boolean }
  | { type: "fleet.approval.requested"; call_id: string; kind: "exec" | "patch"; summary: string }
  | { type: "fleet.approval.answered"; call_id: string; decision: string }
  | { type: "fleet.task.finished"; state: TaskState; error?: string };

export interface StreamEntry {
  id: string;
  event: FleetStreamEvent;
}

export async function appendItem(redis: Redis, k: FleetKeys, taskId: string, event: FleetStreamEvent) {
  await redis.xadd(k.items(taskId), "MAXLEN", "~", STREAM_MAXLEN, "*", "event", JSON.stringify(event));
}

function entries(raw: Array<[string, string[]]>): StreamEntry[] {
  return raw.map(([id, fields]) => {
    const at = fields.indexOf("event");
    return { id, event: JSON.parse(fields[at + 1] ?? "{}") as FleetStreamEvent };
  });
}

/** Everything after `after` (from the start by default), at most `count`. */
export async function readItems(
  redis: Redis,
  k: FleetKeys,
  taskId: string,
  after = "-",
  count = 1000,
): Promise<StreamEntry[]> {
  const start = after === "-" ? "-" : `(${after}`;
  return entries(await redis.xrange(k.items(taskId), start, "+", "COUNT", count));
}

/**
 * Calls `onEntry` for each item, old and new, until a `fleet.task.finished` arrives and `isOver` agrees (or
 * `signal` aborts). A blocked XREAD needs a connection of its own, so the caller passes a dedicated one.
 */
export async function followItems(
  redis: Redis,
  k: FleetKeys,
  taskId: string,
  onEntry: (entry: StreamEntry) => void,
  signal: AbortSignal | undefined,
  isOver: () => Promise<boolean>,
): Promise<void> {
  let last = "0";
  while (!signal?.aborted) {
    const reply = await redis.xread("COUNT", 500, "BLOCK", 1000, "STREAMS", k.items(taskId), last);
    for (const [, raw] of reply ?? []) {
      for (const entry of entries(raw)) {
        last = entry.id;
        onEntry(entry);
        // An end followed by more entries is an earlier run's (the task was retried): read on.
        if (entry.event.type === "fleet.task.finished" && (await isOver())) {
          const later = await redis.xrange(k.items(taskId), `(${entry.id}`, "+", "COUNT", 1);
          if (later.length === 0) return;
        }
      }
    }
  }
}
