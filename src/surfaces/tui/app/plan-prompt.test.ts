// Keys for plan mode (Shift+Tab, "Implement this plan?") and the /resume picker.
import { describe, expect, it } from "vitest";
import type { KeyEvent } from "../input/key-parser.js";
import { initialUi, routeKey } from "./key-router.js";
import type { KeyContext, UiState } from "./ui-state.js";
import { planPromptKey } from "./plan-prompt.js";

const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({
  now: 1_000,
  taskRunning: false,
  pageRows: 10,
  ...over,
});
const text = (t: string): KeyEvent => ({ type: "text", text: t });
const key = (name: Extract<KeyEvent, { type: "key" }>["name"]): KeyEvent => ({ type: "key", name });

function press(ui: UiState, keys: KeyEvent[], context = ctx()) {
  const effects = [];
  for (const k of keys) {
    const routed = routeKey(ui, k, context);
    ui = routed.ui;
    effects.push(...routed.effects);
  }
  return { ui, effects };
}

describe("plan mode keys", () => {
  it("Shift+Tab asks for the next collaboration mode, and leaves the composer alone", () => {
    const { ui, effects } = press(initialUi(), [text("draft"), key("backtab")]);
    expect(effects).toEqual([{ type: "cycle_mode" }]);
    expect(ui.composer.text).toBe("draft");
  });

  it("answers 'Implement this plan?' with y / n, the arrows and Enter, or Esc", () => {
    const asked = ctx({ planPrompt: true });
    expect(press(initialUi(), [text("y")], asked).effects).toEqual([
      { type: "implement_plan", implement: true },
    ]);
    expect(press(initialUi(), [text("n")], asked).effects).toEqual([
      { type: "implement_plan", implement: false },
    ]);
    expect(press(initialUi(), [key("enter")], asked).effects).toEqual([
      { type: "implement_plan", implement: true },
    ]);
    const moved = press(initialUi(), [key("down")], asked);
    expect(moved.ui.planSelected).toBe(1);
    const answered = press(moved.ui, [key("enter")], asked);
    expect(answered.effects).toEqual([{ type: "implement_plan", implement: false }]);
    expect(answered.ui.planSelected).toBeUndefined();
    expect(press(initialUi(), [key("escape")], asked).effects).toEqual([
      { type: "implement_plan", implement: false },
    ]);
    // Other keys do not reach the composer while it asks.
    expect(press(initialUi(), [text("x")], asked).ui.composer.text).toBe("");
    expect(planPromptKey(0, key("up"))).toEqual({ type: "stay", selected: 1 });
  });
});

describe("/resume picker keys", () => {
  const threads = ["a", "b", "c"].map((id, i) => ({
    id,
    path: `/sessions/${id}.jsonl`,
    preview: `thread ${id}`,
    cwd: "/work",
    updatedAt: 1_000 - i,
  }));
  const picker: UiState = { ...initialUi(), popup: { kind: "threads", threads, selected: 0 } };

  it("resumes the chosen thread by Enter or number; Esc closes", () => {
    const { ui, effects } = press(picker, [key("down"), key("enter")]);
    expect(effects).toEqual([{ type: "resume_thread", path: "/sessions/b.jsonl" }]);
    expect(ui.popup).toBeUndefined();
    expect(press(picker, [text("3")]).effects).toEqual([
      { type: "resume_thread", path: "/sessions/c.jsonl" },
    ]);
    const closed = press(picker, [key("escape")]);
    expect(closed.effects).toEqual([]);
    expect(closed.ui.popup).toBeUndefined();
  });

  it("filters by typing (fuzzy, best match first), Backspace widens again, Enter resumes the match", () => {
    const named = ["fix the login bug", "add a cache in front of load", "write docs"].map((preview, i) => ({
      ...threads[i]!,
      preview,
    }));
    const list: UiState = { ...initialUi(), popup: { kind: "threads", threads: named, selected: 0 } };
    const typed = press(list, [text("c"), text("a"), text("c")]);
    expect(typed.ui.popup).toMatchObject({ kind: "threads", query: "cac", selected: 0 });
    expect(press(typed.ui, [key("enter")]).effects).toEqual([
      { type: "resume_thread", path: "/sessions/b.jsonl" },
    ]);
    const widened = press(typed.ui, [key("backspace"), key("backspace"), key("backspace")]);
    expect(widened.ui.popup).toMatchObject({ query: "" });
    // With an empty filter a digit still picks by number.
    expect(press(widened.ui, [text("3")]).effects).toEqual([
      { type: "resume_thread", path: "/sessions/c.jsonl" },
    ]);
    // Nothing matches: Enter resumes nothing.
    expect(press(list, [text("z"), text("q"), key("enter")]).effects).toEqual([]);
  });
});
