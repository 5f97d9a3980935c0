// The engine's `auto_review` events -> item/autoApprovalReview/started and /completed, with every key of
// Codex 0.169's payload (nullable ones as null).
// A subagent's reviews go out on the subagent's own thread (its id and its turn), as Codex's do.
import { quote } from "shell-quote";
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import type { OutputBuffer } from "./mapper-output.js";

const STATUS = {
  in_progress: "inProgress",
  approved: "approved",
  denied: "denied",
  timed_out: "timedOut",
  aborted: "aborted",
} as const;

type Action = EventMsgOf<"auto_review">["action"];

function wireAction(action: Action) {
  switch (action.type) {
    case "command":
      return {
        type: "command" as const,
        source: action.source === "unified_exec" ? ("unifiedExec" as const) : ("shell" as const),
        command: quote(action.command),
        cwd: action.cwd,
      };
    case "apply_patch":
      return { type: "applyPatch" as const, cwd: action.cwd, files: action.files };
    case "mcp_tool_call":
      return {
        type: "mcpToolCall" as const,
        server: action.server,
        toolName: action.tool_name,
        connectorId: action.connector_id,
        connectorName: action.connector_name,
        toolTitle: action.tool_title,
      };
  }
}

/** `scope`: the thread and turn the review belongs to (default: the mapper's own). */
export function autoReviewNotification(
  out: OutputBuffer,
  msg: EventMsgOf<"auto_review">,
  scope: { threadId: string; turnId: string } = { threadId: out.threadId, turnId: out.turnId },
): void {
  const params = {
    threadId: scope.threadId,
    turnId: msg.turn_id ?? scope.turnId,
    reviewId: msg.id,
    targetItemId: msg.target_item_id,
    startedAtMs: msg.started_at_ms,
    review: {
      status: STATUS[msg.status],
      riskLevel: msg.risk_level,
      userAuthorization: msg.user_authorization ?? null,
      rationale: msg.rationale,
    },
    action: wireAction(msg.action),
  };
  if (msg.status === "in_progress") {
    return out.notify({ method: "item/autoApprovalReview/started", params });
  }
  out.notify({
    method: "item/autoApprovalReview/completed",
    params: { ...params, completedAtMs: msg.completed_at_ms ?? out.now(), decisionSource: "agent" },
  });
}
