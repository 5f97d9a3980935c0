import { describe, expect, it } from "vitest";
import type { KeyEvent } from "../input/key-parser.js";
import type { PendingApproval } from "../state/tui-state.js";
import { initialUi, QUIT_WINDOW_MS, routeKey } from "./key-router.js";
import type { KeyContext, UiState } from "./ui-state.js";
import { modelPopup } from "./popups.js";

const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({
  now: 1_000,
  taskRunning: false,
  pageRows: 10,
  ...over,
});
const text = (t: string): KeyEvent => ({ type: "text", text: t });
const key = (name: Extract<KeyEvent, { type: "key" }>["name"]): KeyEvent => ({ type: "key", name });
const ctrl = (letter: string): KeyEvent => ({ type: "ctrl", letter });

function press(ui: UiState, keys: KeyEvent[], context = ctx()) {
  const effects = [];
  for (const k of keys) {
    const routed = routeKey(ui, k, context);
    ui = routed.ui;
    effects.push(...routed.effects);
  }
  return { ui, effects };
}

describe("routeKey", () => {
  it("sends the composer's text on Enter and inserts newlines on Ctrl+J / Shift+Enter", () => {
    const { ui, effects } = press(initialUi(), [text("fix"), key("newline"), text("it"), key("enter")]);
    expect(effects).toEqual([{ type: "send", text: "fix\nit" }]);
    expect(ui.composer.text).toBe("");
    expect(ui.composer.history).toEqual(["fix\nit"]);
    expect(press(initialUi(), [key("enter")]).effects).toEqual([]);
  });

  it("runs slash commands with their arguments", () => {
    expect(press(initialUi(), [text("/rollback 2"), key("enter")]).effects).toEqual([
      { type: "slash", name: "rollback", args: "2" },
    ]);
    expect(press(initialUi(), [text("/exit"), key("enter")]).effects).toEqual([
      { type: "slash", name: "quit", args: "" },
    ]);
    // A path is not a command.
    expect(press(initialUi(), [text("/usr/bin is odd"), key("enter")]).effects).toEqual([
      { type: "send", text: "/usr/bin is odd" },
    ]);
  });

  it("drives the / menu: filter, move, complete, run", () => {
    let { ui } = press(initialUi(), [text("/")]);
    ({ ui } = press(ui, [key("down"), key("down")]));
    expect(ui.menuSelected).toBe(2);
    expect(press(ui, [key("enter")]).effects).toEqual([{ type: "slash", name: "new", args: "" }]);
    ({ ui } = press(initialUi(), [text("/st"), key("tab")]));
    expect(ui.composer.text).toBe("/status ");
    expect(press(initialUi(), [text("/di"), key("enter")]).effects).toEqual([
      { type: "slash", name: "diff", args: "" },
    ]);
    expect(press(initialUi(), [text("/mo"), key("escape")]).ui.composer.text).toBe("");
  });

  it("interrupts a running task on Esc, and does nothing when idle", () => {
    expect(press(initialUi(), [key("escape")], ctx({ taskRunning: true })).effects).toEqual([
      { type: "interrupt" },
    ]);
    expect(press(initialUi(), [key("escape")]).effects).toEqual([]);
  });

  it("clears the composer on Ctrl+C, and quits on a second Ctrl+C in time", () => {
    let { ui, effects } = press(initialUi(), [text("draft"), ctrl("c")]);
    expect(ui.composer.text).toBe("");
    expect(effects).toEqual([]);
    ({ ui, effects } = press(ui, [ctrl("c")]));
    expect(ui.quitArmedUntil).toBe(1_000 + QUIT_WINDOW_MS);
    expect(effects).toEqual([]);
    expect(press(ui, [ctrl("c")]).effects).toEqual([{ type: "quit" }]);
    expect(press(ui, [ctrl("c")], ctx({ now: 1_000 + QUIT_WINDOW_MS + 1 })).effects).toEqual([]);
    // Another key in between disarms it.
    expect(press(ui, [text("x"), ctrl("c"), ctrl("c")]).effects).toEqual([]);
  });

  it("interrupts on the first Ctrl+C while a task runs", () => {
    expect(press(initialUi(), [ctrl("c")], ctx({ taskRunning: true })).effects).toEqual([
      { type: "interrupt" },
    ]);
  });

  it("quits on Ctrl+D only when the composer is empty", () => {
    expect(press(initialUi(), [ctrl("d")]).effects).toEqual([{ type: "quit" }]);
    const { ui, effects } = press(initialUi(), [text("ab"), key("left"), ctrl("d")]);
    expect(effects).toEqual([]);
    expect(ui.composer.text).toBe("a");
  });

  it("gives the approval overlay every key while it shows", () => {
    const approval: PendingApproval = { kind: "exec", callId: "c1", command: ["rm", "x"], cwd: "/" };
    const context = ctx({ approval, taskRunning: true });
    const decide = (k: KeyEvent) => routeKey(initialUi(), k, context).effects;
    expect(decide(text("y"))).toEqual([{ type: "decide", approval, decision: "approved" }]);
    expect(decide(text("a"))).toEqual([{ type: "decide", approval, decision: "approved_for_session" }]);
    expect(decide(text("n"))).toEqual([{ type: "decide", approval, decision: "denied" }]);
    expect(decide(key("escape"))).toEqual([{ type: "decide", approval, decision: "abort" }]);
    expect(decide(text("q"))).toEqual([]);
    expect(routeKey(initialUi(), text("y"), context).ui.composer.text).toBe("");
    // No proposed prefix: "p" does nothing.
    expect(decide(text("p"))).toEqual([]);
  });

  it("p approves and allows the proposed command prefix for good", () => {
    const approval: PendingApproval = {
      kind: "exec",
      callId: "c1",
      command: ["git", "push", "origin"],
      cwd: "/",
      proposedAmendment: ["git", "push"],
    };
    const effects = routeKey(initialUi(), text("p"), ctx({ approval, taskRunning: true })).effects;
    expect(effects).toEqual([{ type: "decide", approval, decision: "approved", amendment: ["git", "push"] }]);
  });

  it("walks the model picker into the effort step and applies the choice", () => {
    let ui: UiState = { ...initialUi(), popup: modelPopup("gpt-5.1-codex") };
    ({ ui } = press(ui, [key("down"), key("down"), key("enter")], ctx({ currentEffort: "high" })));
    expect(ui.popup).toMatchObject({ kind: "effort", choice: { model: "gpt-5.1-codex-mini" }, selected: 1 });
    const { ui: closed, effects } = press(ui, [key("up"), key("enter")]);
    expect(effects).toEqual([{ type: "set_model", model: "gpt-5.1-codex-mini", effort: "medium" }]);
    expect(closed.popup).toBeUndefined();
  });

  it("picks approval presets by number and closes pickers on Esc", () => {
    const ui: UiState = { ...initialUi(), popup: { kind: "approvals", selected: 0 } };
    expect(press(ui, [text("4")]).effects).toEqual([
      {
        type: "set_approvals",
        preset: expect.objectContaining({ approval: "never", sandbox: "danger-full-access" }),
      },
    ]);
    expect(press(ui, [key("escape")]).ui.popup).toBeUndefined();
  });

  it("scrolls the pager within its lines", () => {
    const lines = Array.from({ length: 25 }, (_, i) => ({ spans: [{ text: `l${i}` }] }));
    let ui: UiState = { ...initialUi(), popup: { kind: "pager", title: "diff", lines, offset: 0 } };
    ({ ui } = press(ui, [key("pagedown"), text("j")]));
    expect(ui.popup).toMatchObject({ offset: 11 });
    ({ ui } = press(ui, [text("G")]));
    expect(ui.popup).toMatchObject({ offset: 15 });
    ({ ui } = press(ui, [key("pagedown")]));
    expect(ui.popup).toMatchObject({ offset: 15 });
    ({ ui } = press(ui, [text("g"), key("up")]));
    expect(ui.popup).toMatchObject({ offset: 0 });
    expect(press(ui, [text("q")]).ui.popup).toBeUndefined();
  });
});
