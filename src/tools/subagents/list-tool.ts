// `subagent_list`: the caller's subagents (and theirs) with their status.
import { z } from "zod";
import type { AgentScope } from "../../core/subagents/agent-scope.js";
import { defineTool, type FunctionTool } from "../../core/tool-api/define-tool.js";
import { announcedCall } from "./call-events.js";
import { jsonOutput } from "./tool-output.js";

export const SubagentListParams = z.object({});
export type SubagentListArgs = z.infer<typeof SubagentListParams>;

const DESCRIPTION =
  "Lists your subagents (and theirs): id, parent, name, status (running, waiting for approval, idle, " +
  "completed, failed), what each is thinking about, and how many messages wait in its inbox.";

export function subagentListTool(scope: AgentScope): FunctionTool<SubagentListArgs> {
  return defineTool({
    name: "subagent_list",
    description: DESCRIPTION,
    parameters: SubagentListParams,
    isMutating: false,
    handle: (_args, ctx) =>
      announcedCall(ctx, scope, { tool: "list", targets: [] }, async () => {
        const agents = await Promise.resolve(scope.list());
        const output = jsonOutput({
          agents: agents.map((s) => ({
            agent_id: s.agent_id,
            parent_agent_id: s.parent_agent_id,
            ...(s.name ? { name: s.name } : {}),
            status: s.status,
            ...(s.reasoning_header ? { reasoning_header: s.reasoning_header } : {}),
            pending_messages: s.pending_messages,
            pending_interrupts: s.pending_interrupts,
            ...(s.model ? { model: s.model } : {}),
            session_id: s.session_id,
          })),
        });
        return {
          result: output,
          agents: agents.map((s) => ({ agent_id: s.agent_id, session_id: s.session_id, status: s.status })),
        };
      }),
  });
}
