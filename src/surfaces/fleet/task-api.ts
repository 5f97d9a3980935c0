// The fleet as functions: what the command line runs, and what a dashboard or the app-server can call
// (list tasks, read or follow a task's items, its logs, submit, cancel, retry, approve, queue limits).
import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { ReviewDecision } from "../../protocol/policies.js";
import { connect, FleetError, keys, type FleetKeys, type FleetTarget } from "./connection.js";
import { publishControl } from "./control.js";
import { appendItem, followItems, readItems, type StreamEntry } from "./item-stream.js";
import { parseTaskSpec, type TaskSpec } from "./job-schema.js";
import { createTask, FINAL_STATES, listTasks, readTask, updateTask, type TaskRecord } from "./task-record.js";

export interface SubmitOptions {
  /** Runs BullMQ may make when a run fails (a worker crash is not a failed run). Default 1. */
  attempts?: number;
  /** 1 is the highest; tasks without one come after every prioritized task (BullMQ's rule). */
  priority?: number;
}

/** Job states BullMQ can still hand to a worker: removing the job cancels the task outright. */
const NOT_STARTED = new Set(["waiting", "delayed", "prioritized", "waiting-children"]);

export class FleetClient {
  readonly redis: Redis;
  readonly queue: Queue;
  readonly keys: FleetKeys;

  constructor(
    readonly target: FleetTarget,
    /** A long-lived client (the web dashboard) reconnects after Redis restarts; a command gives up. */
    options: { reconnect?: boolean } = {},
  ) {
    this.redis = connect(target, { failFast: true, reconnect: options.reconnect });
    this.redis.on("error", () => undefined);
    this.queue = new Queue(target.queue, { connection: this.redis });
    this.queue.on("error", () => undefined);
    this.keys = keys(target.queue);
  }

  /** Resolves once Redis answers; a clear error when it cannot be reached. */
  async ready(): Promise<void> {
    try {
      await this.redis.ping();
    } catch (err) {
      throw new FleetError(`cannot reach Redis at ${this.target.redisUrl}: ${(err as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.redis.disconnect();
  }

  /** Validates and queues a task; its id. */
  async submit(input: unknown, options: SubmitOptions = {}): Promise<string> {
    const spec = parseTaskSpec(input);
    const id = `t-${randomUUID().slice(0, 13).replace("-", "")}`;
    await createTask(this.redis, this.keys, { id, repo: spec.repo, prompt: spec.prompt, spec });
    await this.enqueue(id, spec, options);
    return id;
  }

  private async enqueue(id: string, spec: TaskSpec, options: SubmitOptions): Promise<void> {
    await this.queue.add("task", spec, {
      jobId: id,
      attempts: options.attempts ?? 1,
      backoff: { type: "exponential", delay: 1000 },
      ...(options.priority !== undefined ? { priority: options.priority } : {}),
    });
  }

  async list(limit?: number): Promise<TaskRecord[]> {
    return listTasks(this.redis, this.keys, limit);
  }

  async get(id: string): Promise<TaskRecord> {
    const record = await readTask(this.redis, this.keys, id);
    if (!record) throw new FleetError(`no task ${id} in queue ${this.target.queue}`);
    return record;
  }

  async items(id: string, after?: string): Promise<StreamEntry[]> {
    return readItems(this.redis, this.keys, id, after);
  }

  /**
   * Every item of the task, then the new ones live, until it reaches a final state. A retried task's
   * stream holds the earlier run's end too: following goes on past an end the record no longer shows.
   */
  async follow(id: string, onEntry: (entry: StreamEntry) => void, signal?: AbortSignal): Promise<void> {
    const reader = connect(this.target);
    reader.on("error", () => undefined);
    try {
      // On the reader's connection, which rides out a Redis restart (a watch goes on after it).
      await followItems(reader, this.keys, id, onEntry, signal, async () => {
        const state = (await readTask(reader, this.keys, id))?.state;
        return state === undefined || FINAL_STATES.has(state);
      });
    } finally {
      reader.disconnect();
    }
  }

  async logs(id: string): Promise<string[]> {
    await this.get(id);
    return (await this.queue.getJobLogs(id, 0, -1, true)).logs;
  }

  /** Cancels a queued task at once, or asks its worker to interrupt it; the state it is left in. */
  async cancel(id: string): Promise<"cancelled" | "cancelling"> {
    const record = await this.get(id);
    if (FINAL_STATES.has(record.state)) throw new FleetError(`task ${id} is already ${record.state}`);
    await updateTask(this.redis, this.keys, id, { cancelRequested: true });
    const job = await this.queue.getJob(id);
    const state = job ? await job.getState() : "unknown";
    if (!job || NOT_STARTED.has(state)) {
      try {
        await job?.remove();
        await updateTask(this.redis, this.keys, id, {
          state: "cancelled",
          finishedAt: new Date().toISOString(),
        });
        await appendItem(this.redis, this.keys, id, { type: "fleet.task.finished", state: "cancelled" });
        return "cancelled";
      } catch {
        // Taken by a worker meanwhile: it sees cancelRequested, or hears the message below.
      }
    }
    await publishControl(this.redis, this.keys, { type: "cancel", id });
    return "cancelling";
  }

  /** Queues a failed or cancelled task again; its next run goes on from its rollout. */
  async retry(id: string): Promise<void> {
    const record = await this.get(id);
    if (record.state !== "failed" && record.state !== "cancelled") {
      throw new FleetError(`task ${id} is ${record.state}; only failed or cancelled tasks can be retried`);
    }
    if (!record.spec) throw new FleetError(`task ${id} has no valid task payload to run again`);
    await updateTask(this.redis, this.keys, id, { state: "queued" }, [
      "cancelRequested",
      "error",
      "finishedAt",
    ]);
    const job = await this.queue.getJob(id);
    if (job && (await job.getState()) === "failed") await job.retry("failed");
    else {
      await job?.remove();
      await this.enqueue(id, record.spec, {});
    }
  }

  /** Answers the approval a parked task waits for. */
  async approve(id: string, decision: ReviewDecision): Promise<void> {
    const record = await this.get(id);
    if (record.state !== "waiting-approval" || !record.approval) {
      throw new FleetError(`task ${id} is ${record.state}, not waiting for an approval`);
    }
    const heard = await publishControl(this.redis, this.keys, {
      type: "approval",
      id,
      callId: record.approval.callId,
      decision,
    });
    if (heard === 0) throw new FleetError(`no worker is listening on queue ${this.target.queue}`);
  }

  /** Queue-wide limits every worker obeys: tasks started per window, and tasks running at once. */
  async setLimits(limits: {
    rateMax?: number;
    rateDurationMs?: number;
    concurrency?: number;
  }): Promise<void> {
    if (limits.rateMax !== undefined)
      await this.queue.setGlobalRateLimit(limits.rateMax, limits.rateDurationMs ?? 1000);
    if (limits.concurrency !== undefined) await this.queue.setGlobalConcurrency(limits.concurrency);
  }
}
