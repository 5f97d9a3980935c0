// `codex-ts resume` of a generated 1,000-turn thread in a real terminal (tmux, 120x40): time from start to the
// first frame that shows the last turn's answer and the composer (goal: within 1 s), next to the same for a
// 1-turn thread (what start-up alone costs on this machine right now).
//   npm run build && node --import tsx bench/tui-resume.bench.ts
import { rmSync } from "node:fs";
import { makeHome } from "../test/support/cli.js";
import { writeLongThread } from "../test/support/rollout-files.js";
import { TmuxSession } from "../test/support/tmux.js";
import { median } from "./support.js";

const RUNS = 3;

async function firstFrameMs(turns: number): Promise<number[]> {
  const home = makeHome("http://127.0.0.1:9/v1");
  const id = writeLongThread(home.codexHome, home.cwd, turns);
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
        (s) => s.includes(`Answer ${turns}:`) && s.includes("That is all") && s.includes("›"),
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
  return times;
}

const fmt = (ms: number) => `${Math.round(ms)} ms`;
for (const turns of [1, 1_000]) {
  const times = await firstFrameMs(turns);
  console.log(
    `resume of a ${turns}-turn thread, first frame with its last answer (tmux 120x40): median ` +
      `${fmt(median(times))} (runs: ${times.map(fmt).join(", ")})`,
  );
}
