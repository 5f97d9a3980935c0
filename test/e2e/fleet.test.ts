// Fleet mode end to end: a real redis-server (AOF on), real `codex-ts worker` processes, the `fleet`
// command line, and the fake model. Tasks run in git worktrees on their task branches.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { jsonLines, makeHome, type TestHome } from "../support/cli.js";
import { fleet, makeRepo, waitForItem, waitForTasks, WorkerProcess } from "../support/fleet.js";
import { RedisServer } from "../support/redis-server.js";
import { scratchDir } from "../support/scratch.js";

type Json = Record<string, unknown>;
type Model = Awaited<ReturnType<typeof startFakeModel>>;

let redis: RedisServer;
let model: Model;
let home: TestHome;
let repo: string;
let store: string;
const workers: WorkerProcess[] = [];
let failedOnce = false;

/** Replies by prompt: "write a file" runs one command then answers; "hang" never answers; else an echo. */
function route(request: { body: { input?: Json[] } }) {
  const input = request.body.input ?? [];
  const prompt = lastUserText(input);
  const answered = input.some((i) => i.type === "function_call_output");
  if (prompt.includes("write a file") && !answered) {
    return reply.shell(["bash", "-lc", "echo hello > hello.txt"]);
  }
  if (prompt.includes("hang")) return reply.hang();
  if (prompt.includes("fail once") && !failedOnce) {
    failedOnce = true;
    return reply.httpError(400, { message: "bad request, this time" });
  }
  return reply.message(`done: ${prompt}`);
}

async function startWorker(...args: string[]): Promise<WorkerProcess> {
  const worker = new WorkerProcess(["--redis", redis.url, "--store", store, ...args], home.env);
  workers.push(worker);
  await worker.ready;
  return worker;
}

beforeAll(async () => {
  redis = await RedisServer.start();
  model = await startFakeModel({ fallback: route });
  home = makeHome(model.url, "", { git: false });
  const root = scratchDir("codex-ts-fleet-");
  repo = makeRepo(join(root, "repo"));
  store = join(root, "store");
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await model?.close();
  await redis?.stop();
});

