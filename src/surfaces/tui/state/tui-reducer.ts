// The TUI's reducer: engine events (see engine-events.ts) and what the user did locally.
import type { Event, UserInputAnswers } from "../../../protocol/core-protocol.js";
import type {
  AskForApproval,
  CollaborationModeKind,
  ReasoningEffort,
  ReviewDecision,
  SandboxPolicy,
} from "../../../protocol/policies.js";
import type { ReplayedTurn } from "../../../rollout/replay.js";
import { skillsReport } from "../slash/skills-report.js";
import type { NewCell } from "./cells.js";
import { displayCommand } from "./display-command.js";
import { printCells } from "./commit.js";
import { commit, reduceEngineEvent } from "./engine-events.js";
import { initialTuiState, type TuiState } from "./tui-state.js";

export type TuiAction =
  /** `replayed`: with `session_configured`, the thread's earlier turns (shown before anything after it). */
  | { type: "engine_event"; event: Event; now: number; replayed?: readonly ReplayedTurn[] }
  /** Events that arrived together (a burst of stream deltas): one state change, one frame. */
  | { type: "engine_events"; events: Event[]; now: number; replayed?: readonly ReplayedTurn[] }
  | { type: "add_cell"; cell: NewCell }
  | { type: "approval_decided"; callId: string; decision: ReviewDecision }
  | { type: "user_input_answered"; callId: string; answers: UserInputAnswers }
  | { type: "interrupt_requested" }
  | {
      type: "turn_context_overridden";
      model?: string;
      effort?: ReasoningEffort | null;
      approvalPolicy?: AskForApproval;
      sandboxPolicy?: SandboxPolicy;
    }
  /** Shift+Tab: the mode of the next turns. */
  | { type: "collaboration_mode_set"; mode: CollaborationModeKind }
  /** "Implement this plan?" was answered. */
  | { type: "plan_prompt_closed" }
  /** Prints the next cells waiting in `pendingHistory`. */
  | { type: "history_batch"; count: number }
  /** `/new`, `/resume`, `/fork`: the next session_configured starts another thread; what was printed stays. */
  | { type: "session_reset" }
  /** The skills are being listed again: `list_skills` with `force_reload` was sent as submission `id`. */
  | { type: "skills_reload_requested"; id: string }
  /** `/skills`: the card now, or once a reload in flight has answered. */
  | { type: "skills_report_requested" };

/** Cells printed per batch when a long history is shown (a resumed thread, a rollback). */
export const HISTORY_BATCH = 20;

function decide(state: TuiState, callId: string, decision: ReviewDecision): TuiState {
  const request = state.approvals.find((a) => a.callId === callId);
  if (!request) return state;
  const rest = { ...state, approvals: state.approvals.filter((a) => a.callId !== callId) };
  let action: string;
  if (request.kind === "exec") {
    action = `run ${displayCommand(request.command)}`;
  } else {
    const files = Object.keys(request.changes).length;
    action = `apply changes to ${files} file${files === 1 ? "" : "s"}`;
  }
  const actor = request.agentLabel ? { actor: request.agentLabel } : {};
  return commit(rest, { kind: "approval_decision", action, decision, ...actor });
}

function answered(state: TuiState, callId: string, answers: UserInputAnswers): TuiState {
  const request = state.userInputs.find((r) => r.callId === callId);
  if (!request) return state;
  const rest = { ...state, userInputs: state.userInputs.filter((r) => r.callId !== callId) };
  return commit(rest, {
    kind: "user_answers",
    answers: request.questions.map((q) => {
      const given = answers[q.id];
      const labels = (given?.selected ?? []).map((v) => q.options?.find((o) => o.value === v)?.label ?? v);
      return {
        question: q.question,
        answer: [...labels, ...(given?.other ? [given.other] : [])].join(", ") || "(no answer)",
      };
    }),
  });
}

export function tuiReducer(state: TuiState, action: TuiAction): TuiState {
  switch (action.type) {
    case "engine_event":
      return reduceEngineEvent(state, action.event, action.now, action.replayed);
    case "engine_events":
      return action.events.reduce(
        (s, event) => reduceEngineEvent(s, event, action.now, action.replayed),
        state,
      );
    case "add_cell":
      return commit(state, action.cell);
    case "approval_decided":
      return decide(state, action.callId, action.decision);
    case "user_input_answered":
      return answered(state, action.callId, action.answers);
    case "interrupt_requested":
      return state.task ? { ...state, task: { ...state.task, interruptRequested: true } } : state;
    case "turn_context_overridden": {
      if (!state.session) return state;
      const session = { ...state.session };
      if (action.model !== undefined) session.model = action.model;
      if (action.effort === null) delete session.effort;
      else if (action.effort !== undefined) session.effort = action.effort;
      if (action.approvalPolicy !== undefined) session.approvalPolicy = action.approvalPolicy;
      if (action.sandboxPolicy !== undefined) session.sandboxPolicy = action.sandboxPolicy;
      return { ...state, session };
    }
    case "collaboration_mode_set":
      return { ...state, collaborationMode: action.mode };
    case "plan_prompt_closed": {
      const { askImplementPlan: _a, ...rest } = state;
      return rest;
    }
    case "history_batch": {
      if (state.pendingHistory.length === 0) return state;
      const batch = state.pendingHistory.slice(0, action.count);
      return printCells({ ...state, pendingHistory: state.pendingHistory.slice(action.count) }, batch);
    }
    case "skills_reload_requested":
      return { ...state, skillsReload: { id: action.id, report: state.skillsReload?.report ?? false } };
    case "skills_report_requested":
      return state.skillsReload
        ? { ...state, skillsReload: { ...state.skillsReload, report: true } }
        : commit(state, skillsReport(state));
    case "session_reset": {
      const fresh = initialTuiState({
        ...(state.contextWindow !== undefined ? { contextWindow: state.contextWindow } : {}),
        collaborationMode: state.collaborationMode,
      });
      return {
        ...fresh,
        history: state.history,
        nextCellId: state.nextCellId,
        pendingHistory: state.pendingHistory,
        historyEpoch: state.historyEpoch,
        ...(state.skills ? { skills: state.skills } : {}),
      };
    }
  }
}
