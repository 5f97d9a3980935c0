// What a client is told of one MCP server (mcpServerStatus/list, the session's MCP state): built here for
// the servers a session runs (manager.ts) and for those only probed before any thread runs them.
import type { McpServerStatus, McpToolInfo } from "../core/mcp-api/types.js";
import type { McpServerConnection } from "./server-connection.js";

/** A started (or starting, or failed) server, with the tools it offers as `tools` names them. */
export function connectionStatus(connection: McpServerConnection, tools: McpToolInfo[]): McpServerStatus {
  return {
    name: connection.name,
    transport: connection.config.transport.kind,
    state: connection.state,
    ...(connection.error !== undefined ? { error: connection.error } : {}),
    tools,
    ...(connection.serverInfo ? { serverInfo: connection.serverInfo } : {}),
    ...(connection.serverCapabilities ? { serverCapabilities: connection.serverCapabilities } : {}),
  };
}

/** A server whose config could not be used: it never started. */
export function brokenStatus(name: string, error: string): McpServerStatus {
  return { name, transport: "stdio", state: "failed", error, tools: [] };
}
