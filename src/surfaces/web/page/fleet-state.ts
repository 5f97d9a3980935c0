// The fleet dashboard's data: task records as `x-fleet/` returns them, and a task's stream entries folded
// into what to show (each item at its latest state, in the order items began, plus the queue's own events).
import type { FleetStreamEvent } from "../../fleet/item-stream.js";
import type { TaskRecord } from "../../fleet/task-record.js";
import { viewOfExecItem, type ExecItemView } from "./exec-item.js";

/** A task as the dashboard gets it: the record without its payload, plus the model and approval policy. */
export type FleetTask = Omit<TaskRecord, "spec" | "rollout"> & {
  model: string | null;
  approvalPolicy: string | null;
};

export interface FleetEntry {
  entryId: string;
  event: FleetStreamEvent;
}

/** An item (read through exec-item.ts, shown as a thread's) or a note of the queue's own. */
export type FleetRow = ExecItemView | { kind: "note"; key: string; text: string; bad?: boolean };

export const STATE_LABELS: Record<TaskRecord["state"], string> = {
  queued: "queued",
  active: "active",
  "waiting-approval": "waiting for approval",
  completed: "done",
  failed: "failed",
  cancelled: "cancelled",
};

/** Entries in stream order, each once (a re-follow after a reconnect sends them all again). */
export function addEntry(entries: FleetEntry[], entry: FleetEntry): FleetEntry[] {
  const last = entries.at(-1);
  if (!last || streamIdAfter(entry.entryId, last.entryId)) return [...entries, entry];
  if (entries.some((e) => e.entryId === entry.entryId)) return entries;
  return [...entries, entry].sort((a, b) => (streamIdAfter(a.entryId, b.entryId) ? 1 : -1));
}

/** Redis stream ids are `<ms>-<seq>`: compare both numbers. */
export function streamIdAfter(a: string, b: string): boolean {
  const [am = 0, as = 0] = a.split("-").map(Number);
  const [bm = 0, bs = 0] = b.split("-").map(Number);
  return am !== bm ? am > bm : as > bs;
}

export function rowsOf(entries: FleetEntry[]): FleetRow[] {
  const rows: FleetRow[] = [];
  const at = new Map<string, number>();
  for (const { entryId, event } of entries) {
    switch (event.type) {
      case "item.started":
      case "item.updated":
      case "item.completed": {
        const index = at.get(event.item.id);
        if (index === undefined) {
          at.set(event.item.id, rows.length);
          rows.push(viewOfExecItem(event.item));
        } else rows[index] = viewOfExecItem(event.item);
        break;
      }
      case "fleet.run.started":
        // Later runs prefix their item ids with runN_, so items of two runs never merge.
        rows.push({
          kind: "note",
          key: entryId,
          text: `Run ${event.run} on ${event.worker}${event.resumed ? " (resumed)" : ""}`,
        });
        break;
      case "fleet.approval.requested":
        rows.push({ kind: "note", key: entryId, text: `Asks to approve (${event.kind}): ${event.summary}` });
        break;
      case "fleet.approval.answered":
        rows.push({ kind: "note", key: entryId, text: `Approval answered: ${event.decision}` });
        break;
      case "fleet.task.finished":
        rows.push({
          kind: "note",
          key: entryId,
          text: `Finished: ${STATE_LABELS[event.state]}${event.error ? ` (${event.error})` : ""}`,
          bad: event.state === "failed",
        });
        break;
      case "turn.failed":
        rows.push({ kind: "note", key: entryId, text: `Turn failed: ${event.error.message}`, bad: true });
        break;
      case "error":
        rows.push({ kind: "note", key: entryId, text: event.message, bad: true });
        break;
      default:
        break; // thread.started, turn.started, turn.completed: the record's usage says the rest.
    }
  }
  return rows;
}

/** "1m 05s", "12s", "1h 02m". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** How long the task ran (so far, while it runs); undefined before it started. */
export function runTime(task: FleetTask, now: number): number | undefined {
  if (!task.startedAt) return undefined;
  const end = task.finishedAt ? Date.parse(task.finishedAt) : now;
  return end - Date.parse(task.startedAt);
}
