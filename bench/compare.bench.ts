// The side-by-side suite: codex-ts and, when REAL_CODEX=/path/to/codex is set, the real Codex, measured in
// one run with their runs alternating (a loaded machine then slows both alike), against the fake model
// answering at once. Prints a table of medians (minimum in brackets) and ratios ours/real.
//   app-server initialize (spawn -> answer); exec --json hello (wall, peak RSS); an editor opening a chat
//   (spawn to the first turn's answer); per-turn time over 20 turns;
//   server RSS after 200 turns; thread/list first page with 10,000 recorded threads; fuzzyFileSearch on a
//   tree of 100,000 files. (The TUIs side by side: bench/tui-compare.bench.ts, which `npm run bench compare` also runs.)
// The real Codex must run without a network: start the whole run inside a loopback-only namespace, e.g.
//   unshare -n sh -c 'ip link set lo up && REAL_CODEX=$PWD/node_modules/@openai/codex/bin/codex.js npm run bench compare'
import { randomUUID } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { loadavg, cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { reply, startFakeModel } from "../test/support/fake-model.js";
import { contextLines, metaLine, turnLines, writeRolloutFile } from "../test/support/rollout-files.js";
import { startInitialized } from "./rpc-server.js";
import { canMeasureRss, median, scratchHome, timeCommand } from "./support.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const TURNS = 20;
const LONG_TURNS = 200;
const THREADS = Number(process.env.BENCH_THREADS ?? 10_000);
const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const CLI = resolve(import.meta.dirname, "../dist/cli.js");
/** BENCH_ONLY=thread,fuzzy runs only the rows whose name contains one of these words. */
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const wanted = (metric: string): boolean => !ONLY || ONLY.some((w) => metric.includes(w));

interface Contestant {
  name: string;
  /** The command line up to the subcommand. */
  argv: string[];
  execArgs: string[];
  configToml: (url: string) => string;
  home?: { codexHome: string; cwd: string };
  /** A home holding the recorded threads before any server runs in it (an index built later is not fresh). */
  threadHome?: { codexHome: string; cwd: string };
}

const contestants: Contestant[] = [
  {
    name: "codex-ts",
    argv: [process.execPath, CLI],
    execArgs: ["exec", "--json", "hello"],
    configToml: (url) => `openai_base_url = "${url}"\n`,
  },
];
if (process.env.REAL_CODEX) {
  const real = process.env.REAL_CODEX;
  contestants.push({
    name: "real Codex",
    argv: real.endsWith(".js") ? [process.execPath, real] : [real],
    execArgs: ["exec", "--json", "--skip-git-repo-check", "hello"],
    configToml: (url) =>
      `model_provider = "fake"\nmodel = "gpt-5.1-codex"\n[model_providers.fake]\nname = "fake"\n` +
      `base_url = "${url}"\nwire_api = "responses"\nenv_key = "OPENAI_API_KEY"\n`,
  });
}

// BASELINE_CLI=/path/to/other/dist/cli.js adds another build of codex-ts (a column after the real Codex),
// for a before/after figure taken in the same run; the ratio column stays ours/real.
if (process.env.BASELINE_CLI) {
  contestants.push({
    ...contestants[0]!,
    name: "codex-ts baseline",
    argv: [process.execPath, process.env.BASELINE_CLI],
  });
}

const envOf = (c: Contestant, home = c.home!): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: home.codexHome,
  CODEX_HOME: home.codexHome,
  OPENAI_API_KEY: "sk-bench",
});

type Row = { metric: string; unit: string; values: Array<number[] | undefined>; target?: string };
const rows: Row[] = [];

/** Runs `measure` RUNS times per contestant, alternating; a contestant that fails gets no figure. */
async function alternate(
  metric: string,
  unit: string,
  measure: (c: Contestant) => Promise<number | number[]>,
  options: { runs?: number; target?: string } = {},
): Promise<void> {
  if (!wanted(metric)) return;
  const values: Array<number[] | undefined> = contestants.map(() => []);
  for (let i = 0; i < (options.runs ?? RUNS); i++) {
    for (const [j, c] of contestants.entries()) {
      if (!values[j]) continue;
      try {
        const v = await measure(c);
        values[j]?.push(...(Array.isArray(v) ? v : [v]));
      } catch (error) {
        console.error(`${c.name}, ${metric}: ${(error as Error).message}`);
        values[j] = undefined;
      }
    }
  }
  rows.push({ metric, unit, values, ...(options.target ? { target: options.target } : {}) });
  console.error(`done: ${metric}`);
}

