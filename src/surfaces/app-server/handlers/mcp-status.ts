// mcpServerStatus/list: with a threadId, the servers of that thread's engine (state, tools, why one
// failed); without, the servers the config names, each started once for the listing (as Codex does) and
// closed again, with no runtime status. Paged by an index cursor.
import type { McpServerInfo, McpServerStatus } from "../../../core/mcp-api/types.js";
import { mcpAuthStatus } from "../../../mcp/oauth/oauth-support.js";
import type { McpServerToml } from "../../../config/schema.js";
import { probeMcpServers } from "../../../mcp/server-probe.js";
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

/** The handshake's serverInfo with every key of Codex's McpServerInfo (null when the server left it out). */
function wireServerInfo(info: McpServerInfo | undefined) {
  if (!info) return null;
  return {
    name: info.name,
    title: info.title ?? null,
    version: info.version,
    description: info.description ?? null,
    icons: info.icons ?? null,
    websiteUrl: info.websiteUrl ?? null,
  };
}

type AuthStatus = McpServerStatusEntry["authStatus"];

/** Not a configured server (the connector directory): the transport's default stands. */
function authStatusOf(server: McpServerToml | undefined, codexHome: string): Promise<AuthStatus | undefined> {
  return server ? mcpAuthStatus(server, codexHome) : Promise.resolve(undefined);
}

export function toWireStatus(
  status: McpServerStatus,
  url?: string,
  pluginId: string | null = null,
  runtime = true,
  authStatus: AuthStatus = status.transport === "stdio" ? "unsupported" : "unknown",
): McpServerStatusEntry {
  const tools: McpServerStatusEntry["tools"] = {};
  for (const t of status.tools) {
    tools[t.name] = {
      name: t.name,
      title: t.annotations?.title ?? null,
      description: t.description ?? null,
      // As the server declared it, as Codex lists it (the model is sent a cleaned copy).
      inputSchema: t.declaredInputSchema ?? t.inputSchema,
      ...(t.annotations ? { annotations: t.annotations } : {}),
    };
  }
  return {
    name: status.name,
    authStatus,
    httpOrigin: status.transport === "stdio" ? null : origin(url),
    // Null without a thread: no thread's runtime holds the server.
    runtimeStatus: runtime ? RUNTIME[status.state] : null,
    tools,
    toolsError: status.state === "failed" ? (status.error ?? "failed to start") : null,
    resources: [],
    resourceTemplates: [],
    pluginId,
    serverInfo: wireServerInfo(status.serverInfo),
    serverCapabilities: status.serverCapabilities ?? null,
    // The tool list's `_meta`: codex-ts does not keep it.
    toolListMeta: null,
  };
}

export const mcpServerStatusList: Handler<"mcpServerStatus/list"> = async (params, ctx) => {
  const config = ctx.services.loadConfig();
  // Enabled plugins' servers run beside the user's own (a server of the same name in config.toml wins).
  const fromPlugins = pluginMcpServers(config);
  const configured = { ...fromPlugins.servers, ...config.toml.mcp_servers };
  // A server of the user's own config.toml is theirs even when a plugin has one of that name.
  const pluginId = (name: string) =>
    config.toml.mcp_servers?.[name] ? null : (fromPlugins.owners[name] ?? null);
  const url = (name: string) => configured[name]?.url;
  const authOf = async <T extends { name: string }>(items: T[]) =>
    new Map(
      await Promise.all(
        items.map(async (s) => [s.name, await authStatusOf(configured[s.name], config.codexHome)] as const),
      ),
    );
  const start = params.cursor ? Number(params.cursor) : 0;
  if (!Number.isInteger(start) || start < 0) throw badRequest(`invalid cursor: ${params.cursor}`);
  const page = <T extends { name: string }>(all: T[]) => {
    const named = all.filter((s) => !params.serverName || s.name === params.serverName);
    named.sort((a, b) => a.name.localeCompare(b.name));
    const end = start + (params.limit || DEFAULT_LIMIT);
    return { items: named.slice(start, end), nextCursor: end < named.length ? String(end) : null };
  };
  if (params.threadId) {
    const statuses = page(threadOf(ctx.services, params.threadId).mcpServerStatuses());
    const auth = await authOf(statuses.items);
    return {
      data: statuses.items.map((s) => toWireStatus(s, url(s.name), pluginId(s.name), true, auth.get(s.name))),
      nextCursor: statuses.nextCursor,
    };
  }
  // Only the page's servers are started; a disabled one is listed as such, not started.
  const listed = page(Object.entries(configured).map(([name, server]) => ({ name, server })));
  const enabled = Object.fromEntries(
    listed.items.filter(({ server }) => server.enabled !== false).map(({ name, server }) => [name, server]),
  );
  const probed = await probeMcpServers(enabled, {
    cwd: config.cwd,
    env: ctx.server.options.env,
    codexHome: config.codexHome,
  });
  const auth = await authOf(listed.items);
  const data = listed.items.map(({ name, server }): McpServerStatusEntry => {
    const status = probed.find((p) => p.name === name);
    if (status) return toWireStatus(status, server.url, pluginId(name), false, auth.get(name));
    return {
      name,
      authStatus: auth.get(name) ?? "unknown",
      httpOrigin: origin(server.url),
      runtimeStatus: "disabled",
      tools: {},
      toolsError: null,
      resources: [],
      resourceTemplates: [],
      pluginId: pluginId(name),
      serverInfo: null,
      serverCapabilities: null,
      toolListMeta: null,
    };
  });
  return { data, nextCursor: listed.nextCursor };
};
