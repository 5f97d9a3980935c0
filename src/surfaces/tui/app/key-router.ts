// Where each key goes: the approval overlay first, then an open picker or pager, then the `/` menu, then the
// app's own keys (Enter, Esc, Ctrl+C, Ctrl+D), then the composer. Pure: it returns the next UI state and the
// effects for the app to carry out.
import type { ReviewDecision } from "../../../protocol/policies.js";
import * as composer from "../composer/composer-state.js";
import { editComposer } from "../composer/edit-keys.js";
import type { KeyEvent } from "../input/key-parser.js";
import { menuMatches, parseSlash, slashQuery } from "../slash/slash-commands.js";
import type { PendingApproval, PendingUserInput } from "../state/tui-state.js";
import { completionKey } from "./completion-keys.js";
import { planPromptKey } from "./plan-prompt.js";
import { popupKey } from "./popups.js";
import { formKey, startForm } from "./user-input-form.js";
import type { Effect, KeyContext, UiState } from "./ui-state.js";

export const QUIT_WINDOW_MS = 2000;

export const initialUi = (history: readonly string[] = []): UiState => ({
  composer: composer.emptyComposer(history),
  menuSelected: 0,
});

interface Routed {
  ui: UiState;
  effects: Effect[];
}

const APPROVAL_KEYS: Record<string, ReviewDecision> = {
  y: "approved",
  a: "approved_for_session",
  n: "denied",
};

function approvalKey(ui: UiState, key: KeyEvent, approval: PendingApproval): Routed {
  let decision: ReviewDecision | undefined;
  if (key.type === "text") decision = APPROVAL_KEYS[key.text.toLowerCase()];
  if ((key.type === "key" && key.name === "escape") || (key.type === "ctrl" && key.letter === "c")) {
    decision = "abort";
  }
  // "p": approve, and allow the proposed prefix for good (written to the user's rules file).
  if (key.type === "text" && key.text.toLowerCase() === "p" && approval.kind === "exec") {
    const amendment = approval.proposedAmendment;
    if (amendment) return { ui, effects: [{ type: "decide", approval, decision: "approved", amendment }] };
  }
  return { ui, effects: decision ? [{ type: "decide", approval, decision }] : [] };
}

function userInputKey(ui: UiState, key: KeyEvent, request: PendingUserInput): Routed {
  const form = ui.form?.callId === request.callId ? ui.form : startForm(request);
  const outcome = formKey(form, request, key);
  const { form: _f, ...closed } = ui;
  switch (outcome.type) {
    case "stay":
      return { ui: { ...ui, form: outcome.form }, effects: [] };
    case "done":
      return { ui: closed, effects: [{ type: "answer", callId: request.callId, answers: outcome.answers }] };
    case "cancel":
      return { ui: closed, effects: [{ type: "interrupt" }] };
  }
}

function menuKey(ui: UiState, key: KeyEvent, query: string): Routed | undefined {
  const matches = menuMatches(query);
  if (matches.length === 0) return undefined;
  const selected = Math.min(ui.menuSelected, matches.length - 1);
  const chosen = matches[selected];
  if (key.type !== "key" || !chosen) return undefined;
  switch (key.name) {
    case "up":
      return { ui: { ...ui, menuSelected: (selected - 1 + matches.length) % matches.length }, effects: [] };
    case "down":
      return { ui: { ...ui, menuSelected: (selected + 1) % matches.length }, effects: [] };
    case "tab": {
      const text = `/${chosen.name} `;
      return { ui: { ...ui, composer: { ...ui.composer, text, cursor: text.length } }, effects: [] };
    }
    case "enter": {
      const sent = composer.submit({ ...ui.composer, text: `/${chosen.name}` });
      return {
        ui: { ...ui, composer: sent.next, menuSelected: 0 },
        effects: [{ type: "slash", name: chosen.name, args: "" }],
      };
    }
    case "escape":
      return { ui: { ...ui, composer: composer.clearComposer(ui.composer), menuSelected: 0 }, effects: [] };
    default:
      return undefined;
  }
}

