// The engine's `auto_review` events -> item/autoApprovalReview/started and /completed, with every key of
// Codex 0.169's payload (nullable ones as null). codex-ts's reviewer judges no user authorization level.
import { quote } from "shell-quote";
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import type { OutputBuffer } from "./mapper-output.js";

const STATUS = {
  in_progress: "inProgress",
  approved: "approved",
  denied: "denied",
  aborted: "aborted",
} as const;

export function autoReviewNotification(out: OutputBuffer, msg: EventMsgOf<"auto_review">): void {
  const action =
    msg.action.type === "command"
      ? {
          type: "command" as const,
          source: "shell" as const,
          command: quote(msg.action.command),
          cwd: msg.action.cwd,
        }
      : { type: "applyPatch" as const, cwd: msg.action.cwd, files: msg.action.files };
  const params = {
    threadId: out.threadId,
    turnId: msg.turn_id ?? out.turnId,
    reviewId: msg.id,
    targetItemId: msg.target_item_id,
    startedAtMs: msg.started_at_ms,
    review: {
      status: STATUS[msg.status],
      riskLevel: msg.risk_level,
      userAuthorization: null,
      rationale: msg.rationale,
    },
    action,
  };
  if (msg.status === "in_progress") {
    return out.notify({ method: "item/autoApprovalReview/started", params });
  }
  out.notify({
    method: "item/autoApprovalReview/completed",
    params: { ...params, completedAtMs: msg.completed_at_ms ?? out.now(), decisionSource: "agent" },
  });
}
