// What goes to the scrollback: an answer printed as terminal text looks exactly as Ink lays the same cell
// out, and cells printed either way come out once each, in history order.
import chalk from "chalk";
import { renderToString } from "ink";
import { render } from "ink-testing-library";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { stripAnsi, trimLines } from "../../../../test/support/tui-render.js";
import type { HistoryCell } from "../state/cells.js";
import { agentMessageText } from "./cells/agent-message-rows.js";
import { HistoryCellView } from "./HistoryCellView.js";
import { Scrollback } from "./Scrollback.js";

const ANSWER = [
  "## A heading",
  "A paragraph with **bold**, *italic* and `code`, long enough to wrap at forty columns exactly.",
  "- a point\n- another point that is long enough to wrap under its bullet",
  "```ts\nconst x = 1;\n```",
  "x".repeat(95),
].join("\n\n");

describe("Scrollback", () => {
  for (const continued of [false, true]) {
    it(`prints an answer${continued ? " part" : ""} as Ink lays it out, row for row`, () => {
      const cell: HistoryCell = { id: 1, kind: "agent", markdown: ANSWER, continued };
      const viaInk = renderToString(createElement(HistoryCellView, { cell, width: 40 }), { columns: 40 });
      const direct = agentMessageText(ANSWER, 40, continued);
      expect(trimLines(stripAnsi(direct))).toBe(`${trimLines(stripAnsi(viaInk))}\n`);
      // No row is wider than the terminal.
      for (const row of stripAnsi(direct).split("\n")) expect([...row].length).toBeLessThanOrEqual(40);
    });
  }

  it("keeps the styles of the answer, as Ink styles them on a colour terminal", () => {
    const level = chalk.level;
    chalk.level = 1;
    try {
      const direct = agentMessageText("**bold** and `code`", 40, false);
      const cell: HistoryCell = { id: 1, kind: "agent", markdown: "**bold** and `code`" };
      const viaInk = renderToString(createElement(HistoryCellView, { cell, width: 40 }), { columns: 40 });
      expect(direct).toContain("\x1b[1mbold\x1b[22m");
      expect(direct).toBe(`${viaInk}\n`);
      expect(stripAnsi(direct)).toBe("\n• bold and code\n");
    } finally {
      chalk.level = level;
    }
  });

  it("prints cells of both kinds once each, in order, as the history grows", () => {
    const history: HistoryCell[] = [
      { id: 1, kind: "user", text: "first question" },
      { id: 2, kind: "agent", markdown: "first answer" },
      { id: 3, kind: "agent", markdown: "more of it", continued: true },
      { id: 4, kind: "notice", level: "info", text: "a notice" },
      { id: 5, kind: "agent", markdown: "second answer" },
    ];
    const view = (cells: HistoryCell[]) => createElement(Scrollback, { history: cells, width: 60 });
    const instance = render(view(history.slice(0, 2)));
    instance.rerender(view(history));
    const text = stripAnsi(instance.lastFrame() ?? "");
    instance.unmount();
    const order = ["first question", "first answer", "more of it", "a notice", "second answer"];
    const at = order.map((t) => text.indexOf(t));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const t of order) expect(text.split(t)).toHaveLength(2);
  });
});
