// Resizing the terminal (tmux) under the UI: the live area is redrawn cleanly at the new width (nothing of the
// old frame left, on screen or in the scrollback), and a storm of resizes while an answer streams leaves every
// part of the answer in the scrollback exactly once. The UI stays usable at 40 columns.
import { describe, expect, it } from "vitest";
import { sse } from "../support/fake-model.js";
import type { TmuxSession } from "../support/tmux.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

/**
 * Resizes and waits until the program has drawn the composer's box at the new width: a top border with both
 * corners on one row that spans it. Not any row of dashes that long: tmux re-wraps a wider frame still on
 * screen into rows of the new width, so a first row of it would match before the program has seen the resize.
 */
async function resizeTo(term: TmuxSession, width: number, height: number): Promise<string> {
  term.resize(width, height);
  return term.waitFor((screen) =>
    screen.split("\n").some((line) => /^╭─+╮$/.test(line.trimEnd()) && line.trimEnd().length === width),
  );
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("resizing the terminal", () => {
  it("redraws the live area at the new width with no stale frame, after shrinking and growing", async () => {
    const { term } = await tui.start({ width: 120, height: 30 });
    term.type("draft that stays");
    await term.waitFor("› draft that stays");
    for (const width of [70, 40, 120, 55, 100]) await resizeTo(term, width, 30);
    const all = term.captureAll();
    // One composer, one status line: the old frames are gone, from the screen and from the scrollback.
    expect(count(all, "draft that stays")).toBe(1);
    expect(count(all, "⏎ send")).toBe(1);
    expect(count(all, "directory:")).toBe(1);
    // Still usable: the draft can be edited and sent at 40 columns.
    await resizeTo(term, 40, 30);
    term.type("!");
    await term.waitFor("draft that stays!");
  });

  it("keeps every section of an answer once in the scrollback through a resize storm while it streams", async () => {
    const sections = Array.from({ length: 60 }, (_, i) => `## Section ${i}\n\nText of section ${i}, a line.`);
    const answer = [...sections, "storm-end-marker"].join("\n\n");
    const deltas = answer.match(/.{1,24}/gs) ?? [];
    const { term } = await tui.start({
      width: 120,
      height: 30,
      model: {
        replies: [
          { events: [sse.created(), ...sse.message(answer, { deltas }), sse.completed()], delayMs: 20 },
        ],
      },
    });
    term.type("write sections");
    term.press("Enter");
    await term.waitFor("Section 1");
    const widths = [70, 40, 100, 55, 120, 45, 90, 60, 110, 40, 80, 50, 120, 65, 95, 42, 75, 105, 58, 120];
    for (const width of widths) await resizeTo(term, width, 30);
    await term.waitFor((s) => s.includes("storm-end-marker") && !s.includes("Working"), {
      timeoutMs: 30_000,
    });
    const all = term.captureAll();
    for (let i = 0; i < 60; i++) expect(count(all, `Section ${i}\n`), `Section ${i}`).toBe(1);
    expect(count(all, "storm-end-marker")).toBe(1);
    // No frame of the live area left behind: one input box, one status line, no "Working" line.
    expect(all.split("\n").filter((line) => line.startsWith("│ ›"))).toHaveLength(1);
    expect(count(all, "⏎ send")).toBe(1);
    expect(count(all, "Working")).toBe(0);
  });
});