function sendKey(ui: UiState): Routed {
  const text = ui.composer.text;
  if (text.trim() === "") return { ui, effects: [] };
  const { next } = composer.submit(ui.composer);
  const slash = parseSlash(text);
  const effect: Effect = slash
    ? { type: "slash", name: slash.name, args: slash.args }
    : { type: "send", text };
  return { ui: { ...ui, composer: next, menuSelected: 0 }, effects: [effect] };
}

function ctrlC(ui: UiState, ctx: KeyContext): Routed {
  const { quitArmedUntil: _q, ...rest } = ui;
  if (ui.composer.text !== "")
    return { ui: { ...rest, composer: composer.clearComposer(ui.composer) }, effects: [] };
  if (ui.quitArmedUntil !== undefined && ctx.now < ui.quitArmedUntil)
    return { ui: rest, effects: [{ type: "quit" }] };
  return {
    ui: { ...rest, quitArmedUntil: ctx.now + QUIT_WINDOW_MS },
    effects: ctx.taskRunning ? [{ type: "interrupt" }] : [],
  };
}

export function routeKey(ui: UiState, key: KeyEvent, ctx: KeyContext): Routed {
  if (ctx.approval) return approvalKey(ui, key, ctx.approval);
  if (ctx.userInput) return userInputKey(ui, key, ctx.userInput);
  if (ctx.planPrompt) {
    const outcome = planPromptKey(ui.planSelected ?? 0, key);
    if (outcome.type === "stay") return { ui: { ...ui, planSelected: outcome.selected }, effects: [] };
    const { planSelected: _s, ...closed } = ui;
    return { ui: closed, effects: [{ type: "implement_plan", implement: outcome.implement }] };
  }

  if (ui.popup) {
    const outcome = popupKey(ui.popup, key, { pageRows: ctx.pageRows, currentEffort: ctx.currentEffort });
    const { popup: _p, ...closed } = ui;
    switch (outcome.type) {
      case "stay":
        return { ui: { ...ui, popup: outcome.popup }, effects: [] };
      case "close":
        return { ui: closed, effects: [] };
      case "set_model":
        return { ui: closed, effects: [{ type: "set_model", model: outcome.model, effort: outcome.effort }] };
      case "set_approvals":
        return { ui: closed, effects: [{ type: "set_approvals", preset: outcome.preset }] };
      case "resume":
        return { ui: closed, effects: [{ type: "resume_thread", path: outcome.path }] };
    }
  }

  if (ctx.completion && ui.completionDismissed !== ui.composer.text) {
    const routed = completionKey(ui, key, ctx.completion);
    if (routed) return routed;
  }

  const query = slashQuery(ui.composer.text);
  if (query !== undefined) {
    const routed = menuKey(ui, key, query);
    if (routed) return routed;
  }

  if (key.type === "ctrl" && key.letter === "c") return ctrlC(ui, ctx);
  // Any other key disarms the double Ctrl+C.
  const { quitArmedUntil: _q, ...base } = ui;
  if (key.type === "key" && key.name === "escape") {
    return { ui: base, effects: ctx.taskRunning ? [{ type: "interrupt" }] : [] };
  }
  if (key.type === "ctrl" && key.letter === "d") {
    if (ui.composer.text === "") return { ui: base, effects: [{ type: "quit" }] };
    return { ui: { ...base, composer: composer.deleteForward(ui.composer) }, effects: [] };
  }
  if (key.type === "key" && key.name === "enter") return sendKey(base);
  if (key.type === "key" && key.name === "backtab") return { ui: base, effects: [{ type: "cycle_mode" }] };

  const edited = editComposer(ui.composer, key);
  if (!edited) return { ui: base, effects: [] };
  const menuSelected = edited.text === ui.composer.text ? ui.menuSelected : 0;
  return { ui: { ...base, composer: edited, menuSelected }, effects: [] };
}
