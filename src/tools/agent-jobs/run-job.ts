// Runs an agent job to its end: starts a worker subagent per item (at most `concurrency` at once), waits for
// each worker's turn to end (failing one that outlives the job's runtime limit), records what it reported,
// stops it, and starts the next. An interrupt of the calling turn stops every worker; items not started
// stay pending, so the output shows what is left.
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import type { AgentScope, CallerTurn } from "../../core/subagents/agent-scope.js";
import {
  jobProgress,
  setItemStatus,
  type AgentJob,
  type JobBoard,
  type JobItem,
} from "../../core/subagents/job-board.js";
import { announcedCall } from "../subagents/call-events.js";
import { jsonOutput } from "../subagents/tool-output.js";
import { workerPrompt } from "./worker-prompt.js";

export interface JobRunHost {
  /** The subagent tree as the calling agent: workers are its children. */
  scope: AgentScope;
  board: JobBoard;
  caller: CallerTurn & { callId: string; signal: AbortSignal };
  emit: (msg: KnownEventMsg) => void;
}

type WorkerEnd = "ended" | "timeout" | "aborted";

interface ActiveWorker {
  agentId: number;
  item: JobItem;
  end: Promise<{ agentId: number; how: WorkerEnd }>;
}

/** Runs the job; resolves with why it failed as a whole, if it did (no worker could start at all). */
export async function runAgentJob(
  job: AgentJob,
  concurrency: number,
  host: JobRunHost,
): Promise<{ jobError?: string }> {
  const { board, caller } = host;
  board.add(job);
  // The items not started yet are job.items from `next` on (read by index: a CSV may have many rows).
  let next = 0;
  const active = new Map<number, ActiveWorker>();
  progress(host, job, `started: ${job.items.length} items, up to ${concurrency} workers at a time`);
  try {
    for (;;) {
      while (
        !job.stopRequested &&
        !caller.signal.aborted &&
        active.size < concurrency &&
        next < job.items.length
      ) {
        const item = job.items[next++]!;
        const started = await startWorker(job, item, host);
        if ("agentId" in started) {
          active.set(started.agentId, {
            agentId: started.agentId,
            item,
            end: watch(started.agentId, job, host),
          });
        } else if (active.size > 0 || caller.signal.aborted) {
          // Most likely the tree is full: the item waits for a running worker to finish (or, interrupted,
          // stays pending).
          next--;
          break;
        } else {
          // Nothing runs and no worker starts (a depth limit, a bad setting): the next would fail alike.
          const jobError = `failed to start a worker: ${started.error}`;
          for (const left of job.items.slice(next - 1)) finish(job, left, "failed", jobError);
          progress(host, job);
          return { jobError };
        }
      }
      if (active.size === 0) break;
      const { agentId, how } = await Promise.race([...active.values()].map((w) => w.end));
      const worker = active.get(agentId)!;
      active.delete(agentId);
      settle(worker.item, how, job, caller.signal.aborted);
      await stopWorker(host.scope, agentId);
      progress(host, job);
    }
    return {};
  } finally {
    // Reached with workers still running only when something above threw: none is left behind.
    for (const worker of active.values()) {
      settle(worker.item, "aborted", job, true);
      await stopWorker(host.scope, worker.agentId);
    }
    board.remove(job.id);
  }
}

/** Spawns the item's worker, announced like a subagent_spawn call (its id: the job call's, plus the item). */
async function startWorker(
  job: AgentJob,
  item: JobItem,
  host: JobRunHost,
): Promise<{ agentId: number } | { error: string }> {
  const task = workerPrompt(job, item);
  let started: { agentId: number } | { error: string } = { error: "not started" };
  await announcedCall(
    { callId: `${host.caller.callId}:${item.itemId}`, emit: host.emit },
    host.scope,
    { tool: "spawn", targets: [], prompt: task },
    async () => {
      try {
        const spawned = await host.scope.spawn(
          { task, name: `job-${job.id.slice(0, 8)}-${item.itemId.slice(0, 40)}` },
          host.caller,
        );
        started = { agentId: spawned.agentId };
        setItemStatus(job, item, "running");
        item.attempts++;
        item.workerSessionId = spawned.sessionId;
        const agent = host.scope.describe(spawned.agentId);
        return {
          result: jsonOutput({ agent_id: spawned.agentId, session_id: spawned.sessionId }),
          ...(agent ? { agents: [agent] } : {}),
        };
      } catch (err) {
        started = { error: (err as Error).message };
        throw err;
      }
    },
  );
  return started;
}

/** Resolves when the worker's turn ended, its time ran out, or the calling turn was interrupted. */
async function watch(
  agentId: number,
  job: AgentJob,
  host: JobRunHost,
): Promise<{ agentId: number; how: WorkerEnd }> {
  const deadline = Date.now() + job.maxRuntimeSeconds * 1000;
  for (;;) {
    let waited;
    try {
      waited = await host.scope.await({
        agentId,
        timeoutMs: Math.max(0, deadline - Date.now()),
        signal: host.caller.signal,
        outcomesOnly: true,
      });
    } catch {
      // No longer a child of the caller (cancelled): it has ended, one way or another.
      return { agentId, how: "ended" };
    }
    if (waited.reason === "timeout") return { agentId, how: "timeout" };
    if (waited.reason === "aborted") return { agentId, how: "aborted" };
    if (waited.outcomes.length > 0 || waited.reason === "nothing_running") return { agentId, how: "ended" };
  }
}

function settle(item: JobItem, how: WorkerEnd, job: AgentJob, interrupted: boolean): void {
  if (item.result !== undefined) finish(job, item, "completed");
  else if (how === "timeout")
    finish(job, item, "failed", `worker exceeded max runtime of ${job.maxRuntimeSeconds}s`);
  else if (how === "aborted" || interrupted) finish(job, item, "failed", "the job was interrupted");
  else finish(job, item, "failed", "worker finished without calling report_agent_job_result");
}

function finish(job: AgentJob, item: JobItem, status: "completed" | "failed", error?: string): void {
  setItemStatus(job, item, status);
  item.completedAt = new Date();
  if (error !== undefined) item.error = error;
}

/** A finished worker is cancelled: it leaves the tree (and frees its place) with its thread kept on disk. */
async function stopWorker(scope: AgentScope, agentId: number): Promise<void> {
  try {
    await scope.cancel(agentId);
  } catch {
    // Already gone.
  }
}

/** Progress goes out at most once a second (a long CSV would flood the client), the start and end always. */
const PROGRESS_INTERVAL_MS = 1000;
const lastProgress = new WeakMap<AgentJob, number>();

function progress(host: JobRunHost, job: AgentJob, note?: string): void {
  const counts = jobProgress(job);
  const done = counts.completed + counts.failed;
  const now = Date.now();
  const last = lastProgress.get(job);
  if (note === undefined && done < counts.total && last !== undefined && now - last < PROGRESS_INTERVAL_MS)
    return;
  lastProgress.set(job, now);
  host.emit({
    type: "background_event",
    message:
      `agent job ${job.id.slice(0, 8)}: ` +
      (note ?? `${done}/${counts.total} items done (${counts.failed} failed, ${counts.running} running)`),
  });
}
