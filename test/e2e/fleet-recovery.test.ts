// Fleet durability: a worker killed with kill -9 mid-tool-call (its task goes on on another worker, from
// the rollout in the shared store, without running the call again), and a Redis restart mid-run (workers
// reconnect, nothing is lost or done twice). Real redis-server with AOF, real worker processes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseRolloutText } from "../../src/rollout/reader.js";
import { lastUserText, reply, startFakeModel } from "../support/fake-model.js";
import { makeHome, type TestHome } from "../support/cli.js";
import { fleet, makeRepo, waitForFile, waitForItem, waitForTasks, WorkerProcess } from "../support/fleet.js";
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

beforeEach(async () => {
  redis = await RedisServer.start();
  const root = scratchDir("codex-ts-fleet-");
  repo = makeRepo(join(root, "repo"));
  store = join(root, "store");
});

afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
  await model?.close();
  model = undefined;
  await redis.stop();
});

describe("fleet recovery", () => {
  it("gives a killed worker's task to another worker, which resumes the rollout without re-running the call", async () => {
    const CALL = "call_slow_tool";
    model = await startFakeModel({
      fallback: (request) => {
        const input = request.body.input ?? [];
        if (!input.some((i) => i.type === "function_call")) {
          return reply.shell(["bash", "-lc", "echo run >> ran.txt; sleep 8"], { callId: CALL });
        }
        return reply.message(`resumed: ${lastUserText(input).split("\n")[0]}`);
      },
    });
    home = makeHome(model.url, "", { git: false });
    const first = await startWorker("--lock-ms", "1500");
    const submitted = await fleet(
      ["submit", "--repo", repo, "--prompt", "run the slow tool"],
      home.env,
      redis.url,
    );
    const id = submitted.stdout.trim();
    await waitForItem(redis.url, id, (e) => e.type === "item.started");
    const marker = join(store, "tasks", id, id, "ran.txt");
    await waitForFile(marker);

    // Only now a second worker: the task is certainly on the first one.
    const second = await startWorker("--lock-ms", "1500");
    await first.kill9();

    const [record] = await waitForTasks(redis.url, [id]);
    expect(record?.state).toBe("completed");
    expect(record?.runs).toBe(2);
    expect(record?.worker).toContain(`:${second.pid}`);
    expect(record?.finalMessage).toMatch(/^resumed: \[fleet\] The run working on this task stopped/);
    // The command ran once: the marker has one line, and the diff shows it.
    expect(readFileSync(marker, "utf8")).toBe("run\n");
    expect(record?.diff).toContain("+run");

    // The model was told the call's outcome is unknown; it never got the call to run again.
    const last = model.requests.at(-1)?.body.input ?? [];
    const outputs = last.filter((i) => i.type === "function_call_output" && i.call_id === CALL);
    expect(outputs).toHaveLength(1);
    expect(String(outputs[0]?.output)).toContain("aborted");
    expect(lastUserText(last)).toContain(`call ${CALL}, started on run 1`);
    expect(model.requests).toHaveLength(2);

    // The rollout is whole and readable: one thread, the call once, both turns.
    const parsed = parseRolloutText(readFileSync(String(record?.rollout), "utf8"));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.meta?.id).toBe(record?.threadId);
    const items = parsed.lines.filter((l) => l.type === "response_item").map((l) => l.payload as Json);
    expect(items.filter((i) => i.type === "function_call" && i.call_id === CALL)).toHaveLength(1);
    const events = parsed.lines.filter((l) => l.type === "event_msg").map((l) => (l.payload as Json).type);
    expect(events.filter((t) => t === "task_started")).toHaveLength(2);
    expect(events.at(-1)).toBe("task_complete");

    const logs = await fleet(["logs", id], home.env, redis.url);
    expect(logs.stdout).toContain("run 1 on");
    expect(logs.stdout).toContain("run 2 on");
    expect(logs.stdout).toContain("1 tool call(s) were in flight (not re-run)");
  });

  it("survives a Redis restart mid-run: workers reconnect and every task completes once", async () => {
    model = await startFakeModel({
      fallback: (request) => reply.slow(`done: ${lastUserText(request.body.input ?? [])}`, 40),
    });
    home = makeHome(model.url, "", { git: false });
    // A task whose lock lapsed while Redis was down is taken back by a stalled check: a lock of 5 s (not the
    // default 30 s) keeps that wait well inside the test's bound on a loaded machine.
    await startWorker("--concurrency", "2", "--lock-ms", "5000");
    await startWorker("--concurrency", "2", "--lock-ms", "5000");
    const prompts = Array.from({ length: 12 }, (_, i) => `restart task ${i}`);
    // One submission for all, so the restart finds tasks queued, running and done.
    const file = join(store, "..", "tasks.jsonl");
    writeFileSync(file, prompts.map((prompt) => JSON.stringify({ repo, prompt })).join("\n"));
    const submitted = await fleet(["submit", "--file", file, "--json"], home.env, redis.url);
    const ids = (JSON.parse(submitted.stdout) as Array<{ id: string }>).map((t) => t.id);
    await waitForItem(redis.url, ids[1] ?? "", (e) => e.type === "fleet.task.finished");
    await redis.restart();

    const records = await waitForTasks(redis.url, ids, 50_000);
    for (const [i, record] of records.entries()) {
      expect(record.state, record.id).toBe("completed");
      expect(record.finalMessage).toBe(`done: ${prompts[i]}`);
    }
    for (const prompt of prompts) {
      expect(model.requests.filter((r) => lastUserText(r.body.input ?? []) === prompt)).toHaveLength(1);
    }
    for (const worker of workers) expect(worker.child.exitCode).toBeNull();
  });
});
