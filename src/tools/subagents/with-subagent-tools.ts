// A session's tool set plus the subagent tools acting as one agent. Closing it closes the tree first (at a
// root session's shutdown the children's last events still reach the root's rollout), then the base tools.
import type { AgentScope } from "../../core/subagents/agent-scope.js";
import { ToolRegistry } from "../../core/tool-api/registry.js";
import type { ToolSet } from "../../core/tool-api/tool-set.js";
import { subagentTools } from "./subagent-tools.js";
import { agentJobTools } from "../agent-jobs/agent-job-tools.js";

export function withSubagentTools(
  base: ToolSet,
  scope: AgentScope,
  closeTree: () => Promise<void> = () => Promise.resolve(),
): ToolSet {
  const tools = base.registry.names.flatMap((name) => {
    const tool = base.registry.get(name);
    return tool ? [tool] : [];
  });
  return {
    registry: new ToolRegistry([...tools, ...subagentTools(scope), ...agentJobTools(scope)]),
    close: async () => {
      await closeTree();
      await base.close();
    },
  };
}
