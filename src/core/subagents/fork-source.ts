// A fork of a parent's conversation for a child (`fork_context`). The parent is mid-turn: its rollout ends
// with the `subagent_spawn` call (and maybe calls after it) that have no output yet, and a request holding a
// call without its output is invalid. So the child forks from a copy of the parent's lines where every such
// call gets an output: the spawn call tells the child who it is, the others that they did not run here. The
// copy is handed to the thread opener as lines (no file).
import { rolloutLine, type RolloutLine } from "../../rollout/lines.js";
import { readRollout, RolloutReadError } from "../../rollout/reader.js";

export interface ForkSourceOptions {
  parentRolloutPath: string;
  /** The parent's lines when its thread is ephemeral: it has no file, so they are taken from memory. */
  parentLines?: () => readonly RolloutLine[] | undefined;
  /** The parent's `subagent_spawn` call, when the fork is made from a tool call. */
  spawnCallId?: string;
  /** The spawn call's output as the child reads it. */
  forkNote: string;
  /** Writes the parent's buffered lines. Without it, the file is re-read until the spawn call is there. */
  flush?: () => Promise<void>;
}

const NOT_RUN_IN_FORK = "not run: the conversation was forked for a subagent before this call ran";
// Rollout lines reach the disk as soon as the event loop is free; a child engine offers no flush, so its
// file is re-read a bounded number of times.
const POLL_ATTEMPTS = 40;
const POLL_INTERVAL_MS = 25;

/** The parent's lines with an output for every call that has none: what the child forks from. */
export async function prepareForkSource(options: ForkSourceOptions): Promise<RolloutLine[]> {
  await options.flush?.();
  const callId = options.spawnCallId;
  const read = async (): Promise<RolloutLine[] | undefined> => {
    const memory = options.parentLines?.();
    return memory ? [...memory] : readLinesIfWritten(options.parentRolloutPath);
  };
  let lines = await read();
  if (callId && !options.flush) {
    // A new thread's file appears with its first flush, which may still be under way.
    for (let i = 0; i < POLL_ATTEMPTS && !(lines && hasCall(lines, callId)); i++) {
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      lines = await read();
    }
  }
  lines ??= (await readRollout(options.parentRolloutPath)).lines;
  return [...lines, ...closingOutputs(lines, callId, options.forkNote)];
}

async function readLinesIfWritten(path: string): Promise<RolloutLine[] | undefined> {
  try {
    return (await readRollout(path)).lines;
  } catch (err) {
    if (err instanceof RolloutReadError) return undefined;
    throw err;
  }
}

function hasCall(lines: readonly RolloutLine[], callId: string): boolean {
  return lines.some((l) => l.type === "response_item" && callIdOf(l.payload) === callId);
}

/** An output line for every call that has none. */
export function closingOutputs(
  lines: readonly RolloutLine[],
  spawnCallId: string | undefined,
  forkNote: string,
): RolloutLine[] {
  const open = new Map<string, "function_call_output" | "custom_tool_call_output">();
  for (const line of lines) {
    if (line.type !== "response_item") continue;
    const id = callIdOf(line.payload);
    if (id === undefined) continue;
    const type = line.payload.type;
    if (type === "function_call") open.set(id, "function_call_output");
    else if (type === "custom_tool_call") open.set(id, "custom_tool_call_output");
    else if (type === "function_call_output" || type === "custom_tool_call_output") open.delete(id);
  }
  return [...open].map(([id, type]) =>
    rolloutLine("response_item", {
      type,
      call_id: id,
      output: id === spawnCallId ? forkNote : NOT_RUN_IN_FORK,
    }),
  );
}

function callIdOf(item: object): string | undefined {
  const id = (item as { call_id?: unknown }).call_id;
  return typeof id === "string" ? id : undefined;
}
