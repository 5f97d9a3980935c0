// The screen as a whole: history above, the live area below, sized to the terminal.
import { render } from "ink-testing-library";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { UiState } from "../app/ui-state.js";
import { initialUi } from "../app/key-router.js";
import { modelPopup } from "../app/popups.js";
import { recordedEvents, replay, replayThrough } from "../fixtures/recorded-events.js";
import { tuiReducer } from "../state/tui-reducer.js";
import type { TuiState } from "../state/tui-state.js";
import { stripAnsi, trimLines } from "../../../../test/support/tui-render.js";
import { TuiView, type TuiViewProps } from "./TuiView.js";

const view = (state: TuiState, ui: UiState = initialUi(), extra: Partial<TuiViewProps> = {}) =>
  createElement(TuiView, { state, ui, width: 100, rows: 24, now: 5_000, ...extra });

const screen = (state: TuiState, ui?: UiState, extra?: Partial<TuiViewProps>) => {
  const instance = render(view(state, ui, extra));
  const text = trimLines(stripAnsi(instance.lastFrame() ?? ""));
  instance.unmount();
  return text;
};

describe("TuiView", () => {
  it("shows the history, the composer with its placeholder and the status line", () => {
    const text = screen(replay(recordedEvents("message")));
    expect(text).toContain("› run the message scenario");
    expect(text).toContain("│ › Ask codex-ts to do anything");
    expect(text).toContain("gpt-5.1-codex · default mode · 100% context left");
    expect(text).toContain("⏎ send · ⇧⇥ mode · / commands · ⌃C quit");
  });

  it("shows what is working while a task runs", () => {
    const state = replayThrough(recordedEvents("shell"), "exec_command_output_delta");
    const text = screen(state);
    expect(text).toMatch(/Running for i in 1 2 3 4 5 6 7/);
    expect(text).toMatch(/Working \(\d+s · Esc to interrupt\)/);
    expect(text).toContain("Esc interrupt · ⌃C quit");
  });

  it("replaces the composer with the approval overlay", () => {
    const text = screen(replayThrough(recordedEvents("exec-approval"), "exec_approval_request"));
    expect(text).toContain("Allow codex-ts to run this command?");
    expect(text).not.toContain("Ask codex-ts to do anything");
  });

  it("shows only the tail of a long streaming answer, so the live area fits the screen", () => {
    let state = replayThrough(recordedEvents("message"), "item_completed");
    const long = Array.from({ length: 200 }, (_, i) => `streamed line ${i}`).join("\n");
    state = tuiReducer(state, {
      type: "engine_event",
      event: {
        id: "turn",
        msg: { type: "agent_message_content_delta", thread_id: "t", turn_id: "t", item_id: "m", delta: long },
      },
      now: 1,
    });
    const instance = render(view(state, initialUi(), { rows: 30 }));
    const frame = stripAnsi(instance.lastFrame() ?? "");
    instance.unmount();
    const live = frame.slice(frame.lastIndexOf("› run the message scenario"));
    expect(live).toContain("streamed line 199");
    expect(live).not.toContain("streamed line 150");
    expect(live.split("\n").length).toBeLessThan(30);
  });

  it("shows the / menu and pickers", () => {
    const menu = screen(replay(recordedEvents("message")), {
      ...initialUi(),
      composer: { text: "/st", cursor: 3, history: [] },
    });
    expect(menu).toContain("› /status  show the session's settings, token usage and thread id");
    const picker = screen(replay(recordedEvents("message")), {
      ...initialUi(),
      popup: modelPopup("gpt-5.1-codex"),
    });
    expect(picker).toContain("Select a model");
    expect(picker).toContain("› 1. gpt-5.1-codex (current)");
    expect(picker).toContain("2. gpt-5.1-codex-max");
  });

  it("keeps a long composer text whole but draws a window of it", () => {
    const text = Array.from({ length: 40 }, (_, i) => `pasted ${i}`).join("\n");
    const out = screen(replay(recordedEvents("message")), {
      ...initialUi(),
      composer: { text, cursor: text.length, history: [] },
    });
    expect(out).toContain("↑ 34 more lines");
    expect(out).toContain("pasted 39");
    expect(out).not.toContain("pasted 10\n");
  });

  it("asks for a second Ctrl+C", () => {
    const out = screen(replay(recordedEvents("message")), { ...initialUi(), quitArmedUntil: 6_000 });
    expect(out).toContain("Press Ctrl+C again to quit");
  });

  it("clears the live area when quitting", () => {
    const out = screen(replay(recordedEvents("message")), initialUi(), { quitting: true });
    expect(out).not.toContain("Ask codex-ts");
    expect(out).toContain("run the message scenario");
  });
});
