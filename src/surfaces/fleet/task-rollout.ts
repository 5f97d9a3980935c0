// The task's rollout in the shared store. The fleet writes its first line (session_meta) itself, so the
// file sits at a path every worker knows (`<store>/tasks/<id>/rollout.jsonl`) and every run, the first
// included, opens it as a resume. A worker taking over reads it to learn where the last run stopped.
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Config } from "../../config/load.js";
import { readGitInfo } from "../../core/git-info.js";
import { uuidv7 } from "../../core/ids.js";
import { rolloutLine } from "../../rollout/lines.js";
import { readRollout } from "../../rollout/reader.js";
import { VERSION } from "../../version.js";

/**
 * Where tasks keep what must outlive a worker. A directory every worker reaches (NFS, a shared disk) to
 * start with; an object store would implement the same two paths per task.
 */
export function taskDir(store: string, taskId: string): string {
  return join(store, "tasks", taskId);
}
export function rolloutPathOf(store: string, taskId: string): string {
  return join(taskDir(store, taskId), "rollout.jsonl");
}
/** Named after the task: git names a worktree's admin directory after it, so workers never collide there. */
export function workDirOf(store: string, taskId: string): string {
  return join(taskDir(store, taskId), taskId);
}

/** Creates the rollout with its session_meta line unless an earlier run did; the thread id. */
export function ensureRollout(path: string, config: Config, originator: string): void {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const git = readGitInfo(config.cwd);
  const meta = rolloutLine("session_meta", {
    id: uuidv7(),
    timestamp: new Date().toISOString(),
    cwd: config.cwd,
    originator,
    cli_version: VERSION,
    source: "fleet",
    model_provider: config.modelProviderId,
    ...(git ? { git } : {}),
  });
  try {
    // "wx": two runs racing to create it keep the first one's line.
    writeFileSync(path, `${JSON.stringify(meta)}\n`, { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
}

export interface InFlightCall {
  callId: string;
  name: string;
  arguments: string;
}

/** Where the last run of a task stopped, read from its rollout. */
export interface RolloutState {
  threadId: string | undefined;
  /** A turn was started (the prompt is in the history). */
  started: boolean;
  /** The last turn ended with task_complete. */
  completed: boolean;
  lastAgentMessage: string | undefined;
  /** Tool calls recorded without an output: a run stopped while they ran, so whether they took effect is unknown. */
  inFlight: InFlightCall[];
}

export async function readRolloutState(path: string): Promise<RolloutState> {
  const parsed = await readRollout(path);
  const calls = new Map<string, InFlightCall>();
  let started = false;
  let completed = false;
  let lastAgentMessage: string | undefined;
  for (const line of parsed.lines) {
    if (line.type === "event_msg") {
      const payload = line.payload as { type: string; item?: { type?: unknown; text?: unknown } };
      if (payload.type === "task_started") {
        started = true;
        completed = false;
      } else if (payload.type === "task_complete") completed = true;
      else if (payload.type === "turn_aborted" || payload.type === "error") completed = false;
      else if (payload.type === "item_completed" && payload.item?.type === "agentMessage") {
        // The engine's completed items, as every surface reads them (fleet rollouts always have them).
        if (typeof payload.item.text === "string") lastAgentMessage = payload.item.text;
      }
    } else if (line.type === "response_item") {
      const item = line.payload as {
        type: string;
        call_id?: string;
        name?: string;
        arguments?: string;
        input?: string;
      };
      if ((item.type === "function_call" || item.type === "custom_tool_call") && item.call_id) {
        calls.set(item.call_id, {
          callId: item.call_id,
          name: item.name ?? item.type,
          arguments: item.arguments ?? item.input ?? "",
        });
      } else if (
        (item.type === "function_call_output" || item.type === "custom_tool_call_output") &&
        item.call_id
      ) {
        calls.delete(item.call_id);
      }
    }
  }
  return { threadId: parsed.meta?.id, started, completed, lastAgentMessage, inFlight: [...calls.values()] };
}
