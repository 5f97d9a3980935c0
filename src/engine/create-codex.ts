// The one place that knows every part of the engine: core's Codex with the tools (tools/) and the MCP
// servers (mcp/), which sit above core in the layer order. Surfaces make their engines here.
import { Codex, type CodexOptions } from "../core/codex.js";
import type { EngineParts } from "../core/engine-parts.js";
import { openSessionMcp } from "../mcp/session-mcp.js";
import { withSubagentTools } from "../tools/subagents/with-subagent-tools.js";
import { buildToolSet } from "../tools/tool-set.js";

export const engineParts: EngineParts = { buildToolSet, withSubagentTools, openSessionMcp };

export function createCodex(options: Omit<CodexOptions, "parts">): Codex {
  return new Codex({ ...options, parts: engineParts });
}
