// All MCP servers of a session: started together when the session starts (a reload brings them in line with
// the config on disk again), their status announced as it changes, their tools published to the session's
// tool registry once ready. A turn waits for them only up to each server's startup timeout; a server that
// failed is left out, with a warning, and not waited on again until a reload starts it again.
import { isDeepStrictEqual } from "node:util";
import type { KnownEventMsg, McpStartupStatus } from "../protocol/core-protocol.js";
import type { ProvidedTool } from "../core/tool-api/registry.js";
import {
  CONNECTOR_MENTION_PREFIX,
  connectorEnabled,
  connectorOf,
  GATEWAY_SERVER_NAME,
  gatewayEntry,
  groupConnectors,
} from "./connectors/gateway.js";
import { providedTool } from "./provided-tool.js";
import { McpServerConnection } from "./server-connection.js";
import { resolveMcpServers, type McpServerEntry } from "./server-config.js";
import { brokenStatus, connectionStatus } from "./server-status.js";
import { pluginMcpServers } from "../plugins/runtime.js";
import {
  UnknownMcpServerError,
  type SessionMcp,
  type SessionMcpOptions,
} from "../core/mcp-api/session-mcp.js";
import { McpToolApprovals } from "./tool-approval.js";
import { qualifyToolNames, toolKey } from "./tool-names.js";
import type { ConnectorInfo, McpServerStatus, McpToolInfo } from "../core/mcp-api/types.js";

const REGISTRY_SOURCE = "mcp";

export class McpManager implements SessionMcp {
  private connections: McpServerConnection[] = [];
  /** Entries that could not even be started (bad config), reported as failed. */
  private broken: Array<{ name: string; error: string }> = [];
  private readonly approvals: McpToolApprovals;
  private readonly warned = new Set<string>();
  private allSettled: Promise<void>;
  private qualified = new Map<string, string>();
  private closed = false;
  /** The config the servers were last resolved from (a reload brings a fresh one). */
  private config: SessionMcpOptions["config"];

  constructor(private readonly options: SessionMcpOptions) {
    this.approvals = new McpToolApprovals((callId, signal) => options.waitForApproval(callId, signal));
    this.config = options.config;
    for (const entry of this.resolveEntries()) this.start(entry);
    this.allSettled = this.settleAll();
  }

  /**
   * Brings the servers in line with a freshly loaded config: a running server whose entry is unchanged is
   * kept, a failed or changed one is started again, a removed one stopped, a new one started. `ready()` then
   * waits for the new starts.
   */
  reload(config: SessionMcpOptions["config"]): void {
    if (this.closed) return;
    this.config = config;
    // A server that fails again is worth telling again.
    this.warned.clear();
    const wanted = new Map(this.resolveEntries().map((entry) => [entry.name, entry]));
    const kept: McpServerConnection[] = [];
    const stopped: McpServerConnection[] = [];
    for (const connection of this.connections) {
      const entry = wanted.get(connection.name);
      const unchanged =
        entry !== undefined && "config" in entry && isDeepStrictEqual(entry.config, connection.config);
      if (unchanged && connection.state !== "failed") {
        kept.push(connection);
        wanted.delete(connection.name);
      } else stopped.push(connection);
    }
    this.connections = kept;
    this.broken = [];
    void Promise.all(stopped.map((connection) => connection.close()));
    for (const entry of wanted.values()) this.start(entry);
    this.publishTools();
    this.allSettled = this.settleAll();
  }

  /** config.toml's servers, enabled plugins' servers and the connectors gateway, as entries to start. */
  private resolveEntries(): McpServerEntry[] {
    const { config } = this;
    const { env } = this.options;
    // Enabled plugins' servers load like the user's own; a server of the same name in config.toml wins.
    const fromPlugins = pluginMcpServers(config);
    for (const error of fromPlugins.errors) this.warn(error);
    const servers = { ...fromPlugins.servers, ...config.toml.mcp_servers };
    const entries: McpServerEntry[] = resolveMcpServers(
      { mcp_servers: servers },
      config.cwd,
      env,
      config.codexHome,
    ).filter((entry) => {
      const owner = config.toml.mcp_servers?.[entry.name] ? undefined : fromPlugins.owners[entry.name];
      if (owner && "config" in entry) entry.config.pluginId = owner;
      if (entry.name !== GATEWAY_SERVER_NAME) return true;
      this.warn(
        `MCP server '${GATEWAY_SERVER_NAME}' is reserved for the connectors gateway; the entry is ignored`,
      );
      return false;
    });
    const gateway = gatewayEntry(config, env, this.options.auth);
    if (gateway) entries.push(gateway);
    return entries;
  }

  private start(entry: McpServerEntry): void {
    this.announce(entry.name, { state: "starting" });
    if ("error" in entry) {
      this.broken.push(entry);
      this.announce(entry.name, { state: "failed", error: entry.error });
      this.warn(`MCP server '${entry.name}' is not started: ${entry.error}`, entry.name);
      return;
    }
    this.connections.push(
      new McpServerConnection(entry.config, {
        onChange: (connection) => this.onChange(connection),
        onWarning: (message, failed) => this.warn(message, failed ? entry.name : undefined),
      }),
    );
  }

