// `[mcp_servers.NAME]` tables turned into what a connection needs: a transport, timeouts and tool filters.
// A broken entry does not stop the session: it becomes a server that failed, with the reason.
import { isAbsolute, resolve } from "node:path";
import type { ConfigToml, McpServerToml } from "../config/schema.js";
import { serverOAuthOptions, type ServerOAuthOptions } from "./oauth/server-options.js";

export const DEFAULT_STARTUP_TIMEOUT_SEC = 10;
export const DEFAULT_TOOL_TIMEOUT_SEC = 60;
/** Server names become tool-name prefixes, so they keep to the API's tool-name characters. */
export const SERVER_NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;

export type McpTransportConfig =
  | { kind: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | {
      kind: "streamable_http";
      url: string;
      headers: Record<string, string>;
      /** Makes the HTTP requests in place of the global fetch (the connector directory: its credentials). */
      fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
      /**
       * Where a stored OAuth login for this server is looked up (`mcp login` or mcpServer/oauth/login wrote
       * it), and the configured client and resource its refreshes use.
       */
      oauth?: {
        codexHome: string;
        serverName: string;
        client?: { clientId: string; clientSecret?: string };
        resource?: string;
      };
    };

export interface McpServerConfig {
  name: string;
  transport: McpTransportConfig;
  startupTimeoutMs: number;
  toolTimeoutMs: number;
  /** When set, only these tools are offered. */
  enabledTools?: readonly string[];
  disabledTools: readonly string[];
  /** Destructive tools run without asking. */
  trusted: boolean;
  /** The plugin that brought this server (absent: the user's own config.toml). */
  pluginId?: string;
}

/** A configured server: ready to start, or the reason it cannot be. */
export type McpServerEntry = { name: string; config: McpServerConfig } | { name: string; error: string };

export function seconds(value: number | undefined, fallback: number): number {
  return Math.round((value ?? fallback) * 1000);
}

export function resolveMcpServers(
  toml: Pick<ConfigToml, "mcp_servers">,
  cwd: string,
  env: NodeJS.ProcessEnv,
  codexHome?: string,
): McpServerEntry[] {
  const entries: McpServerEntry[] = [];
  for (const [name, server] of Object.entries(toml.mcp_servers ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    if (server.enabled === false) continue;
    if (!SERVER_NAME_PATTERN.test(name)) {
      entries.push({ name, error: `invalid server name '${name}': use letters, digits, '_' and '-' only` });
      continue;
    }
    const resolved = resolveTransport(server, cwd, env);
    const transport =
      typeof resolved !== "string" && resolved.kind === "streamable_http" && codexHome
        ? withStoredOAuth(resolved, name, server, codexHome)
        : resolved;
    if (typeof transport === "string") entries.push({ name, error: transport });
    else entries.push({ name, config: serverConfig(name, server, transport) });
  }
  return entries;
}

/**
 * The HTTP transport with where its stored OAuth login is found and the configured client and resource its
 * refreshes use (checked as a sign-in checks them), or why the `oauth` table cannot be used.
 */
function withStoredOAuth(
  transport: Extract<McpTransportConfig, { kind: "streamable_http" }>,
  serverName: string,
  server: McpServerToml,
  codexHome: string,
): McpTransportConfig | string {
  let options: ServerOAuthOptions;
  try {
    // The callback settings only matter to a sign-in.
    options = serverOAuthOptions(server, {});
  } catch (err) {
    return (err as Error).message;
  }
  const { client, resource } = options;
  return {
    ...transport,
    oauth: { codexHome, serverName, ...(client ? { client } : {}), ...(resource ? { resource } : {}) },
  };
}

export function serverConfig(
  name: string,
  server: Pick<
    McpServerToml,
    "startup_timeout_sec" | "tool_timeout_sec" | "enabled_tools" | "disabled_tools" | "trusted"
  >,
  transport: McpTransportConfig,
): McpServerConfig {
  return {
    name,
    transport,
    startupTimeoutMs: seconds(server.startup_timeout_sec, DEFAULT_STARTUP_TIMEOUT_SEC),
    toolTimeoutMs: seconds(server.tool_timeout_sec, DEFAULT_TOOL_TIMEOUT_SEC),
    ...(server.enabled_tools ? { enabledTools: server.enabled_tools } : {}),
    disabledTools: server.disabled_tools ?? [],
    trusted: server.trusted ?? false,
  };
}

/** The transport, or why the entry cannot be used. */
function resolveTransport(
  server: McpServerToml,
  cwd: string,
  env: NodeJS.ProcessEnv,
): McpTransportConfig | string {
  if (server.command !== undefined && server.url !== undefined) {
    return "set either command (a stdio server) or url (a streamable HTTP server), not both";
  }
  if (server.command !== undefined) {
    if (server.command.trim() === "") return "command is empty";
    return {
      kind: "stdio",
      command: server.command,
      args: server.args ?? [],
      env: server.env ?? {},
      ...(server.cwd ? { cwd: isAbsolute(server.cwd) ? server.cwd : resolve(cwd, server.cwd) } : {}),
    };
  }
  if (server.url !== undefined) {
    try {
      new URL(server.url);
    } catch {
      return `url '${server.url}' is not a valid URL`;
    }
    const headers: Record<string, string> = { ...server.http_headers };
    if (server.bearer_token_env_var) {
      const token = env[server.bearer_token_env_var];
      if (!token)
        return `environment variable ${server.bearer_token_env_var} (bearer_token_env_var) is not set`;
      headers.Authorization = `Bearer ${token}`;
    }
    return { kind: "streamable_http", url: server.url, headers };
  }
  return "set command (a stdio server) or url (a streamable HTTP server)";
}
