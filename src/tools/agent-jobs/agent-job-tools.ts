// The agent-job tools an agent of the tree gets with `[features] enable_fanout`: every agent may run a job;
// only children (the workers) may report a row's result.
import type { AgentScope } from "../../core/subagents/agent-scope.js";
import type { FunctionTool } from "../../core/tool-api/define-tool.js";
import { reportAgentJobResultTool, type ReportAgentJobResultArgs } from "./report-agent-job-result-tool.js";
import { spawnAgentsOnCsvTool, type SpawnAgentsOnCsvArgs } from "./spawn-agents-on-csv-tool.js";

type AgentJobTool = FunctionTool<SpawnAgentsOnCsvArgs> | FunctionTool<ReportAgentJobResultArgs>;

export function agentJobTools(scope: AgentScope): AgentJobTool[] {
  const jobs = scope.jobs;
  if (!jobs) return [];
  const tools: AgentJobTool[] = [spawnAgentsOnCsvTool(scope, jobs)];
  if (scope.agentId !== 0) tools.push(reportAgentJobResultTool(scope, jobs));
  return tools;
}
