// Fleet throughput: tasks/minute for 1, 2 and 4 workers (concurrency 1 each) against a fake model that
// answers at once and one with 200 ms latency, then the per-task overhead the queue adds over a plain
// `exec` (one task at a time, submit to result, against `exec --json` wall time). Needs redis-server.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { FleetClient } from "../src/surfaces/fleet/task-api.js";
import { reply, sse, startFakeModel } from "../test/support/fake-model.js";
import { makeRepo, waitForTasks, WorkerProcess } from "../test/support/fleet.js";
import { RedisServer } from "../test/support/redis-server.js";
import { median, timeCommand } from "./support.js";

const TASKS = Number(process.env.BENCH_TASKS ?? 24);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLI = resolve(import.meta.dirname, "../dist/cli.js");

/** A message answer; with latency, its 5 SSE events are spread over `latencyMs`. */
function answer(latencyMs: number) {
  const events = [sse.created(), ...sse.message("done"), sse.completed()];
  return latencyMs > 0 ? { events, delayMs: latencyMs / events.length } : reply.message("done");
}

async function setup(latencyMs: number) {
  const redis = await RedisServer.start();
  const model = await startFakeModel({ fallback: () => answer(latencyMs) });
  const root = mkdtempSync(join(tmpdir(), "codex-ts-bench-fleet-"));
  const home = join(root, "home");
  mkdirSync(home);
  writeFileSync(join(home, "config.toml"), `openai_base_url = "${model.url}"\n`);
  const env = { PATH: process.env.PATH, HOME: root, CODEX_HOME: home, OPENAI_API_KEY: "sk-bench" };
  const repo = makeRepo(join(root, "repo"));
  const store = join(root, "store");
  return { redis, model, env, repo, store, root };
}

async function throughput(workerCount: number, latencyMs: number): Promise<number> {
  const s = await setup(latencyMs);
  const workers = Array.from(
    { length: workerCount },
    () => new WorkerProcess(["--redis", s.redis.url, "--store", s.store], s.env),
  );
  await Promise.all(workers.map((w) => w.ready));
  const client = new FleetClient({ redisUrl: s.redis.url, queue: "codex-tasks" });
  const started = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < TASKS; i++) ids.push(await client.submit({ repo: s.repo, prompt: `bench ${i}` }));
  const records = await waitForTasks(s.redis.url, ids, 300_000);
  const minutes = (performance.now() - started) / 60_000;
  await client.close();
  await Promise.all(workers.map((w) => w.stop()));
  await s.model.close();
  await s.redis.stop();
  if (records.some((r) => r.state !== "completed")) throw new Error("a bench task did not complete");
  return TASKS / minutes;
}

async function overhead(): Promise<void> {
  const s = await setup(0);
  const worker = new WorkerProcess(["--redis", s.redis.url, "--store", s.store], s.env);
  await worker.ready;
  const client = new FleetClient({ redisUrl: s.redis.url, queue: "codex-tasks" });
  const fleetMs: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const t0 = performance.now();
    const id = await client.submit({ repo: s.repo, prompt: `one ${i}` });
    await waitForTasks(s.redis.url, [id]);
    if (i > 0) fleetMs.push(performance.now() - t0);
  }
  await client.close();
  await worker.stop();
  const execMs: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const r = await timeCommand([process.execPath, CLI, "exec", "--json", "hello"], {
      env: s.env,
      cwd: s.repo,
    });
    if (r.code !== 0) throw new Error(`exec exited ${r.code}`);
    if (i > 0) execMs.push(r.wallMs);
  }
  await s.model.close();
  await s.redis.stop();
  const f = median(fleetMs);
  const e = median(execMs);
  const diff = f - e;
  console.log(
    `one task, submit to result: fleet median ${f.toFixed(0)} ms, plain exec median ${e.toFixed(0)} ms: ` +
      `the queue ${diff >= 0 ? "adds" : "saves"} ${Math.abs(diff).toFixed(0)} ms per task (over ${RUNS} runs; ` +
      `exec pays a process start, a worker pays a git worktree and Redis round trips)`,
  );
}

for (const latencyMs of [0, 200]) {
  for (const workerCount of [1, 2, 4]) {
    const rate = await throughput(workerCount, latencyMs);
    console.log(
      `model latency ${latencyMs} ms, ${workerCount} worker(s): ${rate.toFixed(0)} tasks/minute (${TASKS} tasks)`,
    );
  }
}
await overhead();
