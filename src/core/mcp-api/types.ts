// What the MCP layer tells the rest of the engine: servers with their state and tools, and connectors.
// No SDK types here: this file is loaded by sessions that never start an MCP server.

export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as a server listed it, with its input schema already sanitised for the Responses API. */
export interface McpTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  /** The input schema as the server declared it (what a client listing the server's tools is shown). */
  declaredInputSchema?: unknown;
  annotations?: McpToolAnnotations;
  /** The tool's `_meta` (the connector directory names a tool's connector there). */
  meta?: Record<string, unknown>;
}

/** A tool as the model sees it: its MCP identity and the name it is called by. */
export interface McpToolInfo extends McpTool {
  qualifiedName: string;
}

export type McpServerState = "starting" | "ready" | "failed";

/** What a server said of itself at the handshake (`initialize`'s serverInfo). */
export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
  description?: string;
  icons?: unknown[];
  websiteUrl?: string;
}

export interface McpServerStatus {
  name: string;
  transport: "stdio" | "streamable_http";
  state: McpServerState;
  /** Why the server failed. */
  error?: string;
  /** The tools offered to the model (empty unless ready). */
  tools: McpToolInfo[];
  /** From the handshake, once the server started. */
  serverInfo?: McpServerInfo;
  serverCapabilities?: Record<string, unknown>;
}

/** A connector of the connector directory (an app), with the actions it offers. */
export interface ConnectorInfo {
  id: string;
  name: string;
  description?: string;
  enabled: boolean;
  tools: McpToolInfo[];
}