  private settleAll(): Promise<void> {
    const current = this.connections;
    return Promise.all(current.map((c) => c.settled)).then(() => {
      // A reload since then announces its own completion.
      if (current === this.connections) this.announceComplete();
    });
  }

  async ready(signal: AbortSignal): Promise<void> {
    // The reason is the task's own abort (a TaskAbort): rethrown as is, like every aborted await of a turn.
    if (signal.aborted) throw signal.reason;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason as Error);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      await Promise.race([this.allSettled, aborted]);
    } finally {
      if (onAbort) signal.removeEventListener("abort", onAbort);
    }
  }

  statuses(): McpServerStatus[] {
    const statuses = this.connections.map((c) =>
      connectionStatus(c, c.state === "ready" ? this.toolInfos(c) : []),
    );
    for (const b of this.broken) statuses.push(brokenStatus(b.name, b.error));
    return statuses.sort((a, b) => a.name.localeCompare(b.name));
  }

  connectors(): ConnectorInfo[] {
    const gateway = this.connections.find((c) => c.name === GATEWAY_SERVER_NAME);
    if (!gateway || gateway.state !== "ready") return [];
    return groupConnectors(this.toolInfos(gateway), (id) => connectorEnabled(this.config, id));
  }

  callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal) {
    return this.connection(server).call(tool, args, signal);
  }

  readResource(server: string, uri: string, signal: AbortSignal) {
    return this.connection(server).readResource(uri, signal);
  }

  private connection(server: string): McpServerConnection {
    const found = this.connections.find((c) => c.name === server);
    if (!found) throw new UnknownMcpServerError(server);
    return found;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.options.registry.setProvidedTools(REGISTRY_SOURCE, []);
    await Promise.all(this.connections.map((c) => c.close()));
  }

  private toolInfos(connection: McpServerConnection): McpToolInfo[] {
    return connection.tools.map((tool) => ({
      ...tool,
      qualifiedName: this.qualified.get(toolKey(connection.name, tool.name)) ?? tool.name,
    }));
  }

  private onChange(connection: McpServerConnection): void {
    // A server a reload stopped says nothing more (a new one of its name may be starting).
    if (!this.connections.includes(connection)) return;
    if (this.closed && !connection.cancelled) return;
    if (connection.cancelled) this.announce(connection.name, { state: "cancelled" });
    else if (connection.state === "failed") {
      this.announce(connection.name, { state: "failed", error: connection.error ?? "failed" });
    } else if (connection.state === "ready") this.announce(connection.name, { state: "ready" });
    this.publishTools();
  }

  /** Recomputes every MCP tool's name and hands the ready servers' tools to the registry. */
  private publishTools(): void {
    if (this.closed) return;
    const ready = this.connections.filter((c) => c.state === "ready");
    const identities = ready.flatMap((c) => c.tools.map((t) => ({ server: c.name, tool: t.name })));
    this.qualified = qualifyToolNames(identities, new Set(this.options.registry.names));
    const tools: ProvidedTool[] = [];
    for (const connection of ready) {
      const isGateway = connection.name === GATEWAY_SERVER_NAME;
      for (const tool of connection.tools) {
        let selector: string | undefined;
        if (isGateway) {
          const connector = connectorOf(tool);
          // Directory tools that name no connector, or an disabled one, are never offered.
          if (!connector || !connectorEnabled(this.config, connector.id)) continue;
          selector = `${CONNECTOR_MENTION_PREFIX}${connector.id}`;
        }
        const qualifiedName = this.qualified.get(toolKey(connection.name, tool.name)) ?? tool.name;
        tools.push(
          providedTool({
            connection,
            tool,
            qualifiedName,
            approvals: this.approvals,
            ...(selector ? { selector } : {}),
          }),
        );
      }
    }
    this.options.registry.setProvidedTools(REGISTRY_SOURCE, tools);
  }

  private announce(server: string, status: McpStartupStatus): void {
    this.emit({ type: "mcp_startup_update", server, status });
  }

  private announceComplete(): void {
    const ready = this.connections.filter((c) => c.state === "ready").map((c) => c.name);
    const cancelled = this.connections.filter((c) => c.cancelled).map((c) => c.name);
    const failed = [
      ...this.connections
        .filter((c) => c.state === "failed" && !c.cancelled)
        .map((c) => ({ server: c.name, error: c.error ?? "failed" })),
      ...this.broken.map((b) => ({ server: b.name, error: b.error })),
    ];
    this.emit({ type: "mcp_startup_complete", ready, failed, cancelled });
  }

  /** `server`: the warning tells that server's failure (its startup status says so too). */
  private warn(message: string, server?: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.emit({ type: "warning", message, ...(server !== undefined ? { mcp_server: server } : {}) });
  }

  private emit(msg: KnownEventMsg): void {
    this.options.emit(msg);
  }
}
