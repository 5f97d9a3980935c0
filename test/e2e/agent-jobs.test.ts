// Agent jobs (`[features] enable_fanout`): the root's model calls spawn_agents_on_csv; one worker subagent
// per row gets the instruction with the row's values, reports with report_agent_job_result, and is stopped;
// the call returns when every row is done and the results are in a CSV. `[agents] job_max_runtime_seconds`
// fails a worker that runs too long; a worker's `stop` ends the job early. Through `codex-ts app-server`,
// every message checked against the real protocol.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import { reply, type Reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { toolOutputs, type Input } from "../support/subagents.js";
import { JsonLinesProcess, runCli } from "../support/cli.js";
import { isEvent, msgOf } from "../support/proto-events.js";

const app = useAppServer();
let proto: JsonLinesProcess | undefined;
afterEach(async () => {
  await proto?.close();
  proto = undefined;
});

const WORKER = /You are a worker of agent job (\S+), handling its item (\S+)\./;

function texts(input: Input): string {
  return JSON.stringify(input);
}

function workerOf(input: Input): { jobId: string; itemId: string } | undefined {
  const match = WORKER.exec(texts(input));
  return match ? { jobId: match[1]!, itemId: match[2]!.replace(/\\n$/, "") } : undefined;
}

function readCsv(path: string): Array<Record<string, string>> {
  const rows: unknown = parse(readFileSync(path, "utf8"), { columns: true });
  return rows as Array<Record<string, string>>;
}

const toolNames = (body: Json) => ((body.tools as Json[] | undefined) ?? []).map((t) => t.name);

/**
 * The model: the root calls spawn_agents_on_csv with `args`, then answers with the call's output; a worker
 * does what `worker(itemId, jobId)` says, then says done once its report is in.
 */
function jobModel(args: Json, worker: (itemId: string, jobId: string) => Reply | undefined) {
  return (request: { body: Json }): Reply => {
    const input = (request.body.input ?? []) as Input;
    const who = workerOf(input);
    if (who) {
      if (toolOutputs(input).length > 0) return reply.message(`done with ${who.itemId}`);
      return worker(who.itemId, who.jobId) ?? reply.message("I forgot to report");
    }
    const outputs = toolOutputs(input);
    if (outputs.length === 0) return reply.functionCall("spawn_agents_on_csv", args);
    return reply.message(`job said: ${outputs.at(-1)}`);
  };
}

const report = (jobId: string, itemId: string, result: Json, stop?: boolean) =>
  reply.functionCall("report_agent_job_result", {
    job_id: jobId,
    item_id: itemId,
    result,
    ...(stop ? { stop } : {}),
  });

async function startJob(toml: string, model: ReturnType<typeof jobModel>) {
  const started = await app.start({
    model: { fallback: model },
    toml: `[features]\nenable_fanout = true\n${toml}`,
  });
  const threadId = await startThread(started.client, { cwd: started.home.cwd });
  return { ...started, threadId };
}

function jobOutput(requests: Array<{ body: Json }>): Json {
  const root = requests.filter((r) => !workerOf((r.body.input ?? []) as Input)).at(-1);
  return JSON.parse(toolOutputs((root?.body.input ?? []) as Input).at(-1) ?? "{}") as Json;
}

