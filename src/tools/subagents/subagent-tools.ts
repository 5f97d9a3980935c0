// The six subagent tools, acting as one agent of the tree (the root's scope is agent 0).
import type { AgentScope } from "../../core/subagents/agent-scope.js";
import { subagentAwaitTool } from "./await-tool.js";
import { subagentCancelTool } from "./cancel-tool.js";
import { subagentListTool } from "./list-tool.js";
import { subagentLogsTool } from "./logs-tool.js";
import { subagentSendTool } from "./send-tool.js";
import { subagentSpawnTool } from "./spawn-tool.js";

export function subagentTools(scope: AgentScope) {
  return [
    subagentSpawnTool(scope),
    subagentSendTool(scope),
    subagentAwaitTool(scope),
    subagentLogsTool(scope),
    subagentCancelTool(scope),
    subagentListTool(scope),
  ] as const;
}
