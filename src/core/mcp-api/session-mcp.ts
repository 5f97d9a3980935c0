// The engine's handle on a session's MCP servers. The servers live in mcp/, above core: core names them only
// through this interface, and the surfaces hand in the opener (core/engine-parts.ts).
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import type { Config } from "../../config/load.js";
import type { KnownEventMsg, McpCallToolResult } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import type { ToolRegistry } from "../tool-api/registry.js";
import type { ConnectorInfo, McpServerStatus } from "./types.js";

/** What a server answered to resources/read. */
export interface McpResourceContents {
  contents: Array<{ uri: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

export interface SessionMcpOptions {
  config: Pick<Config, "codexHome" | "cwd" | "provider" | "toml">;
  env: NodeJS.ProcessEnv;
  /** Where ready servers' tools are published. */
  registry: ToolRegistry;
  /** Session-level events (status updates, warnings); tool-call events go through the tool context. */
  emit(msg: KnownEventMsg): void;
  /** The user's answer to the exec_approval_request an MCP tool emitted with this call id. */
  waitForApproval(callId: string, signal: AbortSignal): Promise<ReviewDecision>;
  auth?: ModelAuthHooks;
}

export interface SessionMcp {
  /** Resolves once every server is ready or failed (each bounded by its startup timeout), or rejects on abort. */
  ready(signal: AbortSignal): Promise<void>;
  statuses(): McpServerStatus[];
  connectors(): ConnectorInfo[];
  /** A tool of one server, called directly (a client's mcpServer/tool/call; no approval, no turn). */
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<McpCallToolResult>;
  readResource(server: string, uri: string, signal: AbortSignal): Promise<McpResourceContents>;
  /**
   * Servers resolved again from a freshly loaded config: unchanged running ones kept, failed or changed ones
   * restarted, removed ones stopped, new ones started (each start announced again). Returns at once.
   */
  reload(config: SessionMcpOptions["config"]): void;
  close(): Promise<void>;
}

export class UnknownMcpServerError extends Error {
  constructor(server: string) {
    super(`unknown MCP server '${server}'`);
  }
}
