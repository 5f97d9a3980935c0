// The tool-call journal of a task: each tool item the engine starts and completes, keyed `<task>:<call id>` (the
// idempotency key), in a Redis hash. A run that takes over after a crash reads it with the rollout: a call
// recorded without output was in flight, and is never run again blindly; the model is told its outcome is
// unknown (and whether it had started) and decides what to check or repeat.
import type { Redis } from "ioredis";
import type { Event } from "../../protocol/core-protocol.js";
import type { TurnItem } from "../../protocol/turn-item.js";
import type { FleetKeys } from "./connection.js";
import type { InFlightCall } from "./task-rollout.js";

export interface JournalEntry {
  key: string;
  tool: string;
  state: "started" | "finished";
  run: number;
  exitCode?: number;
}

/** The tool kinds the journal follows: the items whose call may change the world. */
const JOURNALED: Partial<Record<TurnItem["type"], string>> = {
  commandExecution: "command",
  fileChange: "apply_patch",
  mcpToolCall: "mcp",
};

/**
 * The journal entry an engine event writes, if any: a tool item started or completed. Items are keyed by
 * their call id. A declined call never ran, so it leaves the entry as it was.
 */
export function journalEntryFor(
  taskId: string,
  run: number,
  event: Event,
): [string, JournalEntry] | undefined {
  const msg = event.msg;
  if (msg.type !== "item_started" && msg.type !== "item_completed") return undefined;
  const item = msg.item;
  const tool = JOURNALED[item.type];
  if (tool === undefined) return undefined;
  const entry: JournalEntry = { key: `${taskId}:${item.id}`, tool, state: "started", run };
  if (msg.type === "item_started") return [item.id, entry];
  if ("status" in item && item.status === "declined") return undefined;
  const exitCode = item.type === "commandExecution" ? item.exit_code : null;
  return [item.id, { ...entry, state: "finished", ...(exitCode !== null ? { exitCode } : {}) }];
}

export async function writeJournal(
  redis: Redis,
  k: FleetKeys,
  taskId: string,
  callId: string,
  entry: JournalEntry,
): Promise<void> {
  await redis.hset(k.journal(taskId), callId, JSON.stringify(entry));
}

export async function readJournal(
  redis: Redis,
  k: FleetKeys,
  taskId: string,
): Promise<Map<string, JournalEntry>> {
  const hash = await redis.hgetall(k.journal(taskId));
  return new Map(Object.entries(hash).map(([callId, text]) => [callId, JSON.parse(text) as JournalEntry]));
}

const MAX_ARGS_CHARS = 500;

/** The user message that starts a run taking over a task whose last turn did not finish. */
export function continuationPrompt(inFlight: InFlightCall[], journal: Map<string, JournalEntry>): string {
  const lines = [
    "[fleet] The run working on this task stopped before its turn finished (the worker was lost, or the " +
      "model API failed). You are continuing the same task, in the same working tree and task branch.",
  ];
  if (inFlight.length > 0) {
    lines.push(
      "These tool calls were in flight when it stopped. Their outcome is unknown and they were NOT run " +
        "again; check the working tree before repeating any of them:",
    );
    for (const call of inFlight) {
      const entry = journal.get(call.callId);
      const started = entry
        ? entry.state === "finished"
          ? `finished on run ${entry.run}${entry.exitCode !== undefined ? ` with exit code ${entry.exitCode}` : ""}, output lost`
          : `started on run ${entry.run}`
        : "may or may not have started";
      const args =
        call.arguments.length > MAX_ARGS_CHARS
          ? `${call.arguments.slice(0, MAX_ARGS_CHARS)}…`
          : call.arguments;
      lines.push(`- ${call.name} (call ${call.callId}, ${started}): ${args}`);
    }
  }
  lines.push("Continue the task from where it stopped and finish it.");
  return lines.join("\n");
}
