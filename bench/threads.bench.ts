// Thread listing at scale: 10,000 small rollout files in a temp CODEX_HOME, indexed in SQLite.
// Prints median and min of 7 runs for: the first page of `list`, the catch-up with changed folders (a
// page's folders, every folder), a filtered search, a full rebuild.
// Run: node --import tsx bench/threads.bench.ts
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { daySpan } from "../src/rollout/folders.js";
import { ThreadIndex } from "../src/rollout/index.js";
import {
  contextLines,
  metaLine,
  tempCodexHome,
  turnLines,
  writeRolloutFile,
} from "../test/support/rollout-files.js";

const THREADS = 10_000;
const RUNS = 7;
const CWDS = Array.from({ length: 20 }, (_, i) => `/home/dev/project-${i}`);
const TOPICS = ["parser", "login flow", "flaky test", "database migration", "release notes", "css grid"];

async function measure(name: string, run: () => unknown): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? NaN;
  const min = times[0] ?? NaN;
  console.log(
    `${name.padEnd(34)} median ${median.toFixed(2).padStart(9)} ms   min ${min.toFixed(2).padStart(9)} ms`,
  );
}

async function main(): Promise<void> {
  const home = tempCodexHome("codex-threads-bench-");
  try {
    const start = Date.UTC(2025, 0, 1);
    let t0 = performance.now();
    for (let i = 0; i < THREADS; i++) {
      const id = randomUUID();
      const createdAt = new Date(start + i * 37 * 60_000); // spread over ~260 days of folders
      const cwd = CWDS[i % CWDS.length] ?? "/";
      const lines = [
        metaLine(id, {
          timestamp: createdAt.toISOString(),
          cwd,
          model_provider: i % 3 === 0 ? "ollama" : "openai",
        }),
        ...contextLines(),
        ...turnLines(1, { question: `fix the ${TOPICS[i % TOPICS.length]} (#${i})` }),
        ...turnLines(2),
      ];
      writeRolloutFile(home.dir, lines, { id, createdAt });
    }
    console.log(`generated ${THREADS} rollout files in ${(performance.now() - t0).toFixed(0)} ms`);

    t0 = performance.now();
    const index = await ThreadIndex.open(home.dir);
    console.log(
      `initial index build (open): ${(performance.now() - t0).toFixed(0)} ms, ${index.count()} rows`,
    );

    let firstPage = 0;
    await measure("list first page (limit 25)", () => {
      firstPage = index.list({ limit: 25 }).items.length;
    });
    // What thread/list pays before answering: the folders of its page's days, not every folder.
    const oldest = index.list({ limit: 25 }).items.at(-1)?.createdAt;
    await measure("catch-up, the first page's folders", () =>
      index.catchUpFolders(daySpan(oldest, undefined)),
    );
    await measure("catch-up, every folder", () => index.catchUp());
    let hits = 0;
    await measure("search 'login' + cwd filter", () => {
      hits = index.list({ search: "login", cwd: CWDS[7] }).items.length;
    });
    await measure(`full rebuild of ${THREADS} threads`, () => index.rebuild());
    console.log(`(first page: ${firstPage} rows; filtered search: ${hits} rows on its first page)`);
    index.close();
  } finally {
    home.cleanup();
  }
}

await main();
