// A worker's handling of one task job: its record, its working tree, its rollout (new or taken over), one
// engine run, then the result or the reason it did not finish. Errors are sorted for BullMQ: a bad payload,
// a cancel or a blown budget fail for good; a 429 puts the task back and slows the queue; anything else
// fails the attempt (retried when the job has attempts left, or by `fleet retry`).
import { UnrecoverableError, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { loadConfig } from "../../config/load.js";
import { originator } from "../../auth/originator.js";
import type { TokenUsage } from "../../protocol/core-protocol.js";
import type { FleetKeys } from "./connection.js";
import { appendItem } from "./item-stream.js";
import { parseTaskSpec, TaskSpecError, type TaskSpec } from "./job-schema.js";
import { continuationPrompt, readJournal, writeJournal } from "./journal.js";
import { TaskRun, type RunResult } from "./task-engine.js";
import { readTask, updateTask, type TaskRecord, type TaskUsage } from "./task-record.js";
import { ensureRollout, readRolloutState, rolloutPathOf, workDirOf } from "./task-rollout.js";
import { commitWorkspace, prepareWorkspace, workspaceDiff, type Workspace } from "./workspace.js";

export interface WorkerContext {
  redis: Redis;
  keys: FleetKeys;
  store: string;
  worker: string;
  credentialsHome: string;
  /** Running runs by task id, for cancel and approval messages. */
  running: Map<string, TaskRun>;
}

export interface TaskResult {
  state: "completed";
  finalMessage: string;
  diff: string;
  usage: TaskUsage | undefined;
  branch: string;
  commit?: string;
}

/** The model API said 429: the task goes back to the queue and the queue waits `delayMs`. */
export class ModelRateLimited extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

const RATE_LIMIT_PAUSE_MS = 2000;

function toUsage(usage: TokenUsage | undefined): TaskUsage | undefined {
  return usage && { ...usage };
}

async function finish(
  ctx: WorkerContext,
  id: string,
  state: "failed" | "cancelled",
  error: string,
): Promise<never> {
  await updateTask(ctx.redis, ctx.keys, id, { state, error, finishedAt: new Date().toISOString() }, [
    "approval",
  ]);
  await appendItem(ctx.redis, ctx.keys, id, { type: "fleet.task.finished", state, error });
  throw new UnrecoverableError(error);
}

export async function runTaskJob(job: Job, ctx: WorkerContext): Promise<TaskResult> {
  const id = job.id ?? "";
  let spec: TaskSpec;
  try {
    spec = parseTaskSpec(job.data);
  } catch (err) {
    if (!(err instanceof TaskSpecError)) throw err;
    // A poison job: recorded as failed (even if it never went through `fleet submit`), the worker goes on.
    const data = (job.data ?? {}) as Record<string, unknown>;
    const record = await readTask(ctx.redis, ctx.keys, id);
    if (!record) {
      await updateTask(ctx.redis, ctx.keys, id, {
        id,
        repo: typeof data.repo === "string" ? data.repo : "",
        prompt: typeof data.prompt === "string" ? data.prompt : "",
        submittedAt: new Date(job.timestamp).toISOString(),
      });
      await ctx.redis.zadd(ctx.keys.tasks, job.timestamp, id);
    }
    return finish(ctx, id, "failed", err.message);
  }

  const before = await readTask(ctx.redis, ctx.keys, id);
  if (before?.cancelRequested) return finish(ctx, id, "cancelled", "cancelled");
  const runNo = await ctx.redis.hincrby(ctx.keys.task(id), "runs", 1);
  await updateTask(ctx.redis, ctx.keys, id, {
    state: "active",
    worker: ctx.worker,
    ...(before?.startedAt ? {} : { startedAt: new Date().toISOString() }),
  });
  await job.log(`run ${runNo} on ${ctx.worker}`);

  let ws: Workspace;
  try {
    ws = await prepareWorkspace(spec.repo, spec.baseRef, workDirOf(ctx.store, id), id, before?.baseSha);
  } catch (err) {
    return finish(ctx, id, "failed", (err as Error).message);
  }
  const config = loadConfig({
    cwd: ws.dir,
    // A repository's own .codex/config.toml could point the worker's login at another server: not read.
    projectConfig: false,
    cli: {
      ...spec.config,
      ...(spec.model ? { model: spec.model } : {}),
      ...(spec.reasoningEffort ? { model_reasoning_effort: spec.reasoningEffort } : {}),
      sandbox_mode: spec.sandbox,
      approval_policy: spec.approvalPolicy,
    },
  });
  const rolloutPath = rolloutPathOf(ctx.store, id);
  ensureRollout(rolloutPath, config, originator(process.env));
  const state = await readRolloutState(rolloutPath);
  await updateTask(ctx.redis, ctx.keys, id, {
    branch: ws.branch,
    baseSha: ws.baseSha,
    rollout: rolloutPath,
    ...(state.threadId ? { threadId: state.threadId } : {}),
  });
  await appendItem(ctx.redis, ctx.keys, id, {
    type: "fleet.run.started",
    worker: ctx.worker,
    run: runNo,
    resumed: state.started,
  });

  let result: RunResult;
  if (state.completed) {
    // The last run finished its turn but died before reporting it: nothing to ask the model again.
    await job.log(`run ${runNo}: the rollout already holds the finished turn`);
    result = {
      outcome: "completed",
      finalMessage: state.lastAgentMessage,
      error: undefined,
      usage: before?.usage,
    };
  } else {
    let input = spec.prompt;
    if (state.started) {
      input = continuationPrompt(state.inFlight, await readJournal(ctx.redis, ctx.keys, id));
      await job.log(
        `run ${runNo}: taking over the thread from its rollout; ${state.inFlight.length} tool call(s) were in flight (not re-run)`,
      );
    }
    const run = new TaskRun({
      taskId: id,
      run: runNo,
      config,
      credentialsHome: ctx.credentialsHome,
      rolloutPath,
      input,
      ...(spec.timeoutMs !== undefined ? { timeoutMs: spec.timeoutMs } : {}),
      ...(spec.maxTokens !== undefined ? { maxTokens: spec.maxTokens } : {}),
      sinks: {
        item: (event) => appendItem(ctx.redis, ctx.keys, id, event),
        journal: (callId, entry) => writeJournal(ctx.redis, ctx.keys, id, callId, entry),
        progress: async (usage) => {
          await job.updateProgress({ tokens: usage.total_tokens });
          await updateTask(ctx.redis, ctx.keys, id, { usage: toUsage(usage) });
        },
        parked: (approval) =>
          approval
            ? updateTask(ctx.redis, ctx.keys, id, { state: "waiting-approval", approval })
            : updateTask(ctx.redis, ctx.keys, id, { state: "active" }, ["approval"]),
      },
    });
    ctx.running.set(id, run);
    try {
      // A cancel that arrived while the run was being set up.
      if ((await readTask(ctx.redis, ctx.keys, id))?.cancelRequested) run.cancel();
      result = await run.run();
    } finally {
      ctx.running.delete(id);
    }
  }

  switch (result.outcome) {
    case "cancelled":
      return finish(ctx, id, "cancelled", "cancelled");
    case "over-budget":
      return finish(ctx, id, "failed", result.error ?? "over budget");
    case "rate-limited":
      await updateTask(ctx.redis, ctx.keys, id, { state: "queued" });
      await job.log(`run ${runNo}: the model API is rate-limiting; back to the queue`);
      throw new ModelRateLimited(result.error ?? "rate limited", RATE_LIMIT_PAUSE_MS);
    case "failed": {
      const error = result.error ?? "failed";
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await updateTask(ctx.redis, ctx.keys, id, {
        state: last ? "failed" : "queued",
        error,
        ...(last ? { finishedAt: new Date().toISOString() } : {}),
      });
      if (last)
        await appendItem(ctx.redis, ctx.keys, id, { type: "fleet.task.finished", state: "failed", error });
      throw new Error(error);
    }
    case "completed":
      break;
  }

  const diff = await workspaceDiff(ws);
  const commit = spec.commit ? await commitWorkspace(ws, `fleet task ${id}\n\n${spec.prompt}`) : undefined;
  const finalMessage = result.finalMessage ?? "";
  const usage = toUsage(result.usage);
  await updateTask(
    ctx.redis,
    ctx.keys,
    id,
    {
      state: "completed",
      finalMessage,
      diff,
      ...(usage ? { usage } : {}),
      ...(commit ? { commit } : {}),
      finishedAt: new Date().toISOString(),
    },
    ["error", "approval"],
  );
  await appendItem(ctx.redis, ctx.keys, id, { type: "fleet.task.finished", state: "completed" });
  await job.log(`run ${runNo}: completed`);
  return {
    state: "completed",
    finalMessage,
    diff,
    usage,
    branch: ws.branch,
    ...(commit ? { commit } : {}),
  };
}

export type { TaskRecord };
