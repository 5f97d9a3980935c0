// At rest the terminal UI does nothing: no clocks, spinners or refreshes tick while nothing happens, so the
// process uses no CPU time over 5 seconds with an empty composer (read from /proc/PID/stat).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

/** User plus system CPU time of a process, in clock ticks (1/100 s on Linux). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

describe("the terminal UI at rest", () => {
  it("uses no CPU while idle with an empty composer, after a finished turn", async () => {
    const model = await tui.startModel({ replies: [reply.message("idle-answer-marker")] });
    const home = makeHome(model.url);
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");
    term.type("hello");
    term.press("Enter");
    await term.waitFor("idle-answer-marker");
    await term.waitFor((s) => !s.includes("Working"));
    const pid = term.programPid();
    // Let start-up work (lazy loads, the file list, a last frame) settle: wait for a second without a tick
    // (a busy machine delays that work), then measure a quiet window; a clock or poll that keeps ticking
    // shows there whatever the wait.
    const settled = Date.now() + 20_000;
    for (;;) {
      const start = cpuTicks(pid);
      await new Promise((r) => setTimeout(r, 1_000));
      if (cpuTicks(pid) === start || Date.now() > settled) break;
    }
    const before = cpuTicks(pid);
    await new Promise((r) => setTimeout(r, 5_500));
    const used = cpuTicks(pid) - before;
    console.log(`idle CPU: ${used * 10} ms over 5.5 s`);
    // One tick (10 ms) of slack for the garbage collector; a 120 ms clock alone costs many more.
    expect(used).toBeLessThanOrEqual(1);
  });
});
