// Memories end to end, through `codex-ts app-server` processes on one home: a thread is recorded; a later
// start-up with `[features] memories` reads it (extraction), folds what it learnt into the memory folder
// (consolidation), both after that start-up's first answer; a thread started afterwards carries the memory
// summary. With memories off no such request is made. A failed consolidation writes nothing and is
// retried by the next start-up.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import {
  runTurn,
  startThread,
  useAppServer,
  type FakeModel,
  type Json,
} from "../support/app-server-fixture.js";
import { runCli, type TestHome } from "../support/cli.js";
import {
  ageFile,
  consolidationAnswer,
  extractionAnswer,
  memoryRequestKind,
  rolloutFiles,
  waitForMemoriesLog,
} from "../support/memories.js";

const app = useAppServer();

const MEMORIES_ON = "[features]\nmemories = true\n[memories]\nmin_rollout_idle_hours = 1\n";
const SUMMARY = "## User preferences\n- Indents with tabs, never spaces.\n";

const kinds = (model: FakeModel) => model.requests.map((r) => memoryRequestKind(r.body) ?? "turn");
const inputText = (body: Json) => JSON.stringify(body.input ?? []);

/** The pipeline's requests get structured answers; a turn gets `turnAnswer`. */
function memoryAwareModel(options: { consolidation?: "fail" } = {}) {
  return {
    fallback: (request: { body: Json }) => {
      const kind = memoryRequestKind(request.body);
      if (kind === "extraction")
        return extractionAnswer(
          "- The user indents with tabs, never spaces.",
          "Asked to reformat a file with tabs; done.",
          "Tabs Please",
        );
      if (kind === "consolidation")
        return options.consolidation === "fail"
          ? { status: 400, body: { error: { message: "bad request", type: "invalid_request_error" } } }
          : consolidationAnswer(SUMMARY, "# Memory\n\n## Formatting\n- tabs (thread tabs-please)\n");
      return reply.message("ok");
    },
  };
}

/** A first app-server records one thread, whose rollout is then made to look idle for three hours. */
async function recordThread(home: TestHome, text: string): Promise<string> {
  const first = await app.spawn(home);
  const threadId = await startThread(first, { cwd: home.cwd });
  await runTurn(first, threadId, text);
  await first.close();
  const [rollout] = rolloutFiles(home.codexHome);
  ageFile(rollout!, 3);
  return rollout!;
}

