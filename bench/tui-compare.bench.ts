// The terminal UI side by side: codex-ts and, when REAL_CODEX=/path/to/codex is set, the real Codex's TUI, each
// in tmux at 120x40 against the same fake model, their runs alternating (load then slows both alike). Prints
// a table of medians (minimum in brackets) and ratios ours/real:
//   - keystroke to frame, p50 and p99 over every key of every run, with 2,000 history cells (a resumed
//     1,000-turn thread, once its history is printed): from sending the key to the program's output that
//     draws it, both read through a tmux control-mode client;
//   - worst keystroke while a 200 KB answer streams and right after it lands, and the peak RSS (VmHWM)
//     of the program over that stream;
//   - `resume` of a 1,000-turn thread: first frame showing its last answer and the composer, and a key
//     typed at that moment shown in the composer;
//   - CPU used over 5 s at rest with an empty composer, after a finished turn.
// The real Codex runs twice: inline (`--no-alt-screen`, history in the terminal's scrollback, as codex-ts
// does) and as it starts by default in tmux (the alternate screen, drawing only what is visible).
// The real Codex must not reach the network: run it all inside a loopback-only namespace, e.g.
//   npm run build && unshare -rn sh -c 'ip link set lo up && REAL_CODEX=/path/to/codex node --import tsx bench/tui-compare.bench.ts'
// (the native binary of @openai/codex is best: with codex.js a node launcher sits in between).
import { rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { reply, sse, startFakeModel } from "../test/support/fake-model.js";
import { writeLongThread } from "../test/support/rollout-files.js";
import type { TmuxSession } from "../test/support/tmux.js";
import { median, percentile } from "./support.js";
import {
  benchHome,
  contestants,
  ControlClient,
  cpuMs,
  HEIGHT,
  peakRssMiB,
  screenShows,
  startTerminal,
  WIDTH,
  type TuiContestant,
} from "./tui-terminal.js";

const RUNS = Number(process.env.BENCH_TUI_RUNS ?? 3);
const KEYS = Number(process.env.BENCH_TUI_KEYS ?? 100);
const TURNS = 1_000;
/** Keys typed for the latency figures: letters that no escape sequence ends with and no chrome shows often. */
const LETTERS = "zxjvkwyq";
/** The composer is emptied (Ctrl+U) after this many letters, so the typed text stays on one row. */
const LINE = 30;

const PARAGRAPH = "The quick brown fox jumps over the lazy dog while the answer keeps streaming. ".repeat(7);
const ANSWER = [
  ...Array.from({ length: 380 }, (_, i) => `## Part ${i}\n\n${PARAGRAPH}\n\n- point ${i}\n- more`),
  "long-end-marker",
].join("\n\n");

const all = contestants();
type Figures = Record<string, number[]>;
const figures: Figures[] = all.map(() => ({}));
const record = (j: number, metric: string, ...values: number[]) =>
  (figures[j]![metric] ??= []).push(...values);

/** Empties the composer and waits until the typed text is gone from the screen. */
async function clearComposer(term: TmuxSession, control: ControlClient, typed: string): Promise<void> {
  control.send("C-u", true);
  await screenShows(term, (s) => !s.includes(`› ${typed}`));
}

async function keystrokes(c: TuiContestant, j: number): Promise<void> {
  const model = await startFakeModel({ replies: [] });
  const home = benchHome(c, model.url);
  const id = writeLongThread(home.codexHome, home.cwd, TURNS);
  const term = startTerminal(c, home, ["resume", id]);
  const control = new ControlClient(term);
  try {
    await screenShows(term, (s) => s.includes(`Answer ${TURNS}:`) && s.includes("That is all"), 60_000);
    // codex-ts prints the resumed history into the scrollback behind its first frame: wait until that ends.
    await control.quiet(1_000);
    control.checkSize();
    const times: number[] = [];
    let typed = "";
    for (let i = 0; i < KEYS; i++) {
      const letter = LETTERS[i % LETTERS.length]!;
      typed += letter;
      times.push(await control.keyToOutput(letter, letter));
      if (typed.length === LINE || i === KEYS - 1) {
        await screenShows(term, (s) => s.includes(`› ${typed}`), 10_000);
        await clearComposer(term, control, typed);
        typed = "";
        await control.quiet(200);
      }
    }
    record(j, "keystroke", ...times);
    const ms = (p: number) => `${percentile(times, p).toFixed(1)} ms`;
    console.error(`${c.name}: ${KEYS} keys, p50 ${ms(50)}, p99 ${ms(99)}, worst ${ms(100)}`);
  } finally {
    control.close();
    term.kill();
    await model.close();
    rmSync(home.root, { recursive: true, force: true });
  }
}

async function longAnswer(c: TuiContestant, j: number): Promise<void> {
  const deltas = ANSWER.match(/.{1,64}/gs) ?? [];
  const model = await startFakeModel({
    replies: [{ events: [sse.created(), ...sse.message(ANSWER, { deltas }), sse.completed()] }],
  });
  const home = benchHome(c, model.url);
  const term = startTerminal(c, home);
  const control = new ControlClient(term);
  try {
    await screenShows(term, (s) => s.includes("›"), 30_000);
    await control.quiet(500);
    control.send("write a lot");
    await screenShows(term, (s) => s.includes("› write a lot"));
    const sent = performance.now();
    control.send("Enter", true);
    await screenShows(term, (s) => s.includes("Part "), 60_000);
    const during: number[] = [];
    const after: number[] = [];
    let typed = "";
    let done = false;
    let streamMs = 0;
    // Keys one after another, each waited for on the screen, until 30 have been typed after the answer landed.
    while (after.length < 30) {
      if (typed.length === LINE) {
        await clearComposer(term, control, typed);
        typed = "";
      }
      typed += LETTERS[typed.length % LETTERS.length];
      const started = performance.now();
      control.send(typed.at(-1)!);
      await screenShows(term, (s) => s.includes(`› ${typed}`), 60_000);
      (done ? after : during).push(performance.now() - started);
      if (!done) {
        const screen = term.capture();
        done = screen.includes("long-end-marker") && !screen.includes("Working");
        if (done) streamMs = performance.now() - sent;
      }
      if (during.length > 2_000) throw new Error("the answer never finished streaming");
    }
    control.checkSize();
    // The whole answer arrived: its last parts (those within tmux's 5,000 rows of scrollback) once each.
    const scrollback = term.captureAll();
    for (let i = 300; i < (c.scrollback ? 380 : 0); i++)
      if (scrollback.split(`Part ${i}\n`).length !== 2) {
        if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, scrollback);
        throw new Error(`Part ${i} is not shown exactly once`);
      }
    const pid = term.programPid();
    record(j, "worst during", Math.max(...during));
    record(j, "worst after", Math.max(...after));
    record(j, "peak RSS", peakRssMiB(pid));
    record(j, "stream", streamMs);
    console.error(
      `${c.name}: 200 KB answer in ${Math.round(streamMs)} ms, ${during.length} keys during it ` +
        `(worst ${Math.round(Math.max(...during))} ms), worst after ${Math.round(Math.max(...after))} ms`,
    );
  } finally {
    control.close();
    term.kill();
    await model.close();
    rmSync(home.root, { recursive: true, force: true });
  }
}

