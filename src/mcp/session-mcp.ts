// The session's handle on its MCP servers. This file is light on purpose: it is loaded with the engine, and
// the manager (and with it the MCP SDK) is imported only when the config names a server or connectors.
import type { Config } from "../config/load.js";
import { pluginMcpServers } from "../plugins/runtime.js";
import type { ConnectorInfo, McpServerStatus } from "../core/mcp-api/types.js";
import {
  UnknownMcpServerError,
  type SessionMcp,
  type SessionMcpOptions,
} from "../core/mcp-api/session-mcp.js";

export function hasMcpConfig(toml: Config["toml"]): boolean {
  const servers = Object.values(toml.mcp_servers ?? {}).some((s) => s.enabled !== false);
  const connectors = Boolean(toml.connectors?.url) && toml.connectors?.enabled !== false;
  return servers || connectors;
}

/** Starts the configured servers (the user's and enabled plugins') in the background; undefined when none. */
export function openSessionMcp(options: SessionMcpOptions): SessionMcp | undefined {
  const { config } = options;
  const fromPlugins = () => {
    const found = pluginMcpServers(config);
    return Object.keys(found.servers).length > 0 || found.errors.length > 0;
  };
  return hasMcpConfig(config.toml) || fromPlugins() ? new LazySessionMcp(options) : undefined;
}

class LazySessionMcp implements SessionMcp {
  private manager: SessionMcp | undefined;
  private loading: Promise<SessionMcp | undefined>;

  constructor(options: SessionMcpOptions) {
    this.loading = import("./manager.js").then(
      ({ McpManager }) => (this.manager = new McpManager(options)),
      (err: unknown) => {
        options.emit({ type: "warning", message: `MCP servers are unavailable: ${(err as Error).message}` });
        return undefined;
      },
    );
  }

  async ready(signal: AbortSignal): Promise<void> {
    const manager = await this.loading;
    await manager?.ready(signal);
  }

  statuses(): McpServerStatus[] {
    return this.manager?.statuses() ?? [];
  }

  connectors(): ConnectorInfo[] {
    return this.manager?.connectors() ?? [];
  }

  async callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal) {
    const manager = await this.loading;
    if (!manager) throw new UnknownMcpServerError(server);
    return manager.callTool(server, tool, args, signal);
  }

  async readResource(server: string, uri: string, signal: AbortSignal) {
    const manager = await this.loading;
    if (!manager) throw new UnknownMcpServerError(server);
    return manager.readResource(server, uri, signal);
  }

  reload(config: SessionMcpOptions["config"]): void {
    // Chained on the loading, so ready() (which awaits it) waits for the reloaded servers too.
    this.loading = this.loading.then((manager) => {
      manager?.reload(config);
      return manager;
    });
  }

  async close(): Promise<void> {
    const manager = await this.loading;
    await manager?.close();
  }
}
