// Every history cell, rendered from recorded engine events.
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { recordedEvents, replay, replayThrough, type FixtureName } from "../../fixtures/recorded-events.js";
import type { CellOf, HistoryCell } from "../../state/cells.js";
import { tuiReducer } from "../../state/tui-reducer.js";
import { initialTuiState } from "../../state/tui-state.js";
import { HistoryCellView } from "../HistoryCellView.js";
import { renderText, trimLines } from "../../../../../test/support/tui-render.js";
import { ExecCell } from "./ExecCell.js";
import { PatchCell } from "./PatchCell.js";

function cellOf<K extends HistoryCell["kind"]>(fixture: FixtureName, kind: K): CellOf<K> {
  const cell = replay(recordedEvents(fixture)).history.find((c): c is CellOf<K> => c.kind === kind);
  if (!cell) throw new Error(`no ${kind} cell in ${fixture}`);
  return cell;
}

const show = (cell: HistoryCell) =>
  trimLines(renderText(createElement(HistoryCellView, { cell, width: 100 })));

describe("history cells", () => {
  it("session header", () => {
    const text = show(cellOf("message", "session_header"));
    expect(text).toContain(">_ codex-ts (v");
    expect(text).toContain("model:     gpt-5.1-codex");
    expect(text).toContain("directory: /work/project");
  });

  it("user message", () => {
    expect(show(cellOf("message", "user"))).toBe("\n› run the message scenario");
  });

  it("agent message as Markdown", () => {
    // The answer streamed in parts (its finished blocks first); drawn one under the other, they read as one.
    const parts = replay(recordedEvents("message")).history.filter((c) => c.kind === "agent");
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map(show).join("\n")).toBe(
      [
        "",
        "• Summary",
        "",
        "  The build passes and npm test is green. See the docs (https://example.com/docs).",
        "",
        "  • first point",
        "  • second point",
        "    ◦ nested detail",
        "  1. numbered",
        "",
        '    const answer = "forty-two"; // a comment',
        "    if (answer) return 42;",
      ].join("\n"),
    );
  });

  it("reasoning summary", () => {
    expect(show(cellOf("reasoning", "reasoning"))).toBe("\n• Planning the answer");
  });

  it("command with its output tail", () => {
    expect(show(cellOf("shell", "exec"))).toMatch(
      /^\n• Ran for i in 1 2 3 4 5 6 7; do echo line \$i; done \(\d+ms\)\n {2}└ … 2 earlier lines\n {4}line 3\n {4}line 4\n {4}line 5\n {4}line 6\n {4}line 7$/,
    );
  });

  it("failed command with its exit code", () => {
    expect(show(cellOf("shell-failure", "exec"))).toMatch(
      /^\n• Ran echo oops >&2; exit 3 \(exit 3, \d+ms\)\n {2}└ oops$/,
    );
  });

  it("interrupted command", () => {
    const events = recordedEvents("interrupt");
    const cell = replay(events).history.find((c) => c.kind === "exec");
    expect(cell && show(cell)).toMatch(/^\n• Ran sleep 30 \(exit 137, [\d.]+m?s\)$/);
  });

  it("patch with per-file diffs and counts", () => {
    expect(show(cellOf("patch-approval", "patch"))).toBe(
      [
        "",
        "• Edited 2 files (+3 -1)",
        "  └ hello.txt (+2 -0)",
        "    1 +hello",
        "    2 +world",
        "  └ notes.md (+1 -1)",
        "    @@ -1,3 +1,3 @@",
        "    1  first",
        "    2 -second",
        "    2 +second, edited",
        "    3  third",
      ].join("\n"),
    );
  });

  it("plan as a checklist", () => {
    expect(show(cellOf("plan", "plan"))).toBe(
      [
        "",
        "• Updated Plan (1/3 done)",
        "  └ Starting with the parser.",
        "    ✔ Read the parser",
        "    □ Fix the bug",
        "    □ Add a test",
      ].join("\n"),
    );
  });

  it("errors and the interrupt notice", () => {
    expect(show(cellOf("error", "notice"))).toBe("\n■ model request failed: HTTP 400: model not found");
    expect(show(cellOf("interrupt", "notice"))).toBe(
      "\n■ Interrupted. Tell the model what to do differently.",
    );
  });

  it("warnings and information", () => {
    expect(show({ id: 1, kind: "notice", level: "warning", text: "Reconnecting... 1/5" })).toBe(
      "\n⚠ Reconnecting... 1/5",
    );
    expect(show({ id: 1, kind: "notice", level: "info", text: "Model changed." })).toBe("\n• Model changed.");
  });

  it("approval decisions", () => {
    expect(show({ id: 1, kind: "approval_decision", action: "run rm -rf build", decision: "approved" })).toBe(
      "\n✔ You approved codex-ts to run rm -rf build",
    );
    expect(
      show({ id: 1, kind: "approval_decision", action: "run ls", decision: "approved_for_session" }),
    ).toBe("\n✔ You approved codex-ts to run ls and similar requests for this session");
    expect(show({ id: 1, kind: "approval_decision", action: "run ls", decision: "denied" })).toBe(
      "\n✗ You did not approve codex-ts to run ls",
    );
  });

  it("status card", () => {
    const text = show({
      id: 1,
      kind: "status_card",
      title: "codex-ts v1",
      rows: [
        ["Model", "m"],
        ["Thread id", "abc"],
      ],
    });
    expect(text).toContain("│ Model:     m");
    expect(text).toContain("│ Thread id: abc");
  });
});

describe("live cells", () => {
  it("a running command shows a spinner, the elapsed time and its latest output", () => {
    const state = replayThrough(recordedEvents("shell"), "exec_command_output_delta");
    const run = state.execs[0];
    if (!run) throw new Error("no running command");
    const text = trimLines(renderText(createElement(ExecCell, { run, now: run.startedAt + 3_200 })));
    expect(text).toMatch(
      /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Running for i in .* \(3s\)\n {2}└ … 4 earlier lines\n {4}line 5\n {4}line 6\n {4}line 7$/,
    );
  });

  it("a patch being applied", () => {
    // The recorded patch was asked about (no live cell then): the same changes, applied without asking.
    const asked = replayThrough(recordedEvents("patch-approval"), "apply_patch_approval_request");
    const request = asked.approvals[0];
    if (request?.kind !== "patch") throw new Error("no patch request");
    const state = tuiReducer(initialTuiState(), {
      type: "engine_event",
      event: {
        id: "t",
        msg: {
          type: "item_started",
          thread_id: "th",
          turn_id: "t",
          item: { type: "fileChange", id: "p", changes: request.changes, status: "in_progress" },
        },
      },
      now: 0,
    });
    const run = state.patches[0];
    if (!run) throw new Error("no patch");
    expect(renderText(createElement(PatchCell, { run, maxLinesPerFile: 1 }))).toContain("• Applying patch");
  });
});
