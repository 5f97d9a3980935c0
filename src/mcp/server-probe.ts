// The MCP servers a config names, each started once to learn what it offers (its tools, what it said of
// itself at the handshake), then closed: what a client sees of the servers before any thread runs them.
// Each start is bounded by the server's startup timeout; one that fails is reported with the reason.
import type { McpServerStatus } from "../core/mcp-api/types.js";
import type { ConfigToml } from "../config/schema.js";
import { McpServerConnection } from "./server-connection.js";
import { resolveMcpServers } from "./server-config.js";
import { brokenStatus, connectionStatus } from "./server-status.js";

export async function probeMcpServers(
  servers: NonNullable<ConfigToml["mcp_servers"]>,
  options: { cwd: string; env: NodeJS.ProcessEnv; codexHome: string },
): Promise<McpServerStatus[]> {
  const entries = resolveMcpServers({ mcp_servers: servers }, options.cwd, options.env, options.codexHome);
  const quiet = { onChange: () => undefined, onWarning: () => undefined };
  return Promise.all(
    entries.map(async (entry): Promise<McpServerStatus> => {
      if ("error" in entry) return brokenStatus(entry.name, entry.error);
      const connection = new McpServerConnection(entry.config, quiet);
      try {
        await connection.settled;
        return connectionStatus(
          connection,
          connection.tools.map((tool) => ({ ...tool, qualifiedName: tool.name })),
        );
      } finally {
        await connection.close();
      }
    }),
  );
}
