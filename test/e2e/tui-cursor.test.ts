// The terminal's cursor sits at the composer's insertion point (input-method popups and screen readers follow
// it): after typing, after moving left, after wide characters, and on the second line of the input.
import { describe, it } from "vitest";
import { makeHome } from "../support/cli.js";
import type { TmuxSession } from "../support/tmux.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

/** Waits (bounded) until the cursor is at the column where `expected` ends on the row that shows `rowText`. */
async function cursorAfter(t: TmuxSession, rowText: string, before: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const screen = t.capture().split("\n");
    const y = screen.findIndex((l) => l.includes(rowText));
    const line = screen[y] ?? "";
    // Columns, not code units: every character on these rows is one column wide except the CJK ones.
    const col = (s: string) => [...s].reduce((n, ch) => n + (/[\u3000-\u9fff]/.test(ch) ? 2 : 1), 0);
    const x = col(line.slice(0, line.indexOf(rowText))) + col(before);
    const at = t.cursor();
    if (y >= 0 && at.x === x && at.y === y) return;
    if (Date.now() > deadline) {
      throw new Error(
        `cursor at ${JSON.stringify(at)}, expected ${JSON.stringify({ x, y })}:\n${screen.join("\n")}`,
      );
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the terminal cursor in the composer", () => {
  it("follows the insertion point", async () => {
    const model = await tui.startModel({ replies: [] });
    const home = makeHome(model.url);
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 30 });
    await term.waitFor("directory:");
    term.type("hello world");
    await cursorAfter(term, "› hello world", "› hello world");
    term.press("Left", "Left", "Left");
    await cursorAfter(term, "› hello world", "› hello wo");
    term.press("End");
    term.type(" 日本");
    await cursorAfter(term, "› hello world 日本", "› hello world 日本");
    term.press("C-j");
    term.type("ab");
    await cursorAfter(term, "  ab", "  ab");
  });
});
