// Subagents in a real terminal (tmux) with `[subagents] enabled = true`, against the fake model scripted per
// agent: the root spawns "alpha", awaits it and cancels it. Alpha's command asks for approval under
// `-a untrusted`: the overlay says which subagent asks, and its command cell is labelled with it. Each
// subagent call is one cell: spawned (with the task), finished waiting (with alpha's final message),
// cancelled; the status line counts the subagent while it works.
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { keepCapture } from "../support/tmux.js";
import { scriptByAgent } from "../support/subagents.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

describe("codex-ts (interactive): subagents", () => {
  it("shows a spawn, a subagent's approval and command, the await's result and the cancel", async () => {
    const script = scriptByAgent({
      0: [
        reply.functionCall("subagent_spawn", { task: "task-a: make the file\nthen report", name: "alpha" }),
        reply.functionCall("subagent_await", { agent_id: 1 }),
        reply.functionCall("subagent_cancel", { agent_id: 1 }),
        reply.message("All done."),
      ],
      1: [
        reply.shell(["bash", "-lc", "touch made-by-alpha"]),
        reply.message("A done: made the file.\nNothing else to report."),
      ],
    });
    const model = await tui.startModel({ fallback: script.fallback });
    const home = makeHome(model.url, "[subagents]\nenabled = true\n");
    const term = tui.terminal({
      args: ["-a", "untrusted", "-s", "workspace-write"],
      env: home.env,
      cwd: home.cwd,
      width: 100,
      height: 30,
    });
    await term.waitFor("directory:");
    term.type("delegate the file");
    term.press("Enter");

    // The spawn's cell and alpha's request may arrive in either order.
    const overlay = await term.waitFor([
      'subagent 1 "alpha" wants to run this command. Allow it?',
      '• Spawned subagent 1 "alpha"',
      "Esc Abort the subagent's turn",
      "└ task-a: make the file then report",
      "$ touch made-by-alpha",
      "1 subagent running",
    ]);
    keepCapture("subagent-ask", overlay);
    term.type("y");

    // The screen and the scrollback above it, once every cell is printed.
    const all = await term.waitFor(
      [
        "• All done.",
        '✔ You approved subagent 1 "alpha" to run touch made-by-alpha',
        /• subagent 1 "alpha": Ran touch made-by-alpha \(\d+m?s\)/,
        "• Finished waiting",
        '└ subagent 1 "alpha": Completed - A done: made the file. Nothing else to report.',
        '• Cancelled subagent 1 "alpha"',
      ],
      { all: true },
    );
    keepCapture("subagents", term.capture());
    // In order, each call once.
    const order = ["• Spawned", "• Finished waiting", "• Cancelled", "• All done."].map((s) =>
      all.indexOf(s),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(all.split("• Finished waiting")).toHaveLength(2);
    // Nothing is left running: the status line no longer counts a subagent.
    await term.waitFor((s) => s.includes("⏎ send") && !s.includes("subagent running"));
  });
});
