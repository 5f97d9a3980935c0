// Resuming a long thread in a real terminal (tmux, 120x40): the first frame shows the end of the thread at once
// (the history is printed into the scrollback behind it, in batches), keys work while it prints, and every
// turn reaches the scrollback once, in order. The time is asserted loosely (the machine is shared); the bench
// figure is in docs/performance.md (bench/tui-resume.bench.ts).
import { describe, expect, it } from "vitest";
import { writeLongThread } from "../support/rollout-files.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();
const TURNS = 1_000;

describe("resuming a long thread", () => {
  it("shows the last screenful first, takes keys while the rest prints, and prints every turn once", async () => {
    const { home } = await tui.start({ ready: false });
    const id = writeLongThread(home.codexHome, home.cwd, TURNS);
    const started = performance.now();
    const term = await tui.open(home, { args: ["resume", id], width: 120, height: 40, ready: false });
    await term.waitFor(
      (s) => s.includes(`Answer ${TURNS}:`) && s.includes("That is all") && s.includes("›"),
      {
        timeoutMs: 20_000,
      },
    );
    const firstFrameMs = performance.now() - started;
    console.log(
      `resume of a ${TURNS}-turn thread: first frame with its last answer after ${Math.round(firstFrameMs)} ms`,
    );
    // Start-up alone is ~0.6 s on a quiet machine; the whole history used to take ~2.7 s more.
    expect(firstFrameMs).toBeLessThan(8_000);
    term.type("still typing");
    await term.waitFor("› still typing");
    // The backfill ends: the preview's notice is gone and the last answer is in the scrollback.
    await term.waitFor((s) => !s.includes("printing the thread"), { timeoutMs: 60_000 });
    // The last batches may still be on their way to the terminal when the notice goes: wait for every
    // checked turn to be in the scrollback, then check order and uniqueness.
    const checked = Array.from({ length: 301 }, (_, i) => `› question ${TURNS - 300 + i}\n`);
    const missing = () => {
      const scrollback = term.captureAll();
      return checked.filter((q) => !scrollback.includes(q));
    };
    const deadline = Date.now() + 30_000;
    while (missing().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(missing()).toEqual([]);
    const all = term.captureAll();
    let at = -1;
    for (let n = TURNS - 300; n <= TURNS; n++) {
      expect(all.split(`› question ${n}\n`)).toHaveLength(2);
      const next = all.indexOf(`• Answer ${n}:`);
      expect(next).toBeGreaterThan(at);
      at = next;
    }
    expect(all.split(`• Answer ${TURNS}:`)).toHaveLength(2);
  }, 120_000);
});
