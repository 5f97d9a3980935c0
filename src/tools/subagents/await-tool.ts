// `subagent_await`: blocks until a subagent (one, or any) finishes a turn or posts a message, or until the
// timeout (5 to 30 minutes).
import { z } from "zod";
import type { AgentScope, AwaitResult } from "../../core/subagents/agent-scope.js";
import type { SubagentCallAgent } from "../../protocol/core-protocol.js";
import { defineTool, type FunctionTool } from "../../core/tool-api/define-tool.js";
import { clampAwaitTimeout } from "./await-timeout.js";
import { announcedCall } from "./call-events.js";
import { jsonOutput } from "./tool-output.js";

export const SubagentAwaitParams = z.object({
  agent_id: z.number().int().min(1).optional().describe("The subagent to wait for (default: any of yours)."),
  timeout_s: z
    .number()
    .optional()
    .describe("Longest wait in seconds: at least 300, at most 1800 (the default; 0 also means default)."),
});
export type SubagentAwaitArgs = z.infer<typeof SubagentAwaitParams>;

const DESCRIPTION =
  "Waits until one of your subagents (agent_id, or any) finishes a turn or sends you a message, and returns " +
  "what happened: final messages, messages, and which subagents are still running. Returns at once if " +
  "something already happened or none is running. timeout_s is capped at 1800 s (30 minutes, the default) " +
  "and must be at least 300 s; prefer 5-30 minute timeouts with backoff (300 s, then 600 s, then 1200 s) " +
  "so you can check on subagents (subagent_logs), report progress or send interrupts in between.";

export function subagentAwaitTool(scope: AgentScope): FunctionTool<SubagentAwaitArgs> {
  return defineTool({
    name: "subagent_await",
    description: DESCRIPTION,
    parameters: SubagentAwaitParams,
    isMutating: false,
    handle: (args, ctx) =>
      announcedCall(ctx, scope, { tool: "await", targets: awaitTargets(scope, args.agent_id) }, async () => {
        const timeout = clampAwaitTimeout(args.timeout_s);
        const result = await scope.await({
          ...(args.agent_id !== undefined ? { agentId: args.agent_id } : {}),
          timeoutMs: timeout.seconds * 1000,
          signal: ctx.signal,
        });
        return {
          result: jsonOutput({ ...awaitView(result), ...(timeout.note ? { note: timeout.note } : {}) }),
          agents: awaitedAgents(scope, result),
        };
      }),
  });
}

/** The awaited agent, or every running child of the caller (an await waits on its own children only). */
function awaitTargets(scope: AgentScope, agentId: number | undefined): number[] {
  if (agentId !== undefined) return [agentId];
  return scope
    .list()
    .filter((s) => s.parent_agent_id === scope.agentId && (s.status === "running" || s.status === "waiting"))
    .map((s) => s.agent_id);
}

/** The agents whose turns ended (with their final messages), then those still running. */
function awaitedAgents(scope: AgentScope, result: AwaitResult): SubagentCallAgent[] {
  const finished = result.outcomes.map((o) => ({
    agent_id: o.agentId,
    session_id: o.sessionId,
    status: o.status,
    message: o.message,
  }));
  // A child that finished a turn and at once started the next (its inbox had messages) is both: its
  // outcome, with its final message, is what the call is about.
  const reported = new Set(finished.map((a) => a.agent_id));
  const running = result.running.filter((id) => !reported.has(id)).flatMap((id) => scope.describe(id) ?? []);
  return [...finished, ...running].filter((a) => a.session_id !== "");
}

function awaitView(result: AwaitResult) {
  return {
    status: result.reason,
    finished: result.outcomes.map((o) => ({
      agent_id: o.agentId,
      ...(o.name ? { name: o.name } : {}),
      status: o.status,
      final_message: o.message,
    })),
    messages: result.messages.map((m) => ({ from: m.from, message: m.text })),
    running: result.running,
  };
}
