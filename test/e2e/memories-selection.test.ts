// Which past threads the memories pipeline reads, and what a thread is told: hand-written rollouts of every
// kind sit in one home, a start-up's pipeline reads only the eligible one (a person's root thread, idle
// long enough, young enough, not marked or made with external context), with the configured models and
// service tier. Exec starts no pipeline, yet its thread is given the summary when `use_memories` allows,
// and `generate_memories = false` marks the threads it starts.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { runCli } from "../support/cli.js";
import { item, threadLines, turnLines, writeRolloutFile } from "../support/rollout-files.js";
import {
  ageFile,
  consolidationAnswer,
  extractionAnswer,
  memoryRequestKind,
  rolloutFiles,
  waitForMemoriesLog,
} from "../support/memories.js";

const app = useAppServer();
const HOUR = 3_600_000;

describe("memories: what is read and what is told", () => {
  it("reads only eligible threads, with the configured models and service tier", async () => {
    const { home, model } = await app.startModel({
      toml:
        "[features]\nmemories = true\n[memories]\nmin_rollout_idle_hours = 2\nmax_rollouts_per_startup = 8\n" +
        'disable_on_external_context = true\nextract_model = "tiny-reader"\nconsolidation_model = "big-folder"\n' +
        'consolidation_service_tier = "flex"\n',
      model: {
        fallback: (request: { body: Json }) => {
          const kind = memoryRequestKind(request.body);
          if (kind === "extraction") return extractionAnswer("- noted", "a recap", "noted");
          if (kind === "consolidation") return consolidationAnswer("## Recent work\n- noted\n", "# Memory\n");
          return reply.message("ok");
        },
      },
    });
    const write = (question: string, meta: Json, hoursAgo: number, extra: ReturnType<typeof item>[] = []) => {
      const lines = [...threadLines("x", 0, meta), ...turnLines(1, { question, extra })];
      const { path } = writeRolloutFile(home.codexHome, lines, {
        createdAt: new Date(Date.now() - hoursAgo * HOUR),
      });
      // threadLines names every thread "x": each file gets its own id from its name.
      const id = /([0-9a-f-]{36})\.jsonl$/.exec(path)![1]!;
      writeFileSync(path, readFileSync(path, "utf8").replace('"id":"x"', `"id":"${id}"`));
      ageFile(path, hoursAgo);
    };
    write("eligible terminal thread", { source: "cli" }, 3);
    write("web search thread", { source: "vscode" }, 3, [
      item({ type: "web_search_call", status: "completed", action: { type: "search", query: "q" } }),
    ]);
    write("exec thread", { source: "exec" }, 3);
    write("marked thread", { source: "cli", memory_mode: "disabled" }, 3);
    write("fresh thread", { source: "cli" }, 1);
    write("old thread", { source: "cli" }, 24 * 20);
    write("subagent thread", { source: "cli", parent_thread_id: "0199aaaa-0000-7000-8000-000000000000" }, 3);

    const c = await app.spawn(home);
    await runTurn(c, await startThread(c, { cwd: home.cwd }), "hello");
    const log = await waitForMemoriesLog(home.codexHome, /run: /);
    expect(log).toContain(
      "run: 3 thread(s) read (1 remembered, 0 with nothing to keep, 2 skipped, 0 failed)",
    );
    expect(log).toContain("consolidation consolidated");

    const memory = model.requests.filter((r) => memoryRequestKind(r.body));
    expect(memory.map((r) => memoryRequestKind(r.body))).toEqual(["extraction", "consolidation"]);
    const [extraction, consolidation] = memory.map((r) => r.body);
    expect(extraction!.model).toBe("tiny-reader");
    expect(JSON.stringify(extraction!.input)).toContain("eligible terminal thread");
    expect(extraction!.service_tier).toBeUndefined();
    expect(consolidation).toMatchObject({ model: "big-folder", service_tier: "flex" });
  });

  it("exec gives its thread the summary unless use_memories is off, runs no pipeline, and marks threads", async () => {
    const { home, model } = await app.startModel({ toml: "[features]\nmemories = true\n" });
    const root = join(home.codexHome, "memories");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "memory_summary.md"), "## User preferences\n- Answers in French.\n");
    const developerText = () =>
      ((model.requests.at(-1)!.body.input ?? []) as Json[])
        .filter((i) => i.role === "developer")
        .map((i) => JSON.stringify(i.content))
        .join("\n");

    const told = await runCli(["exec", "hello"], { env: home.env, cwd: home.cwd });
    expect(told.code).toBe(0);
    expect(developerText()).toContain("Answers in French.");
    expect(developerText()).toContain(root);

    const off = await runCli(["exec", "-c", "memories.use_memories=false", "hello"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(off.code).toBe(0);
    expect(developerText()).not.toContain("Answers in French.");

    const unmarked = rolloutFiles(home.codexHome);
    const marked = await runCli(["exec", "-c", "memories.generate_memories=false", "hello"], {
      env: home.env,
      cwd: home.cwd,
    });
    expect(marked.code).toBe(0);
    const newest = rolloutFiles(home.codexHome).find((p) => !unmarked.includes(p))!;
    const meta = JSON.parse(readFileSync(newest, "utf8").split("\n")[0]!) as Json;
    expect((meta.payload as Json).memory_mode).toBe("disabled");
    for (const path of unmarked) expect(readFileSync(path, "utf8")).not.toContain("memory_mode");

    // Three exec runs, three turns: exec never starts the pipeline.
    expect(model.requests.map((r) => memoryRequestKind(r.body) ?? "turn")).toEqual(["turn", "turn", "turn"]);
  });
});
