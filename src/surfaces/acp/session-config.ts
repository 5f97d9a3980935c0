// The config of one ACP session: the command's flags, the session's cwd, and the MCP servers the client
// brings (added to the configured ones for this session only).
import { RequestError, type McpServer } from "@agentclientprotocol/sdk";
import type { Config } from "../../config/load.js";
import { ConfigError } from "../../config/load.js";
import type { McpServerToml } from "../../config/schema.js";
import { loadCliConfig, type SharedFlags } from "../shared/cli-config.js";

export function sessionConfig(flags: SharedFlags, cwd: string, mcpServers: McpServer[]): Config {
  const servers: Record<string, McpServerToml> = {};
  for (const server of mcpServers) servers[serverName(server.name)] = serverToml(server);
  try {
    return loadCliConfig(
      flags,
      {},
      {
        cwd,
        ...(mcpServers.length > 0 ? { extra: { mcp_servers: servers } } : {}),
      },
    );
  } catch (err) {
    if (err instanceof ConfigError) throw RequestError.internalError(undefined, err.message);
    throw err;
  }
}

/** Config names are letters, digits, '_' and '-'; an editor's display name may hold anything. */
function serverName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]/g, "_");
  return cleaned === "" ? "client_server" : cleaned;
}

function serverToml(server: McpServer): McpServerToml {
  if ("type" in server && server.type === "sse") {
    throw RequestError.invalidParams(
      undefined,
      `MCP server '${server.name}': SSE transport is not supported (mcpCapabilities.sse is false); use http`,
    );
  }
  if ("type" in server && server.type === "http") {
    return {
      url: server.url,
      ...(server.headers.length > 0
        ? { http_headers: Object.fromEntries(server.headers.map((h) => [h.name, h.value])) }
        : {}),
    };
  }
  const stdio = server;
  return {
    command: stdio.command,
    args: stdio.args,
    ...(stdio.env.length > 0 ? { env: Object.fromEntries(stdio.env.map((e) => [e.name, e.value])) } : {}),
  };
}
