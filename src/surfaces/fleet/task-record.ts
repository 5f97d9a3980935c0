// The fleet's record of each task: a Redis hash beside the BullMQ job, so `fleet status` and `fleet results`
// read one place whatever happened to the job (removed when cancelled, retried, moved by a stalled check),
// and a sorted set of task ids by submission time for listing.
import type { Redis } from "ioredis";
import type { FleetKeys } from "./connection.js";
import type { TaskSpec } from "./job-schema.js";

export const TASK_STATES = [
  "queued",
  "active",
  "waiting-approval",
  "completed",
  "failed",
  "cancelled",
] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const FINAL_STATES: ReadonlySet<TaskState> = new Set(["completed", "failed", "cancelled"]);

export interface TaskUsage {
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_output_tokens: number;
  total_tokens: number;
}

/** A pending approval of a parked task: what the engine asked, and the id to answer. */
export interface PendingApproval {
  callId: string;
  kind: "exec" | "patch";
  /** The command (exec) or the changed paths (patch), for a person to judge. */
  summary: string;
  reason?: string;
}

export interface TaskRecord {
  id: string;
  state: TaskState;
  repo: string;
  prompt: string;
  submittedAt: string;
  startedAt?: string;
  finishedAt?: string;
  worker?: string;
  /** How many times a worker took the task (more than 1 after a crash, a retry or a 429). */
  runs?: number;
  threadId?: string;
  rollout?: string;
  branch?: string;
  baseSha?: string;
  finalMessage?: string;
  diff?: string;
  commit?: string;
  usage?: TaskUsage;
  error?: string;
  approval?: PendingApproval;
  cancelRequested?: boolean;
  /** The validated task, to queue it again (`fleet retry` after a cancel removed the job). */
  spec?: TaskSpec;
}

const JSON_FIELDS = new Set(["usage", "approval", "spec"]);

function encode(fields: Partial<TaskRecord>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (JSON_FIELDS.has(k)) out[k] = JSON.stringify(v);
    else if (typeof v === "boolean") out[k] = v ? "1" : "0";
    else if (typeof v === "string" || typeof v === "number") out[k] = String(v);
  }
  return out;
}

function decode(hash: Record<string, string>): TaskRecord {
  const record: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(hash)) {
    if (JSON_FIELDS.has(k)) record[k] = v === "" ? undefined : JSON.parse(v);
    else if (k === "runs") record[k] = Number(v);
    else if (k === "cancelRequested") record[k] = v === "1";
    else record[k] = v;
  }
  return record as unknown as TaskRecord;
}

export async function createTask(
  redis: Redis,
  k: FleetKeys,
  record: Pick<TaskRecord, "id" | "repo" | "prompt" | "spec">,
): Promise<void> {
  const now = new Date();
  await redis
    .multi()
    .hset(k.task(record.id), encode({ ...record, state: "queued", submittedAt: now.toISOString() }))
    .zadd(k.tasks, now.getTime(), record.id)
    .exec();
}

export async function updateTask(
  redis: Redis,
  k: FleetKeys,
  id: string,
  fields: Partial<TaskRecord>,
  clear: Array<keyof TaskRecord> = [],
): Promise<void> {
  const multi = redis.multi().hset(k.task(id), encode(fields));
  if (clear.length > 0) multi.hdel(k.task(id), ...clear);
  await multi.exec();
}

export async function readTask(redis: Redis, k: FleetKeys, id: string): Promise<TaskRecord | undefined> {
  const hash = await redis.hgetall(k.task(id));
  return Object.keys(hash).length === 0 ? undefined : decode(hash);
}

/** Tasks, oldest first (at most `limit`, the newest ones when there are more). */
export async function listTasks(redis: Redis, k: FleetKeys, limit = 1000): Promise<TaskRecord[]> {
  const ids = await redis.zrange(k.tasks, -limit, -1);
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.hgetall(k.task(id));
  const results = (await pipeline.exec()) ?? [];
  return results
    .map(([, hash]) => hash as Record<string, string>)
    .filter((hash) => hash && Object.keys(hash).length > 0)
    .map(decode);
}
