// mcpServerStatus/list: with a threadId, the servers of that thread's engine (state, tools, why one
// failed); without, the servers the config names, not started. Paged by an index cursor.
import type { McpServerStatus } from "../../../core/mcp-api/types.js";
import type { McpServerStatusEntry } from "../../../protocol/app-server/v2/tools-misc.js";
import { pluginMcpServers } from "../../../plugins/runtime.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import { threadOf } from "./thread-open.js";

const DEFAULT_LIMIT = 100;

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const RUNTIME = { starting: "starting", ready: "connected", failed: "failed" } as const;

export function toWireStatus(
  status: McpServerStatus,
  url?: string,
  pluginId: string | null = null,
): McpServerStatusEntry {
  const tools: McpServerStatusEntry["tools"] = {};
  for (const t of status.tools) {
    tools[t.name] = {
      name: t.name,
      title: t.annotations?.title ?? null,
      description: t.description ?? null,
      inputSchema: t.inputSchema,
      ...(t.annotations ? { annotations: t.annotations } : {}),
    };
  }
  return {
    name: status.name,
    authStatus: status.transport === "stdio" ? "unsupported" : "unknown",
    httpOrigin: status.transport === "stdio" ? null : origin(url),
    runtimeStatus: RUNTIME[status.state],
    tools,
    toolsError: status.state === "failed" ? (status.error ?? "failed to start") : null,
    resources: [],
    resourceTemplates: [],
    ...unknownToCodexTs(pluginId),
  };
}

/** The entry's plugin, and what codex-ts does not keep of a server (null, as Codex sends when unknown). */
function unknownToCodexTs(pluginId: string | null) {
  return { pluginId, serverInfo: null, serverCapabilities: null, toolListMeta: null };
}

export const mcpServerStatusList: Handler<"mcpServerStatus/list"> = (params, ctx) => {
  const config = ctx.services.loadConfig();
  // Enabled plugins' servers run beside the user's own (a server of the same name in config.toml wins).
  const fromPlugins = pluginMcpServers(config.codexHome);
  const configured = { ...fromPlugins.servers, ...config.toml.mcp_servers };
  // A server of the user's own config.toml is theirs even when a plugin has one of that name.
  const pluginId = (name: string) =>
    config.toml.mcp_servers?.[name] ? null : (fromPlugins.owners[name] ?? null);
  const url = (name: string) => configured[name]?.url;
  let data: McpServerStatusEntry[];
  if (params.threadId) {
    data = threadOf(ctx.services, params.threadId)
      .mcpServerStatuses()
      .map((s) => toWireStatus(s, url(s.name), pluginId(s.name)));
  } else {
    data = Object.entries(configured).map(([name, server]) => ({
      name,
      authStatus: server.url ? "unknown" : "unsupported",
      httpOrigin: origin(server.url),
      runtimeStatus: server.enabled === false ? "disabled" : "notStarted",
      tools: {},
      toolsError: null,
      resources: [],
      resourceTemplates: [],
      ...unknownToCodexTs(pluginId(name)),
    }));
  }
  if (params.serverName) data = data.filter((s) => s.name === params.serverName);
  data.sort((a, b) => a.name.localeCompare(b.name));
  const start = params.cursor ? Number(params.cursor) : 0;
  if (!Number.isInteger(start) || start < 0) throw badRequest(`invalid cursor: ${params.cursor}`);
  const end = start + (params.limit || DEFAULT_LIMIT);
  return { data: data.slice(start, end), nextCursor: end < data.length ? String(end) : null };
};