async function resume(c: TuiContestant, j: number): Promise<void> {
  const model = await startFakeModel({ replies: [] });
  const home = benchHome(c, model.url);
  const id = writeLongThread(home.codexHome, home.cwd, TURNS);
  const started = performance.now();
  const term = startTerminal(c, home, ["resume", id]);
  try {
    await screenShows(
      term,
      (s) => s.includes(`Answer ${TURNS}:`) && s.includes("That is all") && s.includes("›"),
      60_000,
    );
    record(j, "resume first frame", performance.now() - started);
    term.type("z");
    await screenShows(term, (s) => s.includes("› z"), 60_000);
    record(j, "resume key shown", performance.now() - started);
  } finally {
    term.kill();
    await model.close();
    rmSync(home.root, { recursive: true, force: true });
  }
}

async function idle(c: TuiContestant, j: number): Promise<void> {
  const model = await startFakeModel({ replies: [reply.message("idle-answer-marker")] });
  const home = benchHome(c, model.url);
  const term = startTerminal(c, home);
  try {
    await screenShows(term, (s) => s.includes("›"), 30_000);
    await new Promise((r) => setTimeout(r, 500));
    term.type("hello");
    await screenShows(term, (s) => s.includes("› hello"));
    term.press("Enter");
    await screenShows(term, (s) => s.includes("idle-answer-marker") && !s.includes("Working"), 60_000);
    const pid = term.programPid();
    // Let the end of the turn settle (a last frame, lazy loads), then measure a quiet window.
    await new Promise((r) => setTimeout(r, 1_000));
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 5_000));
    record(j, "idle CPU", cpuMs(pid) - before);
  } finally {
    term.kill();
    await model.close();
    rmSync(home.root, { recursive: true, force: true });
  }
}

