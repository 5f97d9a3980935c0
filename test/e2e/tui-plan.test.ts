// Plan mode in a real terminal (tmux), against the fake model: Shift+Tab to plan mode, the proposed plan in
// its own block, "Implement this plan?", and yes sending the next request in default mode.
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { chunks, PLAN_MESSAGE, planReply } from "../support/plan-replies.js";
import { keepCapture } from "../support/tmux.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

/** The developer messages of a request (instructions, mode changes). */
function developerTexts(input: Array<Record<string, unknown>>): string[] {
  return input
    .filter((i) => i.type === "message" && i.role === "developer")
    .map((i) => (i.content as Array<{ text?: string }>).map((c) => c.text ?? "").join(""));
}

describe("codex-ts (interactive): plan mode", () => {
  it("Shift+Tab → proposed plan → Implement this plan? → yes → the next turn in default mode", async () => {
    const model = await tui.startModel({
      replies: [planReply(PLAN_MESSAGE, chunks(PLAN_MESSAGE, 4)), reply.message("Implementing it now.")],
    });
    const home = makeHome(model.url);
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("default mode");
    term.press("BTab");
    await term.waitFor(/gpt-5\.1-codex · plan mode/);
    term.type("plan a cache");
    term.press("Enter");

    // The question can show a frame before the cells above it are all printed: the plan's cell goes through
    // Ink's <Static>, the answer after it is written once that is done, a render later
    // (components/Scrollback.tsx). So wait for the frame holding all three.
    const asked = await term.waitFor(
      (pane) =>
        pane.includes("Implement this plan?") &&
        pane.includes("• Proposed Plan") &&
        pane.includes("Say go when ready."),
    );
    expect(asked).toMatch(/┃ Add a cache/);
    expect(asked).toMatch(/┃ 1\. Wrap load\(\) in a memo\./);
    expect(asked).toContain("Here is what I propose.");
    expect(asked).not.toContain("<proposed_plan>");
    expect(asked).toMatch(/› 1\. Yes, implement this plan/);
    keepCapture("plan-implement", asked);
    const planRequest = model.requests[0]?.body;
    expect(planRequest?.input).toBeDefined();
    expect(developerTexts(planRequest?.input ?? []).some((t) => t.startsWith("# Plan mode"))).toBe(true);

    term.type("y");
    // A whole frame: the answer and the idle composer below it (the status line is redrawn with it).
    const done = await term.waitFor([
      "• Implementing it now.",
      "Ask codex-ts to do anything",
      "› Implement the plan.",
    ]);
    expect(done).toMatch(/gpt-5\.1-codex · default mode/);
    expect(done).not.toContain("Implement this plan?");
    const next = developerTexts(model.requests[1]?.body.input ?? []);
    expect(next.at(-1)).toMatch(/^# Plan mode has ended/);
  });

  it("no returns to the composer, still in plan mode; a turn without a plan does not ask", async () => {
    const model = await tui.startModel({
      replies: [planReply(PLAN_MESSAGE, chunks(PLAN_MESSAGE, 4)), reply.message("Just an answer.")],
    });
    const home = makeHome(model.url);
    const term = tui.terminal({
      args: ["-c", "collaboration_mode=plan"],
      env: home.env,
      cwd: home.cwd,
      width: 100,
      height: 30,
    });
    await term.waitFor("plan mode");
    term.type("plan a cache");
    term.press("Enter");
    await term.waitFor("Implement this plan?");
    term.type("n");
    await term.waitFor("Ask codex-ts to do anything");
    term.type("what about tests?");
    term.press("Enter");
    // A whole frame: the answer and the idle composer below it (the live area redraws after the answer).
    const screen = await term.waitFor(
      (pane) => pane.includes("• Just an answer.") && pane.includes("Ask codex-ts to do anything"),
    );
    expect(screen).toMatch(/plan mode/);
    expect(screen).not.toContain("Implement this plan?");
    expect(model.requests).toHaveLength(2);
    expect(developerTexts(model.requests[1]?.body.input ?? []).at(-1)).not.toMatch(/Plan mode has ended/);
  });
});
