// `subagent_cancel`: stops a subagent (and its own subagents) for good and detaches it.
import { z } from "zod";
import type { AgentScope } from "../../core/subagents/agent-scope.js";
import { defineTool, type FunctionTool } from "../../core/tool-api/define-tool.js";
import { announcedCall } from "./call-events.js";
import { jsonOutput } from "./tool-output.js";

export const SubagentCancelParams = z.object({
  agent_id: z.number().int().min(1).describe("The subagent to cancel."),
});
export type SubagentCancelArgs = z.infer<typeof SubagentCancelParams>;

const DESCRIPTION =
  "Cancels a subagent: its running turn and commands are stopped, its own subagents are cancelled too, " +
  "and it no longer counts against the subagent limit. It cannot be resumed. Its work so far stays on disk.";

export function subagentCancelTool(scope: AgentScope): FunctionTool<SubagentCancelArgs> {
  return defineTool({
    name: "subagent_cancel",
    description: DESCRIPTION,
    parameters: SubagentCancelParams,
    isMutating: true,
    handle: (args, ctx) =>
      announcedCall(ctx, scope, { tool: "cancel", targets: [args.agent_id] }, async () => {
        const cancelled = await scope.cancel(args.agent_id);
        return {
          result: jsonOutput({ cancelled: cancelled.map((s) => s.agent_id) }),
          agents: cancelled.map((s) => ({
            agent_id: s.agent_id,
            session_id: s.session_id,
            status: s.status,
          })),
        };
      }),
  });
}
