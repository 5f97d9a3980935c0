// `subagent_logs`: a subagent's recent activity. Read-only: the subagent is not advanced or disturbed.
import { z } from "zod";
import type { AgentScope, LogsResult } from "../../core/subagents/agent-scope.js";
import { defineTool, type FunctionTool } from "../../core/tool-api/define-tool.js";
import { announcedCall } from "./call-events.js";

export const DEFAULT_LOG_LIMIT = 20;
export const MAX_LOG_LIMIT = 200;

export const SubagentLogsParams = z.object({
  agent_id: z.number().int().min(1).describe("The subagent."),
  limit: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`How many of the latest entries (default ${DEFAULT_LOG_LIMIT}, at most ${MAX_LOG_LIMIT}).`),
});
export type SubagentLogsArgs = z.infer<typeof SubagentLogsParams>;

const DESCRIPTION =
  "Shows a subagent's recent activity (inputs, reasoning headers, commands and their exit codes, messages, " +
  "turn outcomes), oldest first. Read-only: it does not change or advance the subagent, so prefer it to " +
  "subagent_await when you only want to see how a subagent is doing.";

export function subagentLogsTool(scope: AgentScope): FunctionTool<SubagentLogsArgs> {
  return defineTool({
    name: "subagent_logs",
    description: DESCRIPTION,
    parameters: SubagentLogsParams,
    isMutating: false,
    handle: (args, ctx) =>
      announcedCall(ctx, scope, { tool: "logs", targets: [args.agent_id] }, async () => {
        const limit = Math.min(args.limit ?? DEFAULT_LOG_LIMIT, MAX_LOG_LIMIT);
        const logs = await scope.logs(args.agent_id, limit);
        const s = logs.summary;
        return {
          result: { output: renderLogs(logs), success: true },
          agents: [{ agent_id: s.agent_id, session_id: s.session_id, status: s.status }],
        };
      }),
  });
}

export function renderLogs(logs: LogsResult): string {
  const s = logs.summary;
  const name = s.name ? ` "${s.name}"` : "";
  const header = s.reasoning_header ? `, thinking: ${s.reasoning_header}` : "";
  const pending = s.pending_messages + s.pending_interrupts;
  const lines = [
    `agent ${s.agent_id}${name}: ${s.status}${header}${pending > 0 ? `, ${pending} message(s) pending` : ""}`,
  ];
  if (logs.fromRollout) lines.push("(not running in this session; activity read from its rollout)");
  if (logs.entries.length === 0) lines.push("(no activity yet)");
  for (const entry of logs.entries) lines.push(`[${timeOf(entry.at)}] ${entry.text}`);
  return lines.join("\n");
}

/** HH:MM:SS of an ISO time (UTC, as the rollouts record it). */
function timeOf(iso: string): string {
  const match = /T(\d\d:\d\d:\d\d)/.exec(iso);
  return match?.[1] ?? iso;
}
