// The screens added for plan mode, threads and completion: the proposed plan (finished and streaming), the
// "Implement this plan?" prompt, the /resume picker, and the `@` / `$` list.
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { initialUi } from "../app/key-router.js";
import type { UiState } from "../app/ui-state.js";
import { completionFor } from "../composer/completions.js";
import { searched } from "../composer/completions.test-support.js";
import { insertText } from "../composer/composer-state.js";
import { recordedEvents, replay } from "../fixtures/recorded-events.js";
import type { TuiState } from "../state/tui-state.js";
import { HistoryCellView } from "./HistoryCellView.js";
import { renderText, trimLines } from "../../../../test/support/tui-render.js";
import { TuiView, type TuiViewProps } from "./TuiView.js";

const base = () => replay(recordedEvents("message"));
const screen = (state: TuiState, ui: UiState = initialUi(), extra: Partial<TuiViewProps> = {}) =>
  trimLines(renderText(createElement(TuiView, { state, ui, width: 100, rows: 30, now: 10_000, ...extra })));

describe("plan mode views", () => {
  it("draws the proposed plan as its own block under a title", () => {
    const text = trimLines(
      renderText(
        createElement(HistoryCellView, {
          cell: { id: 1, kind: "proposed_plan", markdown: "# Cache\n\n1. Memo `load()`.\n2. Test it." },
        }),
      ),
    );
    expect(text).toBe("\n• Proposed Plan\n  ┃ Cache\n  ┃\n  ┃ 1. Memo load().\n  ┃ 2. Test it.");
  });

  it("streams the plan live, and shows plan mode in the status line", () => {
    const state: TuiState = { ...base(), collaborationMode: "plan", planStream: "1. First step\n2. Sec" };
    const text = screen(state);
    expect(text).toMatch(/• Proposed Plan\n {2}┃ 1\. First step\n {2}┃ 2\. Sec/);
    expect(text).toContain("gpt-5.1-codex · plan mode");
  });

  it("asks 'Implement this plan?' in place of the composer", () => {
    const text = screen({ ...base(), askImplementPlan: true }, { ...initialUi(), planSelected: 1 });
    expect(text).toContain("Implement this plan?");
    expect(text).toMatch(/ {2}1\. Yes, implement this plan +Switch to default mode and start coding\./);
    expect(text).toMatch(/› 2\. No, stay in plan mode +Keep planning with the model\./);
    expect(text).not.toContain("Ask codex-ts to do anything");
  });
});

describe("pickers and lists", () => {
  it("lists threads with their preview, age and directory, in a window that follows the selection", () => {
    const threads = Array.from({ length: 40 }, (_, i) => ({
      id: `id-${i}`,
      path: `/s/${i}.jsonl`,
      preview: `question number ${i}\nwith a second line`,
      cwd: "/work/project",
      updatedAt: 10_000 - i * 120_000,
    }));
    const ui: UiState = { ...initialUi(), popup: { kind: "threads", threads, selected: 30 } };
    const text = screen(base(), ui);
    expect(text).toContain("Resume a previous session");
    expect(text).toMatch(/› 31\. question number 30 with a second line +1h ago · \/work\/project/);
    expect(text).not.toContain("1. question number 0 ");
    expect(text).toContain("31 of 40");
  });

  it("shows the @ matches under the composer, and says when nothing matches", () => {
    const composer = insertText(initialUi().composer, "open @fmt");
    const ui: UiState = { ...initialUi(), composer };
    const completion = completionFor(
      composer,
      searched(composer, ["src/fmt.ts", "docs/format.md", "x.ts", "formats/"]),
    );
    const text = screen(base(), ui, completion ? { completion } : {});
    // Name, folder ("./" at the top) and kind, as Codex's finder shows them; a folder is a match too.
    expect(text).toMatch(
      /› fmt\.ts {5}src\/ +File\n {2}format\.md {2}docs\/ +File\n {2}formats {4}\.\/ +Dir\n {2}↑↓ select · Tab or Enter insert · Esc close/,
    );
    const zzz = insertText(initialUi().composer, "@zzz");
    const none = completionFor(zzz, searched(zzz, ["a.ts"]));
    const rows = text.split("\n").filter((line) => / (File|Dir)$/.test(line));
    // The kind column flush right: every row as long as the others.
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((line) => line.length)).size).toBe(1);
    expect(screen(base(), ui, none ? { completion: none } : {})).toContain("no matching files");
    // A bare `@` asks for a word rather than listing the whole tree.
    const bare = insertText(initialUi().composer, "@");
    const asks = completionFor(bare, searched(bare, ["a.ts"]));
    expect(screen(base(), ui, asks ? { completion: asks } : {})).toContain("type to search files");
  });
});
