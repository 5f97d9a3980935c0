// Subagents: child engines spawned by a root thread's model, and what the root session wires in.
export { SubagentManager, type RootThread, type SubagentManagerOptions } from "./manager.js";
export { rebuildSubagentTree, type RebuiltSubagentTree } from "./rebuild-tree.js";
export {
  subagentSettings,
  DEFAULT_MAX_AGENTS,
  DEFAULT_MAX_DEPTH,
  type SubagentLimits,
  type SubagentSettings,
} from "./limits.js";
export { SubagentError, type AgentScope } from "./agent-scope.js";
export type { ChildEngines } from "./child-engine.js";
