// Terminal notifications in a real terminal (tmux with focus reports on): the TUI asks for focus reports,
// and when a turn completes while the window is not focused it writes an OSC 9 notification; once the
// terminal reports focus, a completed turn writes none. The program's raw output is read with pipe-pane.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { useTui } from "../support/tui-fixture.js";
import { scratchDir } from "../support/scratch.js";

const tui = useTui();

const output = (file: string) => (existsSync(file) ? readFileSync(file, "latin1") : "");

async function waitForOutput(file: string, expected: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!output(file).includes(expected)) {
    if (Date.now() > deadline) throw new Error(`the program never wrote ${JSON.stringify(expected)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("terminal notifications", () => {
  it("writes OSC 9 when a turn completes unfocused, and nothing once the terminal is focused", async () => {
    const model = await tui.startModel({
      replies: [reply.message("first-answer"), reply.message("second-answer")],
    });
    const home = makeHome(model.url, '[tui]\nnotification_method = "osc9"\n');
    const file = join(scratchDir("codex-ts-osc-"), "out.bin");
    const term = tui.terminal({
      args: [],
      env: home.env,
      cwd: home.cwd,
      width: 100,
      height: 30,
      focusEvents: true,
    });
    term.pipeOutput(file);
    await term.waitFor("directory:");

    // Detached, tmux reports the pane unfocused as soon as the program asks for focus reports.
    term.type("hello");
    term.press("Enter");
    await term.waitFor("first-answer");
    await waitForOutput(file, "\x1b]9;Agent turn complete: first-answer\x07");

    term.type("\x1b[I"); // what a terminal sends when its window gains focus
    term.type("again");
    term.press("Enter");
    await term.waitFor("second-answer");
    await term.waitFor((s) => !s.includes("Working"));
    expect(output(file)).not.toContain("second-answer\x07");
    expect(output(file).split("\x1b]9;")).toHaveLength(2);
  });
});
