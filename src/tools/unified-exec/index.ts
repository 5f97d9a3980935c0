// Unified exec: `exec_command` and `write_stdin`, over processes that outlive a tool call.
export { execCommandTool, ExecCommandParams, type ExecCommandArgs } from "./exec-command-tool.js";
export { writeStdinTool, WriteStdinParams, type WriteStdinArgs } from "./write-stdin-tool.js";
export {
  UnifiedExecManager,
  UnifiedExecError,
  MAX_SESSIONS,
  type SessionInfo,
  type SpawnPlan,
  type SpawnPlanner,
  type SpawnRequest,
  type SandboxPermissions,
  type UnifiedExecManagerOptions,
} from "./session-manager.js";
export { authorizeThroughToolContext, CommandRefusedError } from "./authorize-spawn.js";
