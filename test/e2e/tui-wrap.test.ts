// Wrapping in a real terminal (tmux, 120 columns): a paragraph whose rows fill the last column exactly and a
// 300-character token reach the scrollback with no orphan rows (no row holding a letter or two that spilled
// over), every row at most the terminal's width.
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

// 17 words of 6 columns and 16 spaces: 118 columns, the room after the "• " of the answer at 120 columns.
const WORDS = Array.from({ length: 17 * 5 }, (_, i) => `p${String(i).padStart(4, "0")}x`);
const TOKEN = Array.from({ length: 300 }, (_, i) => "abcdefghij"[i % 10]).join("");

describe("wrapping in the terminal UI", () => {
  it("fills the last column and breaks a long token at the width, with no orphan rows", async () => {
    const answer = `${WORDS.join(" ")}\n\n${TOKEN}\n\nwrap-end-marker`;
    const model = await tui.startModel({ replies: [reply.message(answer)] });
    const home = makeHome(model.url);
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 120, height: 40 });
    await term.waitFor("directory:");
    term.type("wrap it");
    term.press("Enter");
    // Once the turn is over: the answer is in the scrollback, not in a frame of the live area on its way there.
    await term.waitFor((s) => s.includes("wrap-end-marker") && !s.includes("Working"));
    const lines = term.captureAll().split("\n");

    const paragraph = lines.filter((l) => /^(• | {2})p\d{4}x/.test(l));
    expect(paragraph).toHaveLength(5);
    for (const row of paragraph) {
      expect(row).toHaveLength(120);
      expect(row.slice(2).split(" ")).toHaveLength(17);
    }
    expect(paragraph.flatMap((r) => r.slice(2).split(" "))).toEqual(WORDS);

    const tokenRows = lines.filter((l) => /^(• | {2})[a-j]{20,} *$/.test(l)).map((l) => l.slice(2).trimEnd());
    expect(tokenRows.map((r) => r.length)).toEqual([118, 118, 64]);
    expect(tokenRows.join("")).toBe(TOKEN);
  });
});