describe("agent jobs (spawn_agents_on_csv)", () => {
  it("runs one worker per row, collects the reports in a CSV, and fails a row nobody reported", async () => {
    const model = jobModel(
      {
        csv_path: "files.csv",
        instruction: "Review {path} for {area}; keep {{braces}}",
        id_column: "path",
        max_concurrency: 2,
        output_schema: { type: "object", properties: { score: { type: "number" } } },
      },
      (itemId, jobId) => (itemId === "c.ts" ? undefined : report(jobId, itemId, { path: itemId, score: 1 })),
    );
    const { home, model: fake, client: c, threadId } = await startJob("", model);
    writeFileSync(join(home.cwd, "files.csv"), 'path,area\na.ts,parsing\nb.ts,"io, net"\n\nc.ts,ui\n');

    const turn = await runTurn(c, threadId, "review every file", { timeoutMs: 60_000 });
    expect(turn.status).toBe("completed");

    const out = jobOutput(fake.requests);
    expect(out).toMatchObject({
      status: "completed",
      total_items: 3,
      completed_items: 2,
      failed_items: 1,
      pending_items: 0,
      job_error: null,
      failed_item_errors: [
        {
          item_id: "c.ts",
          source_id: "c.ts",
          last_error: "worker finished without calling report_agent_job_result",
        },
      ],
    });
    const jobId = out.job_id as string;
    expect(out.output_csv_path).toBe(join(home.cwd, `files.agent-job-${jobId.slice(0, 8)}.csv`));

    // Each worker was told its row, with the placeholders filled in, and only workers may report.
    const workerRequests = fake.requests.filter((r) => workerOf((r.body.input ?? []) as Input));
    const firstOfB = workerRequests.find((r) => workerOf((r.body.input ?? []) as Input)?.itemId === "b.ts");
    expect(texts((firstOfB?.body.input ?? []) as Input)).toContain("Review b.ts for io, net; keep {braces}");
    expect(toolNames(firstOfB!.body)).toContain("report_agent_job_result");
    expect(toolNames(fake.requests[0]!.body)).toContain("spawn_agents_on_csv");
    expect(toolNames(fake.requests[0]!.body)).not.toContain("report_agent_job_result");

    // The output: the input columns, then each item's outcome.
    const rows = readCsv(out.output_csv_path as string);
    expect(rows.map((r) => [r.path, r.area, r.item_id, r.row_index, r.status, r.attempt_count])).toEqual([
      ["a.ts", "parsing", "a.ts", "0", "completed", "1"],
      ["b.ts", "io, net", "b.ts", "1", "completed", "1"],
      ["c.ts", "ui", "c.ts", "2", "failed", "1"],
    ]);
    expect(JSON.parse(rows[0]!.result_json!)).toEqual({ path: "a.ts", score: 1 });
    expect(rows[2]!.last_error).toBe("worker finished without calling report_agent_job_result");
    expect(rows.every((r) => r.job_id === jobId && r.completed_at !== "")).toBe(true);

    // Clients see each worker's start as a spawnAgent item, and the job's progress.
    const spawns = c
      .notifications("item/completed")
      .map((p) => p.item as Json)
      .filter((i) => i.type === "collabAgentToolCall" && i.tool === "spawnAgent");
    expect(spawns).toHaveLength(3);
    expect(spawns.every((i) => i.status === "completed" && String(i.prompt).includes(jobId))).toBe(true);

    // The rollout keeps them: the thread read back from disk shows the same items.
    const read = await c.call("thread/read", { threadId, includeTurns: true });
    const readSpawns = (((read.thread as Json).turns as Json[])[0]!.items as Json[]).filter(
      (i) => i.type === "collabAgentToolCall" && i.tool === "spawnAgent",
    );
    expect(readSpawns.map((i) => i.id)).toEqual(spawns.map((i) => i.id));

    // Two workers at a time (max_concurrency), never more: each worker is a thread opened and closed.
    let open = 0;
    let most = 0;
    for (const m of c.received) {
      const params = (m as Json).params as Json | undefined;
      if (m.method === "thread/started" && (params?.thread as Json).id !== threadId)
        most = Math.max(most, ++open);
      if (m.method === "thread/closed" && params?.threadId !== threadId) open--;
    }
    expect(most).toBe(2);

    // Every worker was stopped once done: none is left running.
    const list = await c.call("thread/loaded/list", {});
    expect(list.data).toEqual([threadId]);
  });

  it("a worker past [agents] job_max_runtime_seconds fails and is stopped; the others finish", async () => {
    const model = jobModel({ csv_path: "two.csv", instruction: "do {n}" }, (itemId, jobId) =>
      itemId === "row-1" ? reply.hang() : report(jobId, itemId, { ok: true }),
    );
    const {
      home,
      model: fake,
      client: c,
      threadId,
    } = await startJob("[agents]\njob_max_runtime_seconds = 1\n", model);
    writeFileSync(join(home.cwd, "two.csv"), "n\n1\n2\n");
    const turn = await runTurn(c, threadId, "go", { timeoutMs: 60_000 });
    expect(turn.status).toBe("completed");
    expect(jobOutput(fake.requests)).toMatchObject({
      status: "completed",
      completed_items: 1,
      failed_items: 1,
      failed_item_errors: [
        { item_id: "row-1", source_id: null, last_error: "worker exceeded max runtime of 1s" },
      ],
    });
  });

  it("a worker's stop ends the job: rows not started stay pending", async () => {
    const model = jobModel(
      { csv_path: "three.csv", instruction: "do {n}", max_workers: 1 },
      (itemId, jobId) => report(jobId, itemId, { first: true }, true),
    );
    const { home, model: fake, client: c, threadId } = await startJob("", model);
    writeFileSync(join(home.cwd, "three.csv"), "n\n1\n2\n3\n");
    await runTurn(c, threadId, "go", { timeoutMs: 60_000 });
    const out = jobOutput(fake.requests);
    expect(out).toMatchObject({ status: "cancelled", completed_items: 1, pending_items: 2, failed_items: 0 });
    const rows = readCsv(out.output_csv_path as string);
    expect(rows.map((r) => r.status)).toEqual(["completed", "pending", "pending"]);
  });

  it("interrupting the turn stops every worker; the CSV says which rows were cut short", async () => {
    const model = jobModel({ csv_path: "slow.csv", instruction: "do {n}", max_workers: 2 }, () =>
      reply.hang(),
    );
    const { home, model: fake, client: c, threadId } = await startJob("", model);
    writeFileSync(join(home.cwd, "slow.csv"), "n\n1\n2\n3\n");
    const from = c.received.length;
    const started = await c.call("turn/start", { threadId, input: [{ type: "text", text: "go" }] });
    const turnId = (started.turn as Json).id;
    // The root's request, then one per running worker.
    await fake.waitForRequests(3);
    await c.call("turn/interrupt", { threadId, turnId });
    const ended = await c.waitNotification("turn/completed", (p) => (p.turn as Json).id === turnId, { from });
    expect((ended.turn as Json).status).toBe("interrupted");
    // The workers' threads close as they are stopped.
    await c.waitNotification("thread/closed", (p) => p.threadId !== threadId, { from });
    const closed = () => c.notifications("thread/closed").filter((p) => p.threadId !== threadId).length;
    if (closed() < 2) await c.waitNotification("thread/closed", () => closed() >= 2, { from });
    expect((await c.call("thread/loaded/list", {})).data).toEqual([threadId]);
    expect(fake.requests).toHaveLength(3);

    // The tool ended before the turn did: its CSV is final.
    const file = readdirSync(home.cwd).find((f) => /^slow\.agent-job-[0-9a-f]{8}\.csv$/.test(f));
    const rows = readCsv(join(home.cwd, file ?? "missing"));
    expect(rows.map((r) => [r.n, r.status, r.last_error])).toEqual([
      ["1", "failed", "the job was interrupted"],
      ["2", "failed", "the job was interrupted"],
      ["3", "pending", ""],
    ]);
  });

  it("when no worker can start at all, the job fails with the reason and every row says so", async () => {
    const model = jobModel({ csv_path: "rows.csv", instruction: "do {n}" }, () => undefined);
    const { home, model: fake, client: c, threadId } = await startJob("[subagents]\nmax_depth = 0\n", model);
    writeFileSync(join(home.cwd, "rows.csv"), "n\n1\n2\n");
    await runTurn(c, threadId, "go");
    const out = jobOutput(fake.requests);
    const reason =
      "failed to start a worker: cannot spawn: agent 0 is at depth 0 and subagents may be at most 0 deep";
    expect(out).toMatchObject({ status: "failed", failed_items: 2, completed_items: 0 });
    expect(String(out.job_error)).toContain(reason);
    const rows = readCsv(out.output_csv_path as string);
    expect(rows.map((r) => [r.status, r.last_error?.startsWith(reason)])).toEqual([
      ["failed", true],
      ["failed", true],
    ]);
    expect(fake.requests.some((r) => workerOf((r.body.input ?? []) as Input))).toBe(false);
  });

  it("clients of the engine's events see the job's progress and where its results are", async () => {
    const model = jobModel({ csv_path: "p.csv", instruction: "do {n}" }, (itemId, jobId) =>
      report(jobId, itemId, { ok: true }),
    );
    const { home } = await app.startModel({
      model: { fallback: model },
      toml: "[features]\nenable_fanout = true",
    });
    writeFileSync(join(home.cwd, "p.csv"), "n\n1\n2\n");
    proto = new JsonLinesProcess(["proto", "-s", "danger-full-access", "-a", "never"], {
      env: home.env,
      cwd: home.cwd,
    });
    proto.send({ id: "c1", op: { type: "configure_session" } });
    proto.send({ id: "t1", op: { type: "user_turn", items: [{ type: "text", text: "go" }] } });
    await proto.waitFor((e) => e.id === "t1" && msgOf(e).type === "task_complete", { timeoutMs: 30_000 });
    const notes = proto.received.filter(isEvent("background_event")).map((e) => String(msgOf(e).message));
    expect(notes[0]).toMatch(/^agent job [0-9a-f]{8}: started: 2 items, up to 16 workers at a time$/);
    expect(notes.at(-1)).toMatch(
      new RegExp(
        `^agent job [0-9a-f]{8} completed: 2 completed, 0 failed, 0 not started; results in ${home.cwd}/p\\.agent-job-[0-9a-f]{8}\\.csv$`,
      ),
    );
  });

  it("bad input is a tool error the model reads; without enable_fanout there is no such tool", async () => {
    const model = jobModel({ csv_path: "bad.csv", instruction: "x {a}", id_column: "nope" }, () => undefined);
    const { home, model: fake, client: c, threadId } = await startJob("", model);
    writeFileSync(join(home.cwd, "bad.csv"), "a,b\n1,2\n");
    const turn = await runTurn(c, threadId, "go");
    expect(turn.status).toBe("completed");
    expect(toolOutputs((fake.requests[1]?.body.input ?? []) as Input).at(-1)).toBe(
      "spawn_agents_on_csv: id_column nope was not found in csv headers",
    );

    // A limit below a second stops the CLI before anything runs, naming the key (as Codex does).
    const zero = await app.startModel({ toml: "[agents]\njob_max_runtime_seconds = 0" });
    const refused = await runCli(["exec", "hi"], { env: zero.home.env, cwd: zero.home.cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/config\.toml, line 4: agents\.job_max_runtime_seconds: /);

    const plain = await app.start({ toml: "[subagents]\nenabled = true\n" });
    const plainThread = await startThread(plain.client, { cwd: plain.home.cwd });
    plain.model.push(reply.message("ok"));
    await runTurn(plain.client, plainThread, "hi");
    expect(toolNames(plain.model.requests[0]!.body)).toContain("subagent_spawn");
    expect(toolNames(plain.model.requests[0]!.body)).not.toContain("spawn_agents_on_csv");
  });
});
