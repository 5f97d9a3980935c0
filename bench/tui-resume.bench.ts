// `codex-ts resume` of a generated 1,000-turn thread in a real terminal (tmux, 120x40): time from start to
// the first frame that shows the last turn's answer and the composer (goal: within 1 s).
//   npm run build && node --import tsx bench/tui-resume.bench.ts [turns]
import { rmSync } from "node:fs";
import { makeHome } from "../test/support/cli.js";
import {
  threadLines,
  turnLines,
  metaLine,
  contextLines,
  writeRolloutFile,
} from "../test/support/rollout-files.js";
import { TmuxSession } from "../test/support/tmux.js";
import { median } from "./support.js";

const TURNS = Number(process.argv[2] ?? 1_000);
const RUNS = 3;

/** An answer of a few Markdown blocks, as a real one would be. */
const answer = (n: number) =>
  `Answer ${n}: the cache sits in front of \`load()\`.\n\n- first point of ${n}\n- second point\n\n` +
  "```ts\nconst x = load(key);\n```\n\nThat is all for this turn.";

void threadLines;
const home = makeHome("http://127.0.0.1:9/v1");
const id = "01234567-89ab-7def-8123-456789abcdef";
const lines = [metaLine(id, { cwd: home.cwd }), ...contextLines()];
for (let n = 1; n <= TURNS; n++) lines.push(...turnLines(n, { reply: answer(n) }));
writeRolloutFile(home.codexHome, lines, { id });

const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const term = TmuxSession.start({
    args: ["resume", id],
    env: home.env,
    cwd: home.cwd,
    width: 120,
    height: 40,
  });
  try {
    await term.waitFor(
      (s) => s.includes(`Answer ${TURNS}:`) && s.includes("That is all") && s.includes("›"),
      {
        timeoutMs: 30_000,
      },
    );
    times.push(performance.now() - started);
  } finally {
    term.kill();
  }
}
rmSync(home.codexHome, { recursive: true, force: true });
const fmt = (ms: number) => `${Math.round(ms)} ms`;
console.log(
  `resume of a ${TURNS}-turn thread, first frame with its last answer (tmux 120x40): median ${fmt(median(times))}` +
    ` (runs: ${times.map(fmt).join(", ")})`,
);
