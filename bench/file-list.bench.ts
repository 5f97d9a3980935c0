// The cost of refreshing the `@` finder's file list on a large tree: 100,000 files in a git repository,
// plus 20,000 more under an ignored node_modules. For each way of listing (rg, git, walk) and for the `@`
// finder's search (its first query, then the keys that follow): wall time, and the longest the event loop
// was held (what typing would feel), medians of 5. Then the alternative not taken, a recursive fs.watch of
// the tree: how long watch() blocks, and the memory it takes.
//   node --import tsx bench/file-list.bench.ts
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { listFiles, type FileSource } from "../src/files/file-list.js";
import { fuzzyFilter } from "../src/files/fuzzy.js";
import { searchRoot } from "../src/files/search-root.js";
import { median } from "./support.js";

const FOLDERS = 1_000;
const PER_FOLDER = 100;
const IGNORED_FOLDERS = 200;
const ROUNDS = 5;

function makeTree(): string {
  const root = mkdtempSync(join(tmpdir(), "codex-ts-bench-files-"));
  for (let d = 0; d < FOLDERS; d++) {
    const dir = join(root, "src", `pkg${d % 50}`, `mod${d}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < PER_FOLDER; f++) writeFileSync(join(dir, `file${f}.ts`), "x");
  }
  for (let d = 0; d < IGNORED_FOLDERS; d++) {
    const dir = join(root, "node_modules", `dep${d}`, "lib");
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < PER_FOLDER; f++) writeFileSync(join(dir, `f${f}.js`), "x");
  }
  writeFileSync(join(root, ".gitignore"), "node_modules/\n");
  execFileSync("git", ["init", "-q"], { cwd: root });
  execFileSync("git", ["add", "-A"], { cwd: root });
  return root;
}

/** Lets the loop monitor's timer fire, so a stall at the very end of the work is counted. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Runs `work` ROUNDS times: median wall time and median of the longest event-loop stall per run. */
async function measure(
  work: () => Promise<number>,
): Promise<{ wallMs: number; stallMs: number; count: number }> {
  const walls: number[] = [];
  const stalls: number[] = [];
  let count = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    count = await work();
    walls.push(performance.now() - started);
    await settle();
    loop.disable();
    stalls.push(loop.max / 1e6);
  }
  return { wallMs: median(walls), stallMs: median(stalls), count };
}

const row = (name: string, r: { wallMs: number; stallMs: number; count: number }) =>
  console.log(
    `${name.padEnd(34)} ${r.wallMs.toFixed(0).padStart(6)} ms wall   ` +
      `${r.stallMs.toFixed(1).padStart(6)} ms longest stall   ${r.count} files`,
  );

const tree = makeTree();
try {
  console.log(`tree: ${FOLDERS * PER_FOLDER} files listed, ${IGNORED_FOLDERS * PER_FOLDER} ignored`);
  for (const source of ["rg", "git", "walk"] as FileSource[]) {
    const probe = await listFiles(tree, [source]);
    if (probe.length === 0) {
      console.log(`${`listFiles (${source})`.padEnd(34)} not available`);
      continue;
    }
    row(`listFiles (${source})`, await measure(async () => (await listFiles(tree, [source])).length));
  }

  // Matching a keystroke against the whole list: the first query prepares every path (once per list), the
  // next ones reuse that.
  const all = await listFiles(tree);
  const firstAt = performance.now();
  fuzzyFilter("m", all, 8);
  const prepareMs = performance.now() - firstAt;
  const keystrokes = ["mo", "mod4", "mod42f", "pkg7/mod9/file3"];
  const perKey: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of keystrokes) {
      const started = performance.now();
      fuzzyFilter(query, all, 8);
      perKey.push(performance.now() - started);
    }
  }
  console.log(
    `${"fuzzyFilter on the list".padEnd(34)} ${prepareMs.toFixed(0).padStart(6)} ms first query   ` +
      `${median(perKey).toFixed(1).padStart(6)} ms per keystroke (median)`,
  );

  // What the TUI's `@` finder pays per key (files/search-root.ts, as fuzzyFileSearch): the first query
  // walks the tree, streaming into the ranking; the next ones scan the listing kept in memory while its
  // proof (a stat per folder) runs. The folders are dated back first: a folder modified within
  // listing-proof's SLACK_MS of a walk could have changed unseen, so a fresh tree would be walked every
  // time. Each first query goes through its own link to the tree, a root not listed yet.
  const dated = String(Math.floor(Date.now() / 1000) - 60);
  execFileSync("find", [tree, "-type", "d", "-exec", "touch", "-m", "-d", `@${dated}`, "{}", "+"]);
  const links = mkdtempSync(join(tmpdir(), "codex-ts-bench-roots-"));
  let walked = 0;
  const first = await measure(async () => {
    const root = join(links, `root${walked++}`);
    symlinkSync(tree, root);
    return (await searchRoot("mod42f", root, 8)).length;
  });
  row("finder: first query (walk)", first);
  await searchRoot("mod42f", tree, 8);
  let key = 0;
  const next = await measure(
    async () => (await searchRoot(keystrokes[key++ % keystrokes.length]!, tree, 8)).length,
  );
  row("finder: next keys (kept listing)", next);
  rmSync(links, { recursive: true, force: true });

  // The alternative: watch the tree. Node 20 implements a recursive watch on Linux by walking the tree
  // (ignored folders too) and adding one watcher per folder.
  // watch() returns only when that is done, so its whole time is a stall.
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const watcher = watch(tree, { recursive: true }, () => {});
  const setupMs = performance.now() - started;
  await settle();
  const rssMiB = (process.memoryUsage().rss - rssBefore) / 1048576;
  watcher.close();
  console.log(
    `${"fs.watch recursive (not used)".padEnd(34)} ${setupMs.toFixed(0).padStart(6)} ms wall   ` +
      `${setupMs.toFixed(1).padStart(6)} ms longest stall   +${rssMiB.toFixed(0)} MiB RSS`,
  );
} finally {
  rmSync(tree, { recursive: true, force: true });
}
