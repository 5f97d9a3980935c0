// Pickers and the pager that take over the keys for a moment: `/model`, its effort step, `/approvals`,
// `/resume`'s threads, and `/diff`'s pager. Pure: (popup, key) -> what happens.
import type { ReasoningEffort } from "../../../protocol/policies.js";
import type { KeyEvent } from "../input/key-parser.js";
import type { StyledLine } from "../render/styled-text.js";
import { APPROVAL_PRESETS, type ApprovalPreset } from "../slash/approval-presets.js";
import { modelChoices, type ModelChoice } from "../slash/model-choices.js";
import type { ThreadChoice } from "../slash/thread-choices.js";
import { filterThreads } from "../slash/thread-filter.js";

export type Popup =
  | { kind: "model"; choices: ModelChoice[]; selected: number }
  | { kind: "effort"; choice: ModelChoice; selected: number }
  | { kind: "approvals"; selected: number }
  /** `query`: typed to filter the threads (slash/thread-filter.ts); `selected` indexes the filtered list. */
  | { kind: "threads"; threads: ThreadChoice[]; selected: number; query?: string }
  | { kind: "pager"; title: string; lines: StyledLine[]; offset: number };

export type PopupOutcome =
  | { type: "stay"; popup: Popup }
  | { type: "close" }
  | { type: "set_model"; model: string; effort: ReasoningEffort | undefined }
  | { type: "set_approvals"; preset: ApprovalPreset }
  | { type: "resume"; path: string };

export function modelPopup(currentModel: string | undefined): Popup {
  const choices = modelChoices(currentModel);
  return {
    kind: "model",
    choices,
    selected: Math.max(
      0,
      choices.findIndex((c) => c.model === currentModel),
    ),
  };
}

export function effortPopup(choice: ModelChoice, currentEffort: string | undefined): Popup {
  const at = choice.efforts.findIndex((e) => e === (currentEffort ?? "medium"));
  return { kind: "effort", choice, selected: at === -1 ? Math.min(1, choice.efforts.length - 1) : at };
}

function itemCount(popup: Exclude<Popup, { kind: "pager" }>): number {
  switch (popup.kind) {
    case "model":
      return popup.choices.length;
    case "effort":
      return popup.choice.efforts.length;
    case "approvals":
      return APPROVAL_PRESETS.length;
    case "threads":
      return filterThreads(popup.threads, popup.query ?? "").length;
  }
}

function choose(
  popup: Exclude<Popup, { kind: "pager" }>,
  index: number,
  currentEffort: string | undefined,
): PopupOutcome {
  switch (popup.kind) {
    case "model": {
      const choice = popup.choices[index];
      return choice ? { type: "stay", popup: effortPopup(choice, currentEffort) } : { type: "stay", popup };
    }
    case "effort":
      return { type: "set_model", model: popup.choice.model, effort: popup.choice.efforts[index] };
    case "approvals": {
      const preset = APPROVAL_PRESETS[index];
      return preset ? { type: "set_approvals", preset } : { type: "stay", popup };
    }
    case "threads": {
      const thread = filterThreads(popup.threads, popup.query ?? "")[index]?.thread;
      return thread ? { type: "resume", path: thread.path } : { type: "stay", popup };
    }
  }
}

function pagerKey(popup: Extract<Popup, { kind: "pager" }>, key: KeyEvent, pageRows: number): PopupOutcome {
  const last = Math.max(0, popup.lines.length - pageRows);
  const to = (offset: number): PopupOutcome => ({
    type: "stay",
    popup: { ...popup, offset: Math.max(0, Math.min(last, offset)) },
  });
  if (key.type === "key") {
    switch (key.name) {
      case "escape":
        return { type: "close" };
      case "up":
        return to(popup.offset - 1);
      case "down":
      case "enter":
        return to(popup.offset + 1);
      case "pageup":
        return to(popup.offset - pageRows);
      case "pagedown":
        return to(popup.offset + pageRows);
      case "home":
        return to(0);
      case "end":
        return to(last);
      default:
        return { type: "stay", popup };
    }
  }
  if (key.type === "text") {
    switch (key.text) {
      case "q":
        return { type: "close" };
      case "k":
        return to(popup.offset - 1);
      case "j":
        return to(popup.offset + 1);
      case " ":
      case "f":
        return to(popup.offset + pageRows);
      case "b":
        return to(popup.offset - pageRows);
      case "g":
        return to(0);
      case "G":
        return to(last);
    }
  }
  if (key.type === "ctrl" && key.letter === "c") return { type: "close" };
  return { type: "stay", popup };
}

export function popupKey(
  popup: Popup,
  key: KeyEvent,
  options: { pageRows: number; currentEffort: string | undefined },
): PopupOutcome {
  if (popup.kind === "pager") return pagerKey(popup, key, options.pageRows);
  if (popup.kind === "threads") {
    const filtered = filterKey(popup, key);
    if (filtered) return filtered;
  }
  const count = itemCount(popup);
  const move = (delta: number): PopupOutcome => ({
    type: "stay",
    popup: { ...popup, selected: count === 0 ? 0 : (popup.selected + delta + count) % count },
  });
  if (key.type === "key") {
    if (key.name === "escape") return { type: "close" };
    if (key.name === "up" || key.name === "backtab") return move(-1);
    if (key.name === "down" || key.name === "tab") return move(1);
    if (key.name === "enter") return choose(popup, popup.selected, options.currentEffort);
  }
  if (key.type === "text") {
    if (key.text === "k") return move(-1);
    if (key.text === "j") return move(1);
    const digit = Number(key.text);
    if (Number.isInteger(digit) && digit >= 1 && digit <= count)
      return choose(popup, digit - 1, options.currentEffort);
  }
  if (key.type === "ctrl" && key.letter === "c") return { type: "close" };
  return { type: "stay", popup };
}

/**
 * Keys that edit the threads picker's filter: text (a digit picks by number while the filter is empty) and
 * Backspace. Undefined for the keys every list handles.
 */
function filterKey(popup: Extract<Popup, { kind: "threads" }>, key: KeyEvent): PopupOutcome | undefined {
  const query = popup.query ?? "";
  const refilter = (next: string): PopupOutcome => ({
    type: "stay",
    popup: { ...popup, query: next, selected: 0 },
  });
  if (key.type === "key" && key.name === "backspace" && query !== "") return refilter(query.slice(0, -1));
  if (key.type !== "text" || key.text.includes("\n")) return undefined;
  if (query === "" && /^[1-9]$/.test(key.text)) return undefined;
  return refilter(query + key.text);
}
