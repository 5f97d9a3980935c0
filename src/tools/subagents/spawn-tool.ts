// `subagent_spawn`: starts a child agent on a task, as a new thread or a fork of this conversation.
import { z } from "zod";
import type { AgentScope } from "../../core/subagents/agent-scope.js";
import { describeRoles } from "../../core/subagents/roles.js";
import { defineTool, type FunctionTool } from "../../core/tool-api/define-tool.js";
import { announcedCall } from "./call-events.js";
import { jsonOutput } from "./tool-output.js";

export const SubagentSpawnParams = z.object({
  task: z.string().min(1).describe("What the subagent should do: a complete, self-contained instruction."),
  name: z.string().optional().describe("A short name for the subagent, shown in lists and logs."),
  model: z.string().optional().describe("Model for the subagent (default: yours)."),
  fork_context: z
    .boolean()
    .optional()
    .describe(
      "Start the subagent from a copy of this conversation so far (it knows everything you know) " +
        "instead of an empty one. Default false.",
    ),
});
export type SubagentSpawnArgs = z.infer<typeof SubagentSpawnParams> & { agent_type?: string };

/** With roles configured (`[agents]`), the spawn names one; the parameter's description lists them. */
function paramsFor(scope: AgentScope): z.ZodType<SubagentSpawnArgs> {
  if (!scope.roles) return SubagentSpawnParams;
  return SubagentSpawnParams.extend({
    agent_type: z.string().optional().describe(describeRoles(scope.roles)),
  });
}

const DESCRIPTION =
  "Spawns a subagent: another agent with the same tools, working on `task` concurrently with you in its " +
  "own thread. Returns at once with its agent_id. Use it for independent pieces of work that can run in " +
  "parallel. Collect results with subagent_await; check progress with subagent_logs; steer it with " +
  "subagent_send; stop it with subagent_cancel.";

export function subagentSpawnTool(scope: AgentScope): FunctionTool<SubagentSpawnArgs> {
  return defineTool({
    name: "subagent_spawn",
    description: DESCRIPTION,
    parameters: paramsFor(scope),
    isMutating: true,
    handle: (args, ctx) =>
      announcedCall(
        ctx,
        scope,
        { tool: "spawn", targets: [], prompt: args.task, ...(args.model ? { model: args.model } : {}) },
        async () => {
          const spawned = await scope.spawn(
            {
              task: args.task,
              ...(args.name ? { name: args.name } : {}),
              ...(args.model ? { model: args.model } : {}),
              ...(args.agent_type ? { agentType: args.agent_type } : {}),
              forkContext: args.fork_context ?? false,
            },
            {
              callId: ctx.callId,
              cwd: ctx.cwd,
              approvalPolicy: ctx.approvalPolicy,
              sandboxPolicy: ctx.sandboxPolicy,
              signal: ctx.signal,
            },
          );
          return {
            result: jsonOutput({ agent_id: spawned.agentId, session_id: spawned.sessionId }),
            agents: [
              scope.describe(spawned.agentId) ?? {
                agent_id: spawned.agentId,
                session_id: spawned.sessionId,
                status: "running",
              },
            ],
          };
        },
      ),
  });
}
