// The approvals reviewer's event, part of core-protocol.ts's EventMsg (and of what a subagent forwards).
import { z } from "zod";
import { ev } from "./event-parts.js";
import { lazySchema } from "./lazy-schema.js";

/**
 * `approvals_reviewer = "auto_review"`: a review of an approval request began (`in_progress`) or ended
 * with its decision (`timed_out`: the reviewer did not answer in time); `id` names the review,
 * `target_item_id` the tool call it is about. The action is Codex's core shape (snake_case), but a
 * command stays an argv.
 */
export const AutoReviewEvent = lazySchema(() =>
  ev("auto_review", {
    id: z.string(),
    target_item_id: z.string().nullable(),
    turn_id: z.string().nullish(),
    status: z.enum(["in_progress", "approved", "denied", "timed_out", "aborted"]),
    risk_level: z.enum(["low", "medium", "high", "critical"]).nullable(),
    /** How clearly the user authorized the action, as the reviewer judged it (null until it has). */
    user_authorization: z.enum(["unknown", "low", "medium", "high"]).nullish(),
    rationale: z.string().nullable(),
    action: z.discriminatedUnion("type", [
      z.object({
        type: z.literal("command"),
        /** Codex's GuardianCommandSource: `shell`, or `unified_exec` for `exec_command`. */
        source: z.enum(["shell", "unified_exec"]).default("shell"),
        command: z.array(z.string()),
        cwd: z.string(),
      }),
      z.object({ type: z.literal("apply_patch"), cwd: z.string(), files: z.array(z.string()) }),
      z.object({
        type: z.literal("mcp_tool_call"),
        server: z.string(),
        tool_name: z.string(),
        connector_id: z.string().nullable(),
        connector_name: z.string().nullable(),
        tool_title: z.string().nullable(),
      }),
    ]),
    started_at_ms: z.number().int(),
    completed_at_ms: z.number().int().nullish(),
  }),
);
