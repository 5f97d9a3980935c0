// Fleet limits and people: the queue-wide rate limit (requests per second counted at the fake model),
// a 429 from the model slowing the queue instead of failing the task, and an approval that parks a task
// until `fleet approve` answers it. Real redis-server, real worker processes.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, type TestHome } from "../support/cli.js";
import { fleet, makeRepo, waitForItem, waitForTasks, WorkerProcess } from "../support/fleet.js";
import { RedisServer } from "../support/redis-server.js";
import { scratchDir } from "../support/scratch.js";

type Json = Record<string, unknown>;
type Model = Awaited<ReturnType<typeof startFakeModel>>;

let redis: RedisServer;
let model: Model | undefined;
let home: TestHome;
let repo: string;
let store: string;
let workers: WorkerProcess[] = [];

async function startWorker(...args: string[]): Promise<WorkerProcess> {
  const worker = new WorkerProcess(["--redis", redis.url, "--store", store, ...args], home.env);
  workers.push(worker);
  await worker.ready;
  return worker;
}

async function submit(...args: string[]): Promise<string> {
  const result = await fleet(["submit", "--repo", repo, ...args], home.env, redis.url);
  expect(result.stderr).toBe("");
  return result.stdout.trim();
}

beforeEach(async () => {
  redis = await RedisServer.start();
  const root = scratchDir("codex-ts-fleet-");
  repo = makeRepo(join(root, "repo"));
  store = join(root, "store");
});

afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
  expect(model?.errors ?? []).toEqual([]);
  await model?.close();
  model = undefined;
  await redis.stop();
});

describe("fleet limits", () => {
  it("keeps the whole fleet under the queue's rate limit", async () => {
    const arrivals: number[] = [];
    model = await startFakeModel({
      fallback: (request) => {
        arrivals.push(Date.now());
        return reply.message(`done: ${lastUserText(request.body.input ?? [])}`);
      },
    });
    home = makeHome(model.url, "", { git: false });
    const limits = await fleet(
      ["limits", "--rate-max", "2", "--rate-duration-ms", "1000"],
      home.env,
      redis.url,
    );
    expect(limits.code).toBe(0);
    await startWorker("--concurrency", "2");
    await startWorker("--concurrency", "2");
    const file = join(store, "..", "tasks.jsonl");
    const tasks = Array.from({ length: 8 }, (_, i) => JSON.stringify({ repo, prompt: `limited ${i}` }));
    writeFileSync(file, tasks.join("\n"));
    const submitted = await fleet(["submit", "--file", file, "--json"], home.env, redis.url);
    const ids = (JSON.parse(submitted.stdout) as Array<{ id: string }>).map((t) => t.id);
    const records = await waitForTasks(redis.url, ids);
    expect(records.every((r) => r.state === "completed")).toBe(true);
    expect(arrivals).toHaveLength(8);
    // At most 2 tasks start per 1 s window, so any 5 consecutive requests span more than a window.
    for (let i = 0; i + 4 < arrivals.length; i++) {
      expect((arrivals[i + 4] ?? 0) - (arrivals[i] ?? 0)).toBeGreaterThanOrEqual(900);
    }
  });

  it("puts a task the model rate-limits (429) back in the queue instead of failing it", async () => {
    model = await startFakeModel({
      replies: [
        reply.httpError(429, { retryAfter: "0" }),
        reply.httpError(429, { retryAfter: "0" }),
        reply.httpError(429, { retryAfter: "0" }),
      ],
      fallback: () => reply.message("finally through"),
    });
    home = makeHome(model.url, "", { git: false });
    await startWorker();
    const id = await submit("--prompt", "busy model");
    const [record] = await waitForTasks(redis.url, [id]);
    expect(record?.state).toBe("completed");
    expect(record?.finalMessage).toBe("finally through");
    expect(record?.runs).toBe(2);
    const logs = await fleet(["logs", id], home.env, redis.url);
    expect(logs.stdout).toContain("the model API is rate-limiting; back to the queue");
  });

  it("parks a task on an approval request until someone approves it", async () => {
    model = await startFakeModel({
      fallback: (request) => {
        const input = request.body.input ?? [];
        const output = input.find((i) => i.type === "function_call_output");
        if (!output) {
          return reply.functionCall("shell", {
            command: ["bash", "-lc", "touch approved.txt"],
            sandbox_permissions: "require_escalated",
            justification: "needs it",
          });
        }
        return reply.message(`after approval: ${String(output.output).slice(0, 40)}`);
      },
    });
    home = makeHome(model.url, "", { git: false });
    await startWorker();
    const id = await submit("--prompt", "needs approval", "-a", "on-request");
    await waitForItem(redis.url, id, (e) => e.type === "fleet.approval.requested");

    const status = JSON.parse((await fleet(["status", id, "--json"], home.env, redis.url)).stdout) as Json[];
    expect(status[0]).toMatchObject({ id, state: "waiting-approval" });
    expect((status[0]?.approval as Json).summary).toContain("touch approved.txt");
    expect(existsSync(join(store, "tasks", id, id, "approved.txt"))).toBe(false);

    const approved = await fleet(["approve", id, "--json"], home.env, redis.url);
    expect(approved.code).toBe(0);
    const [record] = await waitForTasks(redis.url, [id]);
    expect(record?.state).toBe("completed");
    expect(record?.approval).toBeUndefined();
    expect(existsSync(join(store, "tasks", id, id, "approved.txt"))).toBe(true);
    expect(record?.diff).toContain("approved.txt");

    const late = await fleet(["approve", id], home.env, redis.url);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain("not waiting for an approval");
  });
});