async function initializeMs(c: Contestant): Promise<number> {
  const { server, initializeMs: ms } = await startInitialized(
    [...c.argv, "app-server"],
    envOf(c),
    c.home!.cwd,
  );
  await server.stop();
  return ms;
}

async function execWall(c: Contestant, rss: number[][], j: number): Promise<number> {
  const r = await timeCommand([...c.argv, ...c.execArgs], { env: envOf(c), cwd: c.home!.cwd });
  if (r.code !== 0) throw new Error(`exec exited ${r.code}`);
  if (r.rssKiB) rss[j]!.push(r.rssKiB / 1024);
  return r.wallMs;
}

async function turnTimes(c: Contestant): Promise<number[]> {
  const { server } = await startInitialized([...c.argv, "app-server"], envOf(c), c.home!.cwd);
  try {
    const started = await server.request("thread/start", { cwd: c.home!.cwd });
    const threadId = (started.result?.thread as { id: string }).id;
    const times: number[] = [];
    for (let i = 0; i < TURNS; i++) {
      const t0 = performance.now();
      const completed = server.next((m) => m.method === "turn/completed");
      await server.request("turn/start", { threadId, input: [{ type: "text", text: `turn ${i}` }] });
      await completed;
      times.push(performance.now() - t0);
    }
    return times.slice(1); // the first turn pays for warm-up
  } finally {
    await server.stop();
  }
}

/**
 * An editor opening a chat: spawn to the first turn's answer, through `initialize`, the history and model
 * lists an editor asks for at once, `thread/start` and a turn. The other rows time each step in a server
 * already warmed up; this one keeps the start-up work each step waits for.
 */
async function firstTurnMs(c: Contestant): Promise<number> {
  const t0 = performance.now();
  const { server } = await startInitialized([...c.argv, "app-server"], envOf(c), c.home!.cwd);
  try {
    await Promise.all([server.request("thread/list", { limit: 25 }), server.request("model/list", {})]);
    const started = await server.request("thread/start", { cwd: c.home!.cwd });
    const threadId = (started.result?.thread as { id: string }).id;
    const completed = server.next((m) => m.method === "turn/completed");
    await server.request("turn/start", { threadId, input: [{ type: "text", text: "hello" }] });
    await completed;
    return performance.now() - t0;
  } finally {
    await server.stop();
  }
}

/** Resident memory of a process and its descendants (the real Codex's codex.js launcher spawns the binary). */
function treeRssMiB(pid: number): number {
  const children = (p: number): number[] => {
    try {
      const list = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim();
      return list ? list.split(/\s+/).map(Number) : [];
    } catch {
      return [];
    }
  };
  const rssKiB = (p: number): number => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  // The launcher itself is a node process that only waits; count the largest process of the tree, the server.
  const all: number[] = [];
  const walk = (p: number) => {
    all.push(p);
    children(p).forEach(walk);
  };
  walk(pid);
  return Math.max(...all.map(rssKiB)) / 1024;
}

/** RSS of the server after a 200-turn thread (memory that grows with a session shows here). */
async function rssAfterTurns(c: Contestant): Promise<number> {
  const { server } = await startInitialized([...c.argv, "app-server"], envOf(c), c.home!.cwd);
  try {
    const started = await server.request("thread/start", { cwd: c.home!.cwd });
    const threadId = (started.result?.thread as { id: string }).id;
    for (let i = 0; i < LONG_TURNS; i++) {
      const completed = server.next((m) => m.method === "turn/completed");
      await server.request("turn/start", { threadId, input: [{ type: "text", text: `turn ${i}` }] });
      await completed;
    }
    if (server.pid === undefined) throw new Error("no pid");
    return treeRssMiB(server.pid);
  } finally {
    await server.stop();
  }
}

