// What the key router works on and what it asks for: the TUI's own UI state beside the engine's, the
// effects a key has, and what it needs to know of the screen. Its own file so that the router's helpers
// (completion-keys.ts) name these types without importing the router.
import type { UserInputAnswers } from "../../../protocol/core-protocol.js";
import type { ReasoningEffort, ReviewDecision } from "../../../protocol/policies.js";
import type * as composer from "../composer/composer-state.js";
import type { Completion } from "../composer/completions.js";
import type { ApprovalPreset } from "../slash/approval-presets.js";
import type { PendingApproval, PendingUserInput } from "../state/tui-state.js";
import type { Popup } from "./popups.js";
import type { FormState } from "./user-input-form.js";

export interface UiState {
  composer: composer.ComposerState;
  popup?: Popup;
  /** Progress through the model's questions on screen. */
  form?: FormState;
  /** The highlighted entry of the `/` menu, or of the `@` / `$` completions. */
  menuSelected: number;
  /** The composer text for which the user closed the completions (Esc); they stay closed until it changes. */
  completionDismissed?: string;
  /** A second Ctrl+C before this time quits. */
  quitArmedUntil?: number;
  /** The highlighted answer of "Implement this plan?". */
  planSelected?: number;
}

export type Effect =
  | { type: "send"; text: string }
  | { type: "slash"; name: string; args: string }
  | { type: "interrupt" }
  | { type: "quit" }
  | { type: "decide"; approval: PendingApproval; decision: ReviewDecision; amendment?: string[] }
  | { type: "answer"; callId: string; answers: UserInputAnswers }
  | { type: "set_model"; model: string; effort: ReasoningEffort | undefined }
  | { type: "set_approvals"; preset: ApprovalPreset }
  | { type: "resume_thread"; path: string }
  /** Shift+Tab: the next collaboration mode. */
  | { type: "cycle_mode" }
  | { type: "implement_plan"; implement: boolean }
  /** Tab or Enter before the `@` query's matches are known: the key waits for them (app/held-keys.ts). */
  | { type: "await_matches"; query: string };

export interface KeyContext {
  now: number;
  taskRunning: boolean;
  /** The approval request on screen, if any. */
  approval?: PendingApproval;
  /** The model's questions on screen, if any (after approvals). */
  userInput?: PendingUserInput;
  /** Completions for the `@` / `$` word at the cursor, if any. */
  completion?: Completion;
  /** "Implement this plan?" is on screen (after approvals and questions). */
  planPrompt?: boolean;
  /** Rows one page of the pager shows. */
  pageRows: number;
  currentEffort?: string;
}
