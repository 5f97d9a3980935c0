// update_plan: the model keeps a checklist for multi-step work; clients show it (exec: a todo_list item).
import { z } from "zod";
import { PlanStep } from "../protocol/core-protocol.js";
import { defineTool } from "../core/tool-api/define-tool.js";

export const PLAN_MODE_UPDATE_PLAN_ERROR =
  "update_plan is not available in plan mode; write the plan in a <proposed_plan> block";

export const updatePlanTool = defineTool({
  name: "update_plan",
  description:
    "Updates the task plan: a short list of steps, each pending, in_progress or completed. " +
    "Keep exactly one step in_progress while working; mark steps completed as you finish them.",
  parameters: z.object({
    explanation: z.string().optional().describe("Why the plan changed, in a sentence."),
    plan: z.array(PlanStep).describe("The whole plan, in order."),
  }),
  isMutating: false,
  handle(args, ctx) {
    if (ctx.collaborationMode === "plan")
      return Promise.resolve({ output: PLAN_MODE_UPDATE_PLAN_ERROR, success: false });
    ctx.emit({ type: "plan_update", explanation: args.explanation ?? null, plan: args.plan });
    return Promise.resolve({ output: "Plan updated", success: true });
  },
});
