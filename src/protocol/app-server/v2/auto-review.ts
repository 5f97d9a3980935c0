// item/autoApprovalReview/started and /completed (Codex 0.169's ItemGuardianApprovalReview*Notification):
// an automatic review of an approval request (`approvals_reviewer = "auto_review"`) began or ended.
// codex-ts reviews shell commands, patches and MCP tool calls, so only those action shapes are produced.
import { z } from "zod";

const GuardianApprovalReview = z.object({
  status: z.enum(["inProgress", "approved", "denied", "timedOut", "aborted"]),
  riskLevel: z.enum(["low", "medium", "high", "critical"]).nullable(),
  userAuthorization: z.enum(["unknown", "low", "medium", "high"]).nullable(),
  rationale: z.string().nullable(),
});

const GuardianApprovalReviewAction = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("command"),
    source: z.enum(["shell", "unifiedExec"]),
    command: z.string(),
    cwd: z.string(),
  }),
  z.object({ type: z.literal("applyPatch"), cwd: z.string(), files: z.array(z.string()) }),
  z.object({
    type: z.literal("mcpToolCall"),
    server: z.string(),
    toolName: z.string(),
    connectorId: z.string().nullable(),
    connectorName: z.string().nullable(),
    toolTitle: z.string().nullable(),
  }),
]);

const reviewFields = {
  threadId: z.string(),
  turnId: z.string(),
  reviewId: z.string(),
  targetItemId: z.string().nullable(),
  startedAtMs: z.number().int(),
  review: GuardianApprovalReview,
  action: GuardianApprovalReviewAction,
};

export const AutoApprovalReviewStartedNotification = z.object(reviewFields);
export const AutoApprovalReviewCompletedNotification = z.object({
  ...reviewFields,
  completedAtMs: z.number().int(),
  decisionSource: z.literal("agent"),
});
