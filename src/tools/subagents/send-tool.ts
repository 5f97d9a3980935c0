// `subagent_send`: a message into a child's inbox (its next turn, or with `interrupt` right now), or, from
// a subagent, to its parent.
import { z } from "zod";
import type { AgentScope } from "../../core/subagents/agent-scope.js";
import { defineTool, type FunctionTool } from "../../core/tool-api/define-tool.js";
import { announcedCall } from "./call-events.js";
import { jsonOutput } from "./tool-output.js";

export const SubagentSendParams = z.object({
  agent_id: z
    .number()
    .int()
    .min(0)
    .describe("The subagent to write to (or your parent's id, from a subagent)."),
  message: z.string().min(1).describe("The message."),
  interrupt: z
    .boolean()
    .optional()
    .describe(
      "Interrupt the subagent's current turn and have it start over with this message. Default false: the " +
        "message waits until its current turn ends.",
    ),
});
export type SubagentSendArgs = z.infer<typeof SubagentSendParams>;

const DESCRIPTION =
  "Sends a message to one of your subagents. It becomes the subagent's next input: at once if it is idle " +
  "or finished, after its current turn otherwise, or right now with interrupt: true (its current turn is " +
  "stopped). A subagent that was stopped when the session restarted is resumed. A subagent can also send " +
  "to its parent (the parent reads it with subagent_await).";

export function subagentSendTool(scope: AgentScope): FunctionTool<SubagentSendArgs> {
  return defineTool({
    name: "subagent_send",
    description: DESCRIPTION,
    parameters: SubagentSendParams,
    isMutating: true,
    handle: (args, ctx) =>
      announcedCall(
        ctx,
        scope,
        { tool: "send", targets: [args.agent_id], prompt: args.message },
        async () => {
          const sent = await scope.send(args.agent_id, args.message, args.interrupt ?? false);
          const output = jsonOutput({
            agent_id: args.agent_id,
            delivery: sent.delivery,
            ...(sent.delivery === "queued" ? { pending_messages: sent.pendingMessages } : {}),
          });
          return { result: output };
        },
      ),
  });
}
