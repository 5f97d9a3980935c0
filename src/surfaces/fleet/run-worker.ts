// `codex-ts worker`: takes task jobs from the queue and runs them, `--concurrency` at a time. BullMQ does the
// queue's hard parts: a lock per active job (renewed while it runs), the stalled-job check that hands the
// job of a dead worker to another one, the rate limiter shared by every worker of the queue, retries.
import { Queue, Worker, type Job } from "bullmq";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { resolveCodexHome } from "../../config/home.js";
import { connect, fleetTarget, FleetError, keys, type FleetFlags } from "./connection.js";
import { subscribeControl } from "./control.js";
import { appendItem } from "./item-stream.js";
import { ModelRateLimited, runTaskJob, type TaskResult, type WorkerContext } from "./run-task.js";
import { readTask, updateTask } from "./task-record.js";

export interface WorkerFlags extends FleetFlags {
  concurrency?: string;
  store?: string;
  lockMs?: string;
  rateMax?: string;
  rateDurationMs?: string;
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new FleetError(`${name} must be a positive integer, got ${value}`);
  return n;
}

/** The shared store: the flag, $CODEX_FLEET_STORE, else $CODEX_HOME/fleet (one machine only). */
export function storeDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(flag ?? env.CODEX_FLEET_STORE ?? join(resolveCodexHome(env), "fleet"));
}

/** Marks a task failed unless its record already tells how it ended (or that it waits for another run). */
async function recordFailure(ctx: WorkerContext, id: string, error: string): Promise<void> {
  const state = (await readTask(ctx.redis, ctx.keys, id))?.state;
  if (state !== "active" && state !== "waiting-approval") return;
  await updateTask(ctx.redis, ctx.keys, id, { state: "failed", error, finishedAt: new Date().toISOString() });
  await appendItem(ctx.redis, ctx.keys, id, { type: "fleet.task.finished", state: "failed", error });
}

function log(line: string): void {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`);
}

export async function runWorker(flags: WorkerFlags): Promise<number> {
  let target;
  let concurrency: number;
  let lockDuration: number;
  let limiter: { max: number; duration: number } | undefined;
  try {
    target = fleetTarget(flags);
    concurrency = positiveInt(flags.concurrency, "--concurrency", 1);
    lockDuration = positiveInt(flags.lockMs, "--lock-ms", 30_000);
    if (flags.rateMax !== undefined) {
      limiter = {
        max: positiveInt(flags.rateMax, "--rate-max", 1),
        duration: positiveInt(flags.rateDurationMs, "--rate-duration-ms", 1000),
      };
    } else if (flags.rateDurationMs !== undefined) {
      throw new FleetError("--rate-duration-ms needs --rate-max");
    }
  } catch (err) {
    if (err instanceof FleetError) {
      process.stderr.write(`Error: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const k = keys(target.queue);
  const name = `${hostname()}:${process.pid}`;
  const redis = connect(target);
  const subscriber = connect(target);
  // Connection errors while Redis is down are retried by ioredis; they must not crash the process, and the
  // wait is said once (at start-up too: a worker pointed at the wrong URL would otherwise wait in silence).
  let unreachable = false;
  redis.on("error", (err: NodeJS.ErrnoException) => {
    if (unreachable) return;
    unreachable = true;
    const reason = err.message || err.code || "connection failed";
    log(`Redis at ${target.redisUrl} is unreachable (${reason}); retrying until it answers`);
  });
  redis.on("ready", () => {
    if (unreachable) log(`Redis at ${target.redisUrl} answers again`);
    unreachable = false;
  });
  subscriber.on("error", () => undefined);
  const ctx: WorkerContext = {
    redis,
    keys: k,
    store: storeDir(flags.store),
    worker: name,
    credentialsHome: resolveCodexHome(),
    running: new Map(),
  };

  await subscribeControl(
    subscriber,
    k,
    (message) => {
      const run = ctx.running.get(message.id);
      if (!run) return;
      if (message.type === "cancel") {
        log(`task ${message.id}: cancel`);
        run.cancel();
      } else if (run.answer(message.callId, message.decision)) {
        log(`task ${message.id}: approval ${message.callId} ${message.decision}`);
      }
    },
    (problem) => log(problem),
  );

  // The queue's side of a 429: `rateLimit` holds back every worker of the queue, not just this one.
  // BullMQ leaves connections it is handed open on close: these are closed at the end, with the others.
  const queueConnection = redis.duplicate();
  const workerConnection = redis.duplicate();
  const queue = new Queue(target.queue, { connection: queueConnection });
  queue.on("error", () => undefined);
  const worker = new Worker<unknown, TaskResult>(
    target.queue,
    async (job: Job) => {
      try {
        return await runTaskJob(job, ctx);
      } catch (err) {
        if (err instanceof ModelRateLimited) {
          // Every worker of the queue waits, then the task runs again from its rollout.
          await queue.rateLimit(err.delayMs);
          throw Worker.RateLimitError();
        }
        throw err;
      }
    },
    {
      connection: workerConnection,
      concurrency,
      lockDuration,
      stalledInterval: lockDuration,
      maxStalledCount: 2,
      ...(limiter ? { limiter } : {}),
      name,
    },
  );
  worker.on("error", (err) => log(`queue: ${err.message}`));
  worker.on("active", (job) => log(`task ${job.id}: started`));
  worker.on("completed", (job) => log(`task ${job.id}: completed`));
  worker.on("failed", (job, err) => {
    log(`task ${job?.id ?? "?"}: ${err.message}`);
    // A job BullMQ failed on its own (stalled too often): its record would still say it runs.
    if (job?.id && job.finishedOn) void recordFailure(ctx, job.id, err.message).catch(() => undefined);
  });
  worker.on("stalled", (id) => log(`task ${id}: stalled (its worker stopped renewing the lock); requeued`));
  await worker.waitUntilReady();
  log(`worker ${name} ready: queue ${target.queue} at ${target.redisUrl}, concurrency ${concurrency}`);

  let stopping = false;
  const stopped = new Promise<void>((resolvePromise) => {
    const stop = (signal: string) => {
      if (stopping) {
        // A second signal: leave now; the stalled check gives the active tasks to another worker.
        process.exit(130);
      }
      stopping = true;
      log(`${signal}: finishing the active tasks (send it again to quit now)`);
      void worker.close().then(resolvePromise);
    };
    process.on("SIGINT", () => stop("SIGINT"));
    process.on("SIGTERM", () => stop("SIGTERM"));
  });
  await stopped;
  // A task this worker gave up on while closing keeps its record honest.
  for (const id of ctx.running.keys()) {
    if ((await readTask(redis, k, id))?.state === "active")
      await updateTask(redis, k, id, { state: "queued" });
  }
  await queue.close();
  for (const connection of [redis, subscriber, queueConnection, workerConnection]) connection.disconnect();
  return 0;
}