/** thread/list's first page in a fresh server (what an IDE's history view costs when it opens). */
async function threadListMs(c: Contestant): Promise<number> {
  const home = c.threadHome!;
  const { server } = await startInitialized([...c.argv, "app-server"], envOf(c, home), home.cwd);
  try {
    await server.request("thread/loaded/list", {}); // the first request after start loads the handlers
    const t0 = performance.now();
    // Every provider and source: the real Codex otherwise lists only the current provider's CLI threads.
    const page = await server.request("thread/list", {
      limit: 25,
      modelProviders: [],
      sourceKinds: ["cli", "vscode", "exec"],
    });
    const ms = performance.now() - t0;
    const count = (page.result?.data as unknown[] | undefined)?.length ?? 0;
    if (count !== 25) throw new Error(`thread/list returned ${count} threads, expected 25`);
    return ms;
  } finally {
    await server.stop();
  }
}

const topResults = new Map<string, string[]>();
/** The fake model's address, for the homes made per run. */
let modelUrl = "";
/**
 * One fuzzyFileSearch in a fresh server; with `again`, a second query's time in the same server (`next`:
 * its query and what the path it puts first must look like). `fresh`: in a CODEX_HOME of its own, where no
 * earlier server kept anything.
 */
async function fuzzySearchMs(
  c: Contestant,
  root: string,
  again = false,
  next = { query: "mod42file73", top: /^src\/pkg42\/mod42\/file73\.ts$/ },
  fresh = false,
): Promise<number> {
  const home = fresh ? scratchHome(c.configToml(modelUrl)) : c.home!;
  const { server } = await startInitialized([...c.argv, "app-server"], envOf(c, home), c.home!.cwd);
  try {
    await server.request("thread/loaded/list", {}); // the first request after start loads the handlers
    let t0 = performance.now();
    const found = await server.request("fuzzyFileSearch", { query: "mod42file7", roots: [root] });
    if (again) {
      t0 = performance.now();
      const second = await server.request("fuzzyFileSearch", { query: next.query, roots: [root] });
      const top = (second.result?.files as Array<{ path: string }> | undefined)?.[0]?.path;
      if (!next.top.test(top ?? "")) throw new Error(`the second query found ${top} first`);
    }
    const ms = performance.now() - t0;
    const files = (found.result?.files as Array<{ path: string }> | undefined) ?? [];
    topResults.set(
      c.name,
      files.slice(0, 5).map((f) => f.path),
    );
    return ms;
  } finally {
    await server.stop();
    if (fresh) rmSync(dirname(home.codexHome), { recursive: true, force: true });
  }
}

function recordThreads(codexHome: string): void {
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < THREADS; i++) {
    const id = randomUUID();
    const createdAt = new Date(start + i * 37 * 60_000);
    const lines = [
      metaLine(id, { timestamp: createdAt.toISOString(), cwd: `/home/dev/project-${i % 20}` }),
      ...contextLines(),
      ...turnLines(1, { question: `fix the parser (#${i})` }),
    ];
    writeRolloutFile(codexHome, lines, { id, createdAt });
  }
}

/**
 * A tree of FILES files. Its folders' times are set a minute back: a tree someone searches was not written
 * the second before, and codex-ts keeps a listing for the next server only when no folder changed shortly
 * before its walk (files/listing-proof.ts).
 */
