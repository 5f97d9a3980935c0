// Everything the TUI shows, as one immutable value. `history` only grows: `<Static>` prints each new cell
// once and remembers how many it printed, so cells are never removed or reordered. The one exception is a
// rollback: the screen is cleared, `historyEpoch` moves on (a fresh `<Static>`), and what is kept is printed
// again from `pendingHistory`.
import type {
  FileChange,
  SkillMetadata,
  SubagentSummary,
  TokenUsage,
  UserInputQuestion,
} from "../../../protocol/core-protocol.js";
import type { CollaborationModeKind } from "../../../protocol/policies.js";
import type { ExecRun, HistoryCell, NewCell, PatchRun, SessionInfo, SubagentCallRun } from "./cells.js";

/** Who asks, when a subagent does: its id and `subagent 2 "alpha"` (absent for the root agent). */
interface ApprovalAsker {
  agentId?: number;
  agentLabel?: string;
}

export type PendingApproval =
  | ({
      kind: "exec";
      callId: string;
      command: string[];
      cwd: string;
      reason?: string;
      /** The command prefix "p" allows for good (an allow rule in the user's rules file). */
      proposedAmendment?: string[];
    } & ApprovalAsker)
  | ({
      kind: "patch";
      callId: string;
      changes: Record<string, FileChange>;
      cwd: string;
      reason?: string;
      grantRoot?: string;
    } & ApprovalAsker);

/** Questions the model asked (`request_user_input`), waiting for the user's answers. */
export interface PendingUserInput {
  callId: string;
  questions: UserInputQuestion[];
}

export interface RunningTask {
  /** The submission id the task's events carry. */
  subId: string;
  startedAt: number;
  /** Set when the user asked to interrupt; a command ending after that is shown as interrupted. */
  interruptRequested: boolean;
  /** Set when the task produced a proposed plan (plan mode): its end asks "Implement this plan?". */
  planProduced?: boolean;
}

export interface TokenInfo {
  total: TokenUsage;
  last: TokenUsage;
  contextWindow?: number;
}

export interface TuiState {
  history: HistoryCell[];
  nextCellId: number;
  /** The agent message being streamed (deltas so far). */
  agentStream?: string;
  /** Characters of the streaming answer already committed to the history (agent-stream.ts). */
  agentCommitted?: number;
  /** The reasoning summary being streamed. */
  reasoningStream?: string;
  /** `hide_agent_reasoning = true` in config: reasoning summaries are not shown. */
  hideReasoning: boolean;
  execs: ExecRun[];
  patches: PatchRun[];
  /** Requests waiting for the user, oldest first; the overlay shows the first. */
  approvals: PendingApproval[];
  /** Questions from the model (`request_user_input`) waiting for answers, oldest first. */
  userInputs: PendingUserInput[];
  session?: SessionInfo;
  task?: RunningTask;
  tokens?: TokenInfo;
  /** Known before the first token count (from the config or task_started). */
  contextWindow?: number;
  collaborationMode: CollaborationModeKind;
  /** The proposed plan being streamed (plan mode). */
  planStream?: string;
  /** A turn ended with a proposed plan: ask whether to implement it. */
  askImplementPlan?: boolean;
  /** Cells waiting to be printed (a resumed thread's history, or what a rollback kept), in batches. */
  pendingHistory: NewCell[];
  /** Bumped when the printed history is replaced (rollback): the view prints it again from the top. */
  historyEpoch: number;
  /** Skills of the session's directory (`list_skills`), for `$` completion and `/skills`. */
  skills?: SkillMetadata[];
  /**
   * A reload of `skills` was asked (a plugin was added or removed) and its answer, the `list_skills_response`
   * of submission `id`, has not arrived (an earlier, stale answer may come first); `report` when `/skills` was
   * run meanwhile, so the card shows the new list once it does.
   */
  skillsReload?: { id: string; report: boolean };
  /** The latest `subagent_lifecycle` summary of every subagent seen, by agent id (cancelled ones too). */
  subagents: SubagentSummary[];
  /** The root agent's subagent tool calls still running (an await can last minutes). */
  subagentCalls: SubagentCallRun[];
  /** Calls of subagents the user was asked about: their items show here, labelled (others do not). */
  askedChildCalls: string[];
}

export function initialTuiState(
  options: {
    contextWindow?: number;
    collaborationMode?: CollaborationModeKind;
    hideReasoning?: boolean;
  } = {},
): TuiState {
  return {
    history: [],
    hideReasoning: options.hideReasoning ?? false,
    nextCellId: 1,
    execs: [],
    patches: [],
    approvals: [],
    userInputs: [],
    collaborationMode: options.collaborationMode ?? "default",
    pendingHistory: [],
    historyEpoch: 0,
    subagents: [],
    subagentCalls: [],
    askedChildCalls: [],
    ...(options.contextWindow !== undefined ? { contextWindow: options.contextWindow } : {}),
  };
}
