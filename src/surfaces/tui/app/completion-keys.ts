// Keys for the `@` file finder and `$` skill completion under the composer: Up/Down choose, Tab or Enter
// inserts the choice, Esc closes the list (until the text changes). Other keys go on to the composer. The
// `@` list may still show an earlier query's matches: Tab or Enter then waits for this query's (TuiApp holds
// the key, see held-keys.ts) and does nothing should they still be unknown after the wait.
import type { Completion } from "../composer/completions.js";
import { completeMention } from "../composer/mention.js";
import type { KeyEvent } from "../input/key-parser.js";
import type { Effect, UiState } from "./ui-state.js";

/** Tab or Enter: the keys that insert the chosen item. */
export const isAccept = (key: KeyEvent): boolean =>
  key.type === "key" && (key.name === "tab" || key.name === "enter");

export function completionKey(
  ui: UiState,
  key: KeyEvent,
  completion: Completion,
): { ui: UiState; effects: Effect[] } | undefined {
  if (key.type !== "key") return undefined;
  const count = completion.items.length;
  if (key.name === "escape") return { ui: { ...ui, completionDismissed: ui.composer.text }, effects: [] };
  // Nothing of this query's to insert yet (an earlier query's matches may show): the key waits for them.
  if (completion.awaiting && isAccept(key)) {
    return { ui, effects: [{ type: "await_matches", query: completion.mention.query }] };
  }
  if (count === 0) return undefined;
  const selected = Math.min(ui.menuSelected, count - 1);
  switch (key.name) {
    case "up":
      return { ui: { ...ui, menuSelected: (selected - 1 + count) % count }, effects: [] };
    case "down":
      return { ui: { ...ui, menuSelected: (selected + 1) % count }, effects: [] };
    case "tab":
    case "enter": {
      const item = completion.items[selected];
      if (!item) return undefined;
      const composer = completeMention(ui.composer, completion.mention, item.insert);
      return { ui: { ...ui, composer, menuSelected: 0 }, effects: [] };
    }
    default:
      return undefined;
  }
}
