// Typing while a 200 KB answer streams into the terminal UI and right after it lands (tmux, 120x40), the
// scenario of test/e2e/tui-long-answer.test.ts, several runs: the worst keystroke of each run (time from
// send-keys to the letter showing in the composer) during the stream and after it, their medians, and the
// load average. The screen is polled every few ms; a key's time includes starting the tmux client.
//   npm run build && node --import tsx bench/tui-long-answer.bench.ts
// CODEX_TS_CLI=PATH runs another build (to compare two in alternating runs); RUNS=N sets the runs.
// TUI_CPU_PROF=DIR writes a V8 CPU profile of the UI process of each run into DIR (the UI quits cleanly).
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { CLI, makeHome } from "../test/support/cli.js";
import { sse, startFakeModel } from "../test/support/fake-model.js";
import type { TmuxSession as Terminal } from "../test/support/tmux.js";
import { median } from "./support.js";

const profDir = process.env.TUI_CPU_PROF;
if (profDir) {
  // Node 20 takes --cpu-prof on its command line only, and the terminal runs `node CLI`: run the CLI as a
  // child with the flag, on the same terminal.
  const wrapper = join(profDir, "profiled-cli.mjs");
  writeFileSync(
    wrapper,
    `import { spawnSync } from "node:child_process";\n` +
      `const r = spawnSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir=${profDir}", ${JSON.stringify(process.env.CODEX_TS_CLI ?? CLI)}, ` +
      `...process.argv.slice(2)], { stdio: "inherit" });\nprocess.exit(r.status ?? 1);\n`,
  );
  process.env.CODEX_TS_CLI = wrapper;
}
const { TmuxSession } = await import("../test/support/tmux.js");

const RUNS = Number(process.env.RUNS ?? 5);
const POLL_MS = 3;

const PARAGRAPH = "The quick brown fox jumps over the lazy dog while the answer keeps streaming. ".repeat(7);
const ANSWER = [
  ...Array.from({ length: 380 }, (_, i) => `## Part ${i}\n\n${PARAGRAPH}\n\n- point ${i}\n- more`),
  "long-end-marker",
].join("\n\n");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(term: Terminal, check: (screen: string) => boolean, timeoutMs = 20_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const screen = term.capture();
    if (check(screen)) return screen;
    if (performance.now() > deadline) throw new Error(`timed out; the terminal shows:\n${screen}`);
    await sleep(POLL_MS);
  }
}

interface Run {
  during: number[];
  after: number[];
}

async function oneRun(): Promise<Run> {
  const deltas = ANSWER.match(/.{1,64}/gs) ?? [];
  const model = await startFakeModel({
    replies: [{ events: [sse.created(), ...sse.message(ANSWER, { deltas }), sse.completed()] }],
  });
  const home = makeHome(model.url);
  const term = TmuxSession.start({
    args: [],
    env: home.env,
    cwd: home.cwd,
    width: 120,
    height: 40,
  });
  try {
    await waitFor(term, (s) => s.includes("directory:"));
    term.type("write a lot");
    term.press("Enter");
    await waitFor(term, (s) => s.includes("Part "));
    const run: Run = { during: [], after: [] };
    let typed = "";
    let done = false;
    while (run.after.length < 30) {
      if (typed.length === 80) {
        term.press("C-u");
        await waitFor(term, (s) => s.includes("› Ask codex-ts"));
        typed = "";
      }
      typed += "abcdefghij"[typed.length % 10];
      const started = performance.now();
      term.type(typed.at(-1) ?? "");
      const screen = await waitFor(term, (s) => s.includes(`› ${typed}`));
      (done ? run.after : run.during).push(performance.now() - started);
      done ||= screen.includes("long-end-marker") && !screen.includes("Working");
    }
    if (profDir) {
      // The first Ctrl+C clears the composer, the next two quit.
      term.press("C-c");
      await waitFor(term, (s) => s.includes("› Ask codex-ts"));
      term.press("C-c");
      await waitFor(term, (s) => s.includes("Press Ctrl+C again to quit"));
      term.press("C-c");
      await term.waitForExit(20_000);
    }
    return run;
  } finally {
    term.kill();
    await model.close();
  }
}

const fmt = (ms: number) => `${Math.round(ms)}`;
const worst = (times: number[]) => Math.max(0, ...times);
const runs: Run[] = [];
const loadBefore = loadavg()[0] ?? 0;
for (let i = 0; i < RUNS; i++) {
  const run = await oneRun();
  runs.push(run);
  console.log(
    `run ${i + 1}: worst keystroke ${fmt(worst(run.during))} ms during (${run.during.length} keys, ` +
      `median ${fmt(median(run.during))} ms, first 5: ${run.during.slice(0, 5).map(fmt).join(" ")}), ` +
      `${fmt(worst(run.after))} ms after (${run.after.length} keys, median ${fmt(median(run.after))} ms)`,
  );
}
console.log(
  `200 KB answer, worst keystroke (median of ${RUNS} runs): ${fmt(median(runs.map((r) => worst(r.during))))} ms ` +
    `during the stream, ${fmt(median(runs.map((r) => worst(r.after))))} ms after it; load average ` +
    `${loadBefore.toFixed(1)} -> ${(loadavg()[0] ?? 0).toFixed(1)}`,
);
