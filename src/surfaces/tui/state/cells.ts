// The TUI's history cells: plain data made from engine events. Finished cells are printed once into the
// terminal's scrollback; the ones still changing (a streaming answer, a running command) live below them.
import type {
  FileChange,
  PlanStep,
  SubagentStatus,
  SubagentToolName,
} from "../../../protocol/core-protocol.js";
import type {
  AskForApproval,
  ReasoningEffort,
  ReviewDecision,
  SandboxPolicy,
} from "../../../protocol/policies.js";

export interface ExecRun {
  callId: string;
  command: string[];
  cwd: string;
  /** Epoch ms when the command started (for the elapsed time while it runs). */
  startedAt: number;
  /** The end of what the command printed so far (bounded; see exec-output.ts). */
  output: string;
  status: "running" | "succeeded" | "failed" | "interrupted";
  exitCode?: number;
  durationMs?: number;
  /** Set when a subagent ran it (a call the user approved): who, as `subagent 2 "alpha"`. */
  agentLabel?: string;
}

export interface PatchRun {
  callId: string;
  changes: Record<string, FileChange>;
  /** Where paths are shown relative to. */
  cwd: string;
  status: "applying" | "applied" | "failed";
  /** The tool's error when it failed. */
  error?: string;
  /** Set when a subagent applied it: who, as `subagent 2 "alpha"`. */
  agentLabel?: string;
}

/** An agent a subagent tool call was about, as the call left it. */
export interface SubagentCallAgentView {
  agentId: number;
  /** `subagent 2 "alpha"` (the name from the latest lifecycle summary), or `subagent 2`. */
  label: string;
  status: SubagentStatus;
  /** Its final message (await), or why it failed. */
  message?: string;
}

/** A subagent tool call of the root agent: live while it runs (`running`), then a history cell. */
export interface SubagentCallRun {
  callId: string;
  tool: SubagentToolName;
  status: "running" | "succeeded" | "failed";
  /** Epoch ms when it began (the elapsed time of a long await). */
  startedAt: number;
  agents: SubagentCallAgentView[];
  /** The task of a spawn, the message of a send. */
  prompt?: string;
  model?: string;
  /** The error the model read, when the call failed. */
  error?: string;
}

export interface SessionInfo {
  threadId: string;
  model: string;
  effort?: ReasoningEffort;
  providerId: string;
  cwd: string;
  approvalPolicy: AskForApproval;
  sandboxPolicy: SandboxPolicy;
  /** The thread's rollout file (what /fork copies). */
  rolloutPath?: string;
}

/** A cell without its id; the reducer numbers cells as it commits them (the keys of `<Static>`). */
export type NewCell =
  | { kind: "session_header"; version: string; session: SessionInfo }
  | { kind: "user"; text: string }
  /** `continued`: a later part of an answer whose start is already in the scrollback (no bullet). */
  | { kind: "agent"; markdown: string; continued?: boolean }
  | { kind: "reasoning"; text: string }
  | { kind: "exec"; run: ExecRun }
  | { kind: "patch"; run: PatchRun }
  | { kind: "plan"; explanation?: string; steps: PlanStep[] }
  /** Plan mode's proposed plan (the `<proposed_plan>` block), as Markdown. */
  | { kind: "proposed_plan"; markdown: string }
  | { kind: "notice"; level: "error" | "warning" | "info"; text: string }
  /**
   * `action` completes "codex-ts to ...": "run ls -la", "apply changes to 2 files". `actor` replaces
   * "codex-ts" when a subagent asked (`subagent 2 "alpha"`).
   */
  | { kind: "approval_decision"; action: string; decision: ReviewDecision; actor?: string }
  | { kind: "status_card"; title: string; rows: Array<[label: string, value: string]> }
  /** What the user answered to the model's questions (`request_user_input`). */
  | { kind: "user_answers"; answers: Array<{ question: string; answer: string }> }
  /** A subagent tool call of the root agent, once it ended. */
  | { kind: "subagent_call"; call: SubagentCallRun };

export type HistoryCell = NewCell & { id: number };

export type CellOf<K extends NewCell["kind"]> = Extract<HistoryCell, { kind: K }>;