describe("fleet", () => {
  it("submits a task, watches it live, and reads its status and results", async () => {
    await startWorker("--concurrency", "2");
    const submitted = await fleet(
      ["submit", "--repo", repo, "--prompt", "write a file please", "--json"],
      home.env,
      redis.url,
    );
    expect(submitted.stderr).toBe("");
    expect(submitted.code).toBe(0);
    const { id } = JSON.parse(submitted.stdout) as { id: string };
    expect(id).toMatch(/^t-/);

    const watched = await fleet(["watch", id, "--json"], home.env, redis.url);
    expect(watched.code).toBe(0);
    const events = jsonLines(watched.stdout);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("fleet.run.started");
    expect(types).toContain("thread.started");
    expect(types.at(-1)).toBe("fleet.task.finished");
    const command = events.find(
      (e) => e.type === "item.completed" && (e.item as Json).type === "command_execution",
    );
    expect((command?.item as Json).exit_code).toBe(0);
    expect(events.some((e) => e.type === "turn.completed")).toBe(true);

    const results = await fleet(["results", id, "--json"], home.env, redis.url);
    expect(results.code).toBe(0);
    const result = JSON.parse(results.stdout) as Json;
    expect(result.state).toBe("completed");
    expect(result.finalMessage).toBe("done: write a file please");
    expect(result.diff).toContain("+++ b/hello.txt");
    expect(result.branch).toBe(`fleet/${id}`);
    expect((result.usage as Json).total_tokens).toBeGreaterThan(0);
    // The rollout in the store is a readable thread: session_meta first, the command's call and output.
    const lines = readFileSync(String(result.rollout), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Json);
    expect(lines[0]?.type).toBe("session_meta");
    expect(lines.filter((l) => (l.payload as Json).type === "function_call")).toHaveLength(1);

    const status = await fleet(["status", id, "--json"], home.env, redis.url);
    const rows = JSON.parse(status.stdout) as Json[];
    expect(rows).toEqual([expect.objectContaining({ id, state: "completed", runs: 1 })]);
    expect(rows[0]?.tokens).toBeGreaterThan(0);
    const human = await fleet(["status"], home.env, redis.url);
    expect(human.stdout).toContain("completed: 1");
  });

  it("runs 20 tasks on 3 workers, each exactly once", async () => {
    await startWorker("--concurrency", "2");
    await startWorker("--concurrency", "2");
    const file = join(scratchDir("codex-ts-fleet-batch-"), "tasks.jsonl");
    const prompts = Array.from({ length: 20 }, (_, i) => `batch task ${i}`);
    const { writeFileSync } = await import("node:fs");
    writeFileSync(file, prompts.map((prompt) => JSON.stringify({ repo, prompt })).join("\n"));
    const submitted = await fleet(["submit", "--file", file, "--json"], home.env, redis.url);
    expect(submitted.code).toBe(0);
    const ids = (JSON.parse(submitted.stdout) as Array<{ id: string }>).map((t) => t.id);
    expect(new Set(ids).size).toBe(20);

    const records = await waitForTasks(redis.url, ids);
    for (const [i, record] of records.entries()) {
      expect(record.error).toBeUndefined();
      expect(record.state).toBe("completed");
      expect(record.runs).toBe(1);
      expect(record.finalMessage).toBe(`done: ${prompts[i]}`);
    }
    // Each prompt reached the model once: no task ran twice.
    for (const prompt of prompts) {
      const asked = model.requests.filter((r) => lastUserText(r.body.input ?? []) === prompt);
      expect(asked, prompt).toHaveLength(1);
    }
    expect(new Set(records.map((r) => r.worker)).size).toBeGreaterThan(1);
  });

  it("fails a poison job alone, with a clear error, and the worker goes on", async () => {
    const queue = new Queue("codex-tasks", { connection: { host: "127.0.0.1", port: redis.port } });
    try {
      await queue.add("task", { prompt: 42, repo: "/x", evil: true }, { jobId: "poison-1" });
    } finally {
      await queue.close();
    }
    const submitted = await fleet(
      ["submit", "--repo", repo, "--prompt", "after the poison"],
      home.env,
      redis.url,
    );
    const id = submitted.stdout.trim();
    const [poison, good] = await waitForTasks(redis.url, ["poison-1", id]);
    expect(poison?.state).toBe("failed");
    expect(poison?.error).toMatch(/^invalid task: /);
    expect(poison?.error).toContain("prompt");
    expect(good?.state).toBe("completed");
    for (const worker of workers) expect(worker.child.exitCode).toBeNull();

    const results = await fleet(["results", "poison-1", "--json"], home.env, redis.url);
    expect(results.code).toBe(1);
    expect(JSON.parse(results.stdout)).toMatchObject({ state: "failed" });
  });

  it("rejects a bad submission without queueing anything", async () => {
    const bad = await fleet(
      ["submit", "--repo", repo, "--prompt", "x", "-c", "openai_base_url=http://evil"],
      home.env,
      redis.url,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Error: invalid task: config.openai_base_url/);
    const missing = await fleet(["results", "t-nope", "--json"], home.env, redis.url);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no task t-nope");
  });

  it("cancels a running task on its worker, and a queued one at once", async () => {
    const submitted = await fleet(
      ["submit", "--repo", repo, "--prompt", "hang forever"],
      home.env,
      redis.url,
    );
    const id = submitted.stdout.trim();
    await waitForItem(redis.url, id, (e) => e.type === "turn.started");
    const cancelled = await fleet(["cancel", id, "--json"], home.env, redis.url);
    expect(cancelled.code).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toEqual({ id, state: "cancelled" });
    const status = JSON.parse((await fleet(["status", id, "--json"], home.env, redis.url)).stdout) as Json[];
    expect(status[0]?.state).toBe("cancelled");

    // A queue no worker serves: the task is still queued when cancelled.
    const queued = await fleet(
      ["submit", "--repo", repo, "--prompt", "never runs", "--queue", "idle"],
      home.env,
      redis.url,
    );
    const queuedId = queued.stdout.trim();
    const now = await fleet(["cancel", queuedId, "--queue", "idle", "--json"], home.env, redis.url);
    expect(JSON.parse(now.stdout)).toEqual({ id: queuedId, state: "cancelled" });
    const again = await fleet(["cancel", queuedId, "--queue", "idle"], home.env, redis.url);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already cancelled");
    for (const worker of workers) expect(worker.child.exitCode).toBeNull();
  });

  it("retries a failed task: the next run goes on from its rollout", async () => {
    const id = (
      await fleet(["submit", "--repo", repo, "--prompt", "fail once"], home.env, redis.url)
    ).stdout.trim();
    const [failed] = await waitForTasks(redis.url, [id]);
    expect(failed?.state).toBe("failed");
    expect(failed?.error).toContain("HTTP 400");
    const early = await fleet(["results", id], home.env, redis.url);
    expect(early.code).toBe(1);

    const retried = await fleet(["retry", id, "--json"], home.env, redis.url);
    expect(JSON.parse(retried.stdout)).toEqual({ id, state: "queued" });
    const [record] = await waitForTasks(redis.url, [id]);
    expect(record?.state).toBe("completed");
    expect(record?.runs).toBe(2);
    expect(record?.error).toBeUndefined();
    expect(record?.finalMessage).toMatch(/^done: \[fleet\] The run working on this task stopped/);

    const again = await fleet(["retry", id], home.env, redis.url);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("only failed or cancelled tasks can be retried");
  });
});
