// The subagent tools (src/core/subagents has the manager they act through).
export { subagentTools } from "./subagent-tools.js";
export { withSubagentTools } from "./with-subagent-tools.js";
export { clampAwaitTimeout, MAX_AWAIT_TIMEOUT_S, MIN_AWAIT_TIMEOUT_S } from "./await-timeout.js";
export { subagentAwaitTool } from "./await-tool.js";
export { subagentCancelTool } from "./cancel-tool.js";
export { subagentListTool } from "./list-tool.js";
export { subagentLogsTool } from "./logs-tool.js";
export { subagentSendTool } from "./send-tool.js";
export { subagentSpawnTool } from "./spawn-tool.js";
