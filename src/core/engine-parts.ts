// What the engine is assembled from, beyond core itself. The tools and the MCP servers live in layers above
// core (tools/, mcp/), so core names them only through this interface; src/engine/create-codex.ts is the
// one place that fills it in.
import type { Config } from "../config/load.js";
import type { SessionMcp, SessionMcpOptions } from "./mcp-api/session-mcp.js";
import type { AgentScope } from "./subagents/agent-scope.js";
import type { ToolSet } from "./tool-api/tool-set.js";

export interface EngineParts {
  /** The usual tools of a session with this config. */
  buildToolSet: (config: Pick<Config, "model" | "provider" | "toml">) => ToolSet;
  /** The base tools plus the subagent tools acting as `scope`'s agent; `closeTree` ends with the set. */
  withSubagentTools: (base: ToolSet, scope: AgentScope, closeTree?: () => Promise<void>) => ToolSet;
  /** Starts the configured MCP servers in the background; undefined when there are none. */
  openSessionMcp: (options: SessionMcpOptions) => SessionMcp | undefined;
}
