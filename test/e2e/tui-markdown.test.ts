// A finished answer's Markdown in a real terminal (tmux): a table with aligned columns, a nested list, a
// block quote and a code block whose colours come from highlight.js, loaded on the first code block.
import { describe, expect, it } from "vitest";
import { makeHome } from "../support/cli.js";
import { reply } from "../support/fake-model.js";
import { useTui } from "../support/tui-fixture.js";

const tui = useTui();

const ANSWER = [
  "Here is the plan:",
  "",
  "| step | owner | days |",
  "|------|-------|-----:|",
  "| parse | **ana** | 2 |",
  "| ship | bo | 10 |",
  "",
  "- first",
  "  - nested detail",
  "",
  "> careful with [the docs](https://x.dev/a)",
  "",
  "```ts",
  "const total = 12; // days",
  "```",
  "done-marker",
].join("\n");

describe("markdown in the terminal UI", () => {
  it("renders tables, nested lists, quotes, links and highlighted code", async () => {
    const model = await tui.startModel({ replies: [reply.message(ANSWER)] });
    const home = makeHome(model.url);
    const term = tui.terminal({ args: [], env: home.env, cwd: home.cwd, width: 100, height: 40 });
    await term.waitFor("directory:");
    term.type("plan it");
    term.press("Enter");
    // Once the turn is over: the finished answer, not a frame of it on its way to the scrollback.
    await term.waitFor((s) => s.includes("done-marker") && !s.includes("Working"));
    const screen = term.capture();
    expect(screen).toContain("step  │ owner │ days");
    expect(screen).toContain("──────┼───────┼─────");
    expect(screen).toContain("ship  │ bo    │   10");
    expect(screen).toMatch(/• first\n\s+◦ nested detail/);
    expect(screen).toContain("▌ careful with the docs (https://x.dev/a)");
    expect(screen).toContain("const total = 12; // days");
    // The keyword is coloured: tmux keeps the escape codes with -e.
    const ESC = String.fromCharCode(27);
    expect(term.captureStyled()).toMatch(new RegExp(`${ESC}\\[[0-9;]*35m(${ESC}\\[[0-9;]*m)*const`));
  });
});
