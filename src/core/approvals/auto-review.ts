// `approvals_reviewer = "auto_review"`: an approval request (a command to run outside the sandbox, a patch
// to write, a call to an MCP tool marked destructive) is judged by a model call (review-call.ts) instead
// of the user. The review shows as an `auto_review` event when it starts and when it ends (the
// app-server's item/autoApprovalReview/*), and its decision as a warning for the surfaces that have no
// place for reviews. A review that outlasts Codex's limit (90 s) ends as timed out: the action is not
// taken, and the model is told the timeout says nothing about the action's safety.
import type { FileChange, KnownEventMsg } from "../../protocol/core-protocol.js";
import { uuidv7 } from "../ids.js";
import type { ApprovalAnswer } from "./decisions.js";
import { assess, type Assessment, type ReviewCallOptions } from "./review-call.js";

export type ReviewedAction =
  | { kind: "command"; command: string[]; cwd: string; reason?: string; source?: "unified_exec" }
  | { kind: "patch"; changes: Record<string, FileChange>; reason?: string }
  | {
      kind: "mcp";
      server: string;
      tool: string;
      arguments: Record<string, unknown>;
      title?: string;
      description?: string;
      annotations?: Record<string, unknown>;
      connectorId?: string;
      connectorName?: string;
    };

/** An MCP tool call to review: what the reviewer and the review event name of it. */
export type McpReviewRequest = Omit<Extract<ReviewedAction, { kind: "mcp" }>, "kind">;

/** Codex's limit on one review. */
export const AUTO_REVIEW_TIMEOUT_MS = 90_000;
/** For tests only: another limit, in milliseconds (no config key: Codex has none). */
export const AUTO_REVIEW_TIMEOUT_ENV = "CODEX_TS_AUTO_REVIEW_TIMEOUT_MS";

export function autoReviewTimeoutMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env[AUTO_REVIEW_TIMEOUT_ENV]);
  return Number.isFinite(value) && value > 0 ? value : AUTO_REVIEW_TIMEOUT_MS;
}

export const TIMED_OUT_RATIONALE =
  "Automatic approval review timed out while evaluating the requested approval.";
/** What the model is told of a timed-out review (Codex's words). */
export const TIMED_OUT_MESSAGE =
  "The automatic permission approval review did not finish before its deadline. Do not assume the action is unsafe based on the timeout alone. You may retry once, or ask the user for guidance or explicit approval.";

/** Codex's instructions to the model after a denial. */
const REJECTION_INSTRUCTIONS =
  "The agent must not attempt to achieve the same outcome via workaround, indirect execution, or policy circumvention. Proceed only with a materially safer alternative, or if the user explicitly approves the action after being informed of the risk. Otherwise, stop and request user input.";

/** What the model reads of a denial (Codex's words). */
export function rejectionMessage(assessment: Assessment): string {
  const lead = assessment.failed
    ? "Automatic approval review could not complete, so this action was blocked."
    : "This action was rejected due to unacceptable risk.";
  return `${lead}\nReason: ${assessment.rationale.trim()}\n${REJECTION_INSTRUCTIONS}`;
}

type AutoReviewEvent = Extract<KnownEventMsg, { type: "auto_review" }>;

export interface AutoReviewOptions extends Omit<ReviewCallOptions, "signal"> {
  emit: (msg: KnownEventMsg) => void;
  callId: string;
  /** The user's interrupt. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Told whether the review ended in a denial (a failed or timed-out review is not one). */
  onOutcome?: (denied: boolean, reviewId: string) => void;
}

/** The action as the reviewer reads it (Codex's planned-action JSON). */
function plannedAction(action: ReviewedAction, cwd: string): Record<string, unknown> {
  switch (action.kind) {
    case "command":
      return {
        tool: action.source === "unified_exec" ? "exec_command" : "shell",
        command: action.command,
        cwd: action.cwd,
        ...(action.reason ? { justification: action.reason } : {}),
      };
    case "patch":
      return {
        tool: "apply_patch",
        cwd,
        files: Object.keys(action.changes),
        changes: action.changes,
        ...(action.reason ? { justification: action.reason } : {}),
      };
    case "mcp":
      return {
        tool: "mcp_tool_call",
        server: action.server,
        tool_name: action.tool,
        arguments: action.arguments,
        ...(action.title ? { tool_title: action.title } : {}),
        ...(action.description ? { tool_description: action.description } : {}),
        ...(action.annotations ? { annotations: action.annotations } : {}),
        ...(action.connectorId ? { connector_id: action.connectorId } : {}),
        ...(action.connectorName ? { connector_name: action.connectorName } : {}),
      };
  }
}

/** The action as the review event names it (Codex's core shape). */
function eventAction(action: ReviewedAction, cwd: string): AutoReviewEvent["action"] {
  switch (action.kind) {
    case "command":
      return {
        type: "command",
        source: action.source ?? "shell",
        command: action.command,
        cwd: action.cwd,
      };
    case "patch":
      return { type: "apply_patch", cwd, files: Object.keys(action.changes) };
    case "mcp":
      return {
        type: "mcp_tool_call",
        server: action.server,
        tool_name: action.tool,
        connector_id: action.connectorId ?? null,
        connector_name: action.connectorName ?? null,
        tool_title: action.title ?? null,
      };
  }
}

/** Reviews, tells the user what was decided, and answers as the user would have. */
export async function autoReviewDecision(
  action: ReviewedAction,
  options: AutoReviewOptions,
): Promise<ApprovalAnswer> {
  const started: AutoReviewEvent = {
    type: "auto_review",
    id: uuidv7(),
    target_item_id: options.callId,
    status: "in_progress",
    risk_level: null,
    user_authorization: null,
    rationale: null,
    action: eventAction(action, options.turn.cwd),
    started_at_ms: Date.now(),
  };
  options.emit(started);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let assessment: Assessment;
  try {
    assessment = await assess(plannedAction(action, options.turn.cwd), {
      ...options,
      signal: AbortSignal.any([options.signal, deadline]),
    });
  } catch (err) {
    if (options.signal.aborted || !deadline.aborted) {
      options.emit({ ...started, status: "aborted", completed_at_ms: Date.now() });
      throw err;
    }
    // As Codex: a warning, then the review ends as timed out; the action is declined.
    options.emit({ type: "warning", message: TIMED_OUT_RATIONALE, auto_review_id: started.id });
    options.emit({
      ...started,
      status: "timed_out",
      rationale: TIMED_OUT_RATIONALE,
      completed_at_ms: Date.now(),
    });
    options.onOutcome?.(false, started.id);
    return { decision: "denied", message: TIMED_OUT_MESSAGE };
  }
  const approved = assessment.outcome === "allow";
  // Codex's words (the action itself shows as its own item), told before the review completes, as Codex.
  options.emit({
    type: "warning",
    message:
      `Automatic approval review ${approved ? "approved" : "denied"} ` +
      `(risk: ${assessment.riskLevel}, authorization: ${assessment.userAuthorization}): ${assessment.rationale}`,
    auto_review_id: started.id,
  });
  options.emit({
    ...started,
    status: approved ? "approved" : "denied",
    risk_level: assessment.riskLevel,
    user_authorization: assessment.userAuthorization,
    rationale: assessment.rationale,
    completed_at_ms: Date.now(),
  });
  options.onOutcome?.(!approved && !assessment.failed, started.id);
  if (approved) return "approved";
  return { decision: "denied", message: rejectionMessage(assessment) };
}
