// `report_agent_job_result`: how a worker of an agent job hands back its row's result (once; only the
// worker the row was given to may).
import { z } from "zod";
import type { AgentJobs, AgentScope } from "../../core/subagents/agent-scope.js";
import { defineTool, type FunctionTool } from "../../core/tool-api/define-tool.js";

/** A result lands in one CSV cell: large enough for findings, small enough to keep the file readable. */
export const MAX_JOB_RESULT_BYTES = 64 * 1024;

export const ReportAgentJobResultParams = z.object({
  job_id: z.string().describe("Identifier of the job."),
  item_id: z.string().describe("Identifier of the job item."),
  result: z.record(z.string(), z.unknown()).describe("The result for this item: a JSON object."),
  stop: z
    .boolean()
    .optional()
    .describe("Optional. When true, no further job items are started after this result is recorded."),
});
export type ReportAgentJobResultArgs = z.infer<typeof ReportAgentJobResultParams>;

export function reportAgentJobResultTool(
  scope: AgentScope,
  jobs: AgentJobs,
): FunctionTool<ReportAgentJobResultArgs> {
  return defineTool({
    name: "report_agent_job_result",
    description:
      "Worker-only tool to report the result of an agent job item. Main agents should not call this.",
    parameters: ReportAgentJobResultParams,
    isMutating: false,
    handle: (args) => {
      const size = Buffer.byteLength(JSON.stringify(args.result));
      if (size > MAX_JOB_RESULT_BYTES) {
        const message = `result is ${size} bytes; at most ${MAX_JOB_RESULT_BYTES} are kept: report less`;
        return Promise.resolve({
          output: `report_agent_job_result: ${message}`,
          success: false,
          failed: message,
        });
      }
      const outcome = jobs.board.report(
        args.job_id,
        args.item_id,
        scope.sessionId,
        args.result,
        args.stop ?? false,
      );
      if (!outcome.accepted) {
        return Promise.resolve({
          output: `report_agent_job_result: ${outcome.reason}`,
          success: false,
          failed: outcome.reason,
        });
      }
      return Promise.resolve({ output: JSON.stringify({ accepted: true }), success: true });
    },
  });
}
