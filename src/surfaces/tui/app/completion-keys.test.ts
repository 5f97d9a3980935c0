// Keys while the `@` / `$` completions show: choose, insert, close; everything else edits the composer.
import { describe, expect, it } from "vitest";
import { completionFor } from "../composer/completions.js";
import { searched } from "../composer/completions.test-support.js";
import type { KeyEvent } from "../input/key-parser.js";
import { initialUi, routeKey } from "./key-router.js";
import type { KeyContext, UiState } from "./ui-state.js";

const files = ["src/app.ts", "src/api.ts", "README.md"];
const key = (name: Extract<KeyEvent, { type: "key" }>["name"]): KeyEvent => ({ type: "key", name });
const text = (t: string): KeyEvent => ({ type: "text", text: t });

/** Presses keys as the app does: the completion is worked out from the composer before each key. */
function press(keys: KeyEvent[], ui: UiState = initialUi()) {
  const effects = [];
  for (const k of keys) {
    const completion = completionFor(ui.composer, searched(ui.composer, files));
    const ctx: KeyContext = {
      now: 0,
      taskRunning: false,
      pageRows: 10,
      ...(completion ? { completion } : {}),
    };
    const routed = routeKey(ui, k, ctx);
    ui = routed.ui;
    effects.push(...routed.effects);
  }
  return { ui, effects };
}

describe("completion keys", () => {
  it("inserts the highlighted file on Tab or Enter, without sending", () => {
    // "ap" matches both equally well: the tie goes to alphabetical order.
    const tabbed = press([text("see @ap"), key("tab")]);
    expect(tabbed.ui.composer.text).toBe("see src/api.ts ");
    const entered = press([text("see @ap"), key("down"), key("enter")]);
    expect(entered.ui.composer.text).toBe("see src/app.ts ");
    expect(entered.effects).toEqual([]);
    // Enter again sends the message.
    expect(press([key("enter")], entered.ui).effects).toEqual([{ type: "send", text: "see src/app.ts " }]);
  });

  it("closes on Esc until the text changes; Enter then sends", () => {
    const closed = press([text("@READ"), key("escape")]);
    expect(closed.ui.completionDismissed).toBe("@READ");
    expect(press([key("enter")], closed.ui).effects).toEqual([{ type: "send", text: "@READ" }]);
    const reopened = press([text("M"), key("tab")], closed.ui);
    expect(reopened.ui.composer.text).toBe("README.md ");
  });

  it("holds Tab or Enter while the matches shown are an earlier query's: the key waits for this one's", () => {
    const ui = press([text("see @ap")]).ui;
    const earlier = completionFor(ui.composer, { found: { query: "a", matches: [] }, searching: true });
    for (const name of ["tab", "enter"] as const) {
      const routed = routeKey(ui, key(name), {
        now: 0,
        taskRunning: false,
        pageRows: 10,
        ...(earlier ? { completion: earlier } : {}),
      });
      expect(routed).toEqual({ ui, effects: [{ type: "await_matches", query: "ap" }] });
    }
  });
});