describe("memories", () => {
  it("a later start-up extracts and consolidates the earlier thread, and a new thread is given the summary", async () => {
    const { home, model } = await app.startModel({ toml: MEMORIES_ON, model: memoryAwareModel() });
    const rollout = await recordThread(home, "reformat main.c with tabs please");
    // That start-up had nothing to read yet (its own thread is fresh): no memory request.
    await waitForMemoriesLog(home.codexHome, /run: 0 thread\(s\) read/);
    expect(kinds(model)).toEqual(["turn"]);

    const c = await app.spawn(home);
    const second = await startThread(c, { cwd: home.cwd });
    await runTurn(c, second, "what next?");
    const log = await waitForMemoriesLog(
      home.codexHome,
      /run: 1 thread\(s\) read \(1 remembered.*consolidation consolidated/,
    );
    expect(log).not.toMatch(/[1-9] failed|consolidation failed|pipeline failed/);
    // The memory requests come after the start-up's first answer, one of each.
    expect(kinds(model)).toEqual(["turn", "turn", "extraction", "consolidation"]);

    const [, turn, extraction, consolidation] = model.requests.map((r) => r.body);
    expect(inputText(turn!)).not.toContain("memory_summary");
    expect(extraction).toMatchObject({ model: "gpt-5.4-mini", store: false, tools: [] });
    expect(String(extraction!.instructions)).toContain("finished conversation");
    expect(inputText(extraction!)).toContain("reformat main.c with tabs please");
    expect(inputText(extraction!)).toContain(rollout);
    // Only the earlier thread is read, not the one that started the pipeline.
    expect(inputText(extraction!)).not.toContain("what next?");
    expect(consolidation).toMatchObject({ model: "gpt-5.4" });
    expect(inputText(consolidation!)).toContain("The user indents with tabs, never spaces.");

    const root = join(home.codexHome, "memories");
    expect(readFileSync(join(root, "memory_summary.md"), "utf8")).toBe(SUMMARY);
    expect(readFileSync(join(root, "MEMORY.md"), "utf8")).toContain("## Formatting");
    expect(readFileSync(join(root, "raw_memories.md"), "utf8")).toContain("The user indents with tabs");
    const summaries = readdirSync(join(root, "rollout_summaries"));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatch(/-tabs-please\.md$/);
    expect(readFileSync(join(root, "rollout_summaries", summaries[0]!), "utf8")).toContain(
      "Asked to reformat a file with tabs; done.",
    );

    // A thread started now carries the summary in a developer message of its first request.
    const third = await startThread(c, { cwd: home.cwd });
    await runTurn(c, third, "indent this file");
    const last = model.requests.at(-1)!.body;
    const developer = ((last.input ?? []) as Json[]).filter((i) => i.role === "developer");
    const memory = developer.map((i) => JSON.stringify(i.content)).find((t) => t.includes("## Memory"));
    expect(memory).toContain("Indents with tabs, never spaces.");
    expect(memory).toContain(root);
    // This process ran its pipeline once: the new thread's answer starts no second run.
    expect(kinds(model).filter((k) => k !== "turn")).toEqual(["extraction", "consolidation"]);
  });

  it("with memories off, no memory request is made and nothing is injected", async () => {
    const { home, model } = await app.startModel({ model: memoryAwareModel() });
    await recordThread(home, "reformat main.c with tabs please");
    const c = await app.spawn(home);
    await runTurn(c, await startThread(c, { cwd: home.cwd }), "what next?");
    await runTurn(c, await startThread(c, { cwd: home.cwd }), "and then?");
    expect(kinds(model)).toEqual(["turn", "turn", "turn"]);
    expect(existsSync(join(home.codexHome, "memories"))).toBe(false);
    expect(existsSync(join(home.codexHome, "log", "memories.log"))).toBe(false);
    expect(inputText(model.requests.at(-1)!.body)).not.toContain("## Memory");
  });

  it("a failed consolidation writes nothing, and the next start-up tries it again without reading again", async () => {
    const failing = memoryAwareModel({ consolidation: "fail" });
    const { home, model } = await app.startModel({ toml: MEMORIES_ON, model: failing });
    await recordThread(home, "reformat main.c with tabs please");
    await waitForMemoriesLog(home.codexHome, /run: 0 thread/);

    const c = await app.spawn(home);
    await runTurn(c, await startThread(c, { cwd: home.cwd }), "what next?");
    await waitForMemoriesLog(home.codexHome, /run: 1 thread\(s\) read \(1 remembered.*consolidation failed/);
    expect(kinds(model)).toEqual(["turn", "turn", "extraction", "consolidation"]);
    const root = join(home.codexHome, "memories");
    for (const file of ["memory_summary.md", "MEMORY.md", "raw_memories.md", "rollout_summaries"])
      expect(existsSync(join(root, file))).toBe(false);
    await c.close();

    // The model answers again: the next start-up consolidates what the last one extracted.
    Object.assign(failing, memoryAwareModel());
    const d = await app.spawn(home);
    await runTurn(d, await startThread(d, { cwd: home.cwd }), "and now?");
    await waitForMemoriesLog(home.codexHome, /run: 0 thread\(s\) read.*consolidation consolidated/);
    expect(kinds(model).slice(4)).toEqual(["turn", "consolidation"]);
    expect(readFileSync(join(root, "memory_summary.md"), "utf8")).toBe(SUMMARY);
  }, 120_000);

  it("an unusable extraction answer is read again by the next start-up", async () => {
    let answers = 0;
    const base = memoryAwareModel();
    const { home, model } = await app.startModel({
      toml: MEMORIES_ON,
      model: {
        fallback: (request: { body: Json }) =>
          memoryRequestKind(request.body) === "extraction" && answers++ === 0
            ? reply.message("not JSON at all")
            : base.fallback(request),
      },
    });
    await recordThread(home, "reformat main.c with tabs please");
    await waitForMemoriesLog(home.codexHome, /run: 0 thread/);

    const c = await app.spawn(home);
    await runTurn(c, await startThread(c, { cwd: home.cwd }), "what next?");
    const failed = await waitForMemoriesLog(
      home.codexHome,
      /run: 1 thread\(s\) read \(0 remembered.*1 failed/,
    );
    expect(failed).toMatch(/memory extraction failed for thread .*not JSON/);
    expect(failed).toMatch(/consolidation no_input/);
    expect(existsSync(join(home.codexHome, "memories"))).toBe(false);
    await c.close();

    const d = await app.spawn(home);
    await runTurn(d, await startThread(d, { cwd: home.cwd }), "and now?");
    await waitForMemoriesLog(
      home.codexHome,
      /run: 1 thread\(s\) read \(1 remembered.*consolidation consolidated/,
    );
    expect(kinds(model)).toEqual(["turn", "turn", "extraction", "turn", "extraction", "consolidation"]);
    expect(readFileSync(join(home.codexHome, "memories", "memory_summary.md"), "utf8")).toBe(SUMMARY);
  }, 120_000);

  it("two processes on one home never run the pipeline at once", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const base = memoryAwareModel();
    const { home, model } = await app.startModel({
      toml: MEMORIES_ON,
      model: {
        // The extraction's answer waits until the second process has come and gone.
        fallback: async (request: { body: Json }) => {
          if (memoryRequestKind(request.body) === "extraction") await held;
          return base.fallback(request);
        },
      },
    });
    await recordThread(home, "reformat main.c with tabs please");
    await waitForMemoriesLog(home.codexHome, /run: 0 thread/);

    const a = await app.spawn(home);
    await runTurn(a, await startThread(a, { cwd: home.cwd }), "first process");
    await model.waitForRequests(3);
    expect(kinds(model)).toEqual(["turn", "turn", "extraction"]);
    const b = await app.spawn(home);
    await runTurn(b, await startThread(b, { cwd: home.cwd }), "second process");
    await waitForMemoriesLog(home.codexHome, /skipped: another process is updating these memories/);
    release();
    await waitForMemoriesLog(
      home.codexHome,
      /run: 1 thread\(s\) read \(1 remembered.*consolidation consolidated/,
    );
    expect(kinds(model)).toEqual(["turn", "turn", "extraction", "turn", "consolidation"]);
  });

  it("refuses, with the reason, a [memories] key codex-ts cannot honour", async () => {
    const { home } = await app.startModel({ toml: "[memories]\ndedicated_tools = true\n" });
    const result = await runCli(["exec", "hello"], { env: home.env, cwd: home.cwd });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "memories.dedicated_tools = true: codex-ts has no dedicated memory tools",
    );
  });
});