function makeTree(root: string): void {
  const perFolder = 100;
  const folders = new Set([root, join(root, "src")]);
  for (let d = 0; d < FILES / perFolder; d++) {
    const dir = join(root, "src", `pkg${d % 50}`, `mod${d}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < perFolder; f++) writeFileSync(join(dir, `file${f}.ts`), "x");
    folders.add(dir).add(dirname(dir));
  }
  const minuteAgo = new Date(Date.now() - 60_000);
  for (const folder of folders) utimesSync(folder, minuteAgo, minuteAgo);
}

function fmt(values: number[] | undefined, unit: string): string {
  if (!values?.length) return "n/a";
  const digits = unit === "ms" && median(values) < 10 ? 2 : 1;
  return `${median(values).toFixed(digits)} ${unit} (${Math.min(...values).toFixed(digits)})`;
}

function printTable(): void {
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `\n${cpus().length} cores, load average ${load}, Node ${process.versions.node}; medians, minimum in brackets`,
  );
  // Ratios of codex-ts to each other column: "ratio" to the first (the real Codex when it is measured).
  const others = contestants.slice(1);
  const head = [
    "",
    ...contestants.map((c) => c.name),
    ...others.map((c, i) => (i === 0 ? "ratio" : `vs ${c.name}`)),
    ...(others.length ? ["target"] : []),
  ];
  const body = rows.map((r) => {
    const cells = r.values.map((v) => fmt(v, r.unit));
    const [ours, ...theirs] = r.values;
    const ratios = theirs.map((v) =>
      ours?.length && v?.length ? `${(median(ours) / median(v)).toFixed(2)}x` : "n/a",
    );
    return [r.metric, ...cells, ...ratios, ...(others.length ? [r.target ?? ""] : [])];
  });
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(head));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const row of body) console.log(line(row));
  for (const [name, paths] of topResults) console.log(`fuzzyFileSearch top 5, ${name}: ${paths.join(", ")}`);
}

const model = await startFakeModel({ fallback: reply.message("hello") });
modelUrl = model.url;
try {
  for (const c of contestants) c.home = scratchHome(c.configToml(model.url));
  await alternate("app-server initialize", "ms", initializeMs, { target: "<= 0.8" });
  const rss: number[][] = contestants.map(() => []);
  await alternate("exec hello, wall", "ms", (c) => execWall(c, rss, contestants.indexOf(c)), {
    target: "<= 0.70",
  });
  if (canMeasureRss && rss.some((r) => r.length))
    rows.push({ metric: "exec hello, peak RSS", unit: "MiB", values: rss, target: "<= 80 MiB" });
  await alternate("editor opening: spawn to first turn answered", "ms", firstTurnMs);
  await alternate("per turn (20 turns)", "ms", turnTimes, { runs: 3, target: "<= 0.10" });
  await alternate(`RSS after ${LONG_TURNS} turns`, "MiB", rssAfterTurns, { runs: 1, target: "<= 150 MiB" });

  // The same 10,000 rollouts for every contestant, each in a home of its own (both keep an index there).
  const [first, ...others] = contestants;
  if (wanted("thread/list")) {
    first!.threadHome = scratchHome(first!.configToml(model.url));
    recordThreads(first!.threadHome.codexHome);
    for (const c of others) {
      c.threadHome = scratchHome(c.configToml(model.url));
      cpSync(join(first!.threadHome.codexHome, "sessions"), join(c.threadHome.codexHome, "sessions"), {
        recursive: true,
      });
    }
    await alternate(`thread/list first page, ${THREADS} threads`, "ms", threadListMs, {
      runs: Number(process.env.BENCH_LIST_RUNS ?? 5),
      target: "<= 0.5",
    });
  }

  if (wanted("fuzzyFileSearch")) {
    const tree = join(first!.home!.cwd, "tree");
    makeTree(tree);
    const runs = Number(process.env.BENCH_FUZZY_RUNS ?? 5);
    // The first search of a tree no server walked before: codex-ts walks it, as the real Codex always does.
    await alternate(
      `fuzzyFileSearch, ${FILES} files, never walked`,
      "ms",
      (c) => fuzzySearchMs(c, tree, false, undefined, true),
      { runs, target: "<= 1.0" },
    );
    // A fresh server's first search of a tree an earlier server searched (a new editor window, the next
    // day's session): codex-ts reads the listing it kept while it is provably current.
    for (const c of contestants) await fuzzySearchMs(c, tree);
    await alternate(
      `fuzzyFileSearch, ${FILES} files, searched by an earlier server`,
      "ms",
      (c) => fuzzySearchMs(c, tree),
      {
        runs,
        target: "<= 1.0",
      },
    );
    await alternate(
      `fuzzyFileSearch, ${FILES} files, next query`,
      "ms",
      (c) => fuzzySearchMs(c, tree, true),
      { runs },
    );
    // A query nearly every path matches, as the first letters typed after `@`.
    // Which of the many equally good files comes first differs (the real Codex's walk is parallel).
    const broad = { query: "ts", top: /^src\/pkg\d+\/mod\d+\/file\d+\.ts$/ };
    await alternate(
      `fuzzyFileSearch, ${FILES} files, next query "ts"`,
      "ms",
      (c) => fuzzySearchMs(c, tree, true, broad),
      { runs },
    );
  }
} finally {
  await model.close();
}
printTable();
if (!process.env.REAL_CODEX)
  console.log("(REAL_CODEX=/path/to/codex adds the real Codex, see the head of this file)");