/** BENCH_TUI_ONLY=keystrokes,resume runs only those scenarios. */
const ONLY = process.env.BENCH_TUI_ONLY?.split(",").filter(Boolean);

/** Runs a scenario RUNS times per contestant, alternating; a contestant that fails is reported and skipped. */
async function alternate(name: string, scenario: (c: TuiContestant, j: number) => Promise<void>) {
  if (ONLY && !ONLY.some((w) => name.includes(w))) return;
  const failed = new Set<number>();
  for (let run = 0; run < RUNS; run++) {
    for (const [j, c] of all.entries()) {
      if (failed.has(j)) continue;
      try {
        await scenario(c, j);
      } catch (error) {
        console.error(`${c.name}, ${name}: ${(error as Error).message.slice(0, 2_000)}`);
        failed.add(j);
      }
    }
  }
  console.error(`done: ${name}`);
}

await alternate("keystrokes", keystrokes);
await alternate("long answer", longAnswer);
await alternate("resume", resume);
await alternate("idle", idle);

const rows: Array<{ label: string; unit: string; value: (f: Figures) => number[] | undefined }> = [
  {
    label: `keystroke p50, ${TURNS * 2} history cells`,
    unit: "ms",
    value: (f) => f.keystroke && [percentile(f.keystroke, 50)],
  },
  {
    label: `keystroke p99, ${TURNS * 2} history cells`,
    unit: "ms",
    value: (f) => f.keystroke && [percentile(f.keystroke, 99)],
  },
  { label: "worst keystroke while 200 KB streams", unit: "ms", value: (f) => f["worst during"] },
  { label: "worst keystroke after it landed", unit: "ms", value: (f) => f["worst after"] },
  { label: "peak RSS over that stream (VmHWM)", unit: "MiB", value: (f) => f["peak RSS"] },
  { label: "200 KB answer, Enter to its end shown", unit: "ms", value: (f) => f.stream },
  { label: `resume ${TURNS} turns, first frame`, unit: "ms", value: (f) => f["resume first frame"] },
  { label: `resume ${TURNS} turns, a key shown`, unit: "ms", value: (f) => f["resume key shown"] },
  { label: "idle CPU over 5 s", unit: "ms", value: (f) => f["idle CPU"] },
];

const fmt = (values: number[] | undefined, unit: string): string => {
  if (!values?.length) return "n/a";
  const digits = unit === "ms" && median(values) < 100 ? 1 : 0;
  const min = values.length > 1 ? ` (${Math.min(...values).toFixed(digits)})` : "";
  return `${median(values).toFixed(digits)} ${unit}${min}`;
};
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `\nTUI in tmux ${WIDTH}x${HEIGHT}, ${RUNS} runs each alternating, ${KEYS} keys per keystroke run; ` +
    `${cpus().length} cores, load average ${load}, Node ${process.versions.node}; medians, minimum in brackets`,
);
const reals = all.slice(1);
const head = ["", ...all.map((c) => c.name), ...reals.map((c) => `ours/${c.name}`)];
const body = rows.map((r) => {
  const values = figures.map((f) => r.value(f));
  const ours = values[0];
  const ratios = values
    .slice(1)
    .map((real) =>
      ours?.length && real?.length && median(real) > 0
        ? `${(median(ours) / median(real)).toFixed(2)}x`
        : "n/a",
    );
  return [r.label, ...values.map((v) => fmt(v, r.unit)), ...ratios];
});
const widths = head.map((_, i) => Math.max(...[head, ...body].map((row) => (row[i] ?? "").length)));
const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
console.log(line(head));
console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
for (const row of body) console.log(line(row));
if (!process.env.REAL_CODEX)
  console.log("(REAL_CODEX=/path/to/codex adds the real Codex's TUI, see the head of this file)");
