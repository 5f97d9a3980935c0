// The built-in gateway to connectors (apps): one MCP connection, named `codex_apps`, to the connector
// directory (`[connectors] url`, an MCP server over streamable HTTP). The directory lists every connector's
// actions as tools, each naming its connector in `_meta` (`connector_id`, `connector_name`,
// `connector_description`); calls go back through the same connection. A connector's tools are offered to
// the model only in a turn that mentions it (`app://ID`).
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import type { Config } from "../../config/load.js";
import { DEFAULT_TOOL_TIMEOUT_SEC, seconds, type McpServerEntry } from "../server-config.js";
import type { ConnectorInfo, McpTool, McpToolInfo } from "../../core/mcp-api/types.js";
import { connectorFetch, NO_CONNECTOR_ACCOUNT } from "./credentials.js";

export const GATEWAY_SERVER_NAME = "codex_apps";
export const CONNECTOR_MENTION_PREFIX = "app://";
const GATEWAY_STARTUP_TIMEOUT_SEC = 30;

/** The gateway as a server entry, or undefined when no connector directory is configured. */
export function gatewayEntry(
  config: Pick<Config, "codexHome" | "provider" | "toml">,
  env: NodeJS.ProcessEnv,
  auth?: ModelAuthHooks,
): McpServerEntry | undefined {
  const connectors = config.toml.connectors;
  if (!connectors?.url || connectors.enabled === false) return undefined;
  const name = GATEWAY_SERVER_NAME;
  try {
    new URL(connectors.url);
  } catch {
    return { name, error: `[connectors] url '${connectors.url}' is not a valid URL` };
  }
  // Each request carries the account's credentials as they are then (kept fresh): see credentials.ts.
  const fetch = connectorFetch(config, env, auth);
  if (!fetch) return { name, error: NO_CONNECTOR_ACCOUNT };
  return {
    name,
    config: {
      name,
      transport: { kind: "streamable_http", url: connectors.url, headers: {}, fetch },
      startupTimeoutMs: seconds(connectors.startup_timeout_sec, GATEWAY_STARTUP_TIMEOUT_SEC),
      toolTimeoutMs: seconds(connectors.tool_timeout_sec, DEFAULT_TOOL_TIMEOUT_SEC),
      disabledTools: [],
      trusted: false,
    },
  };
}

export interface ConnectorRef {
  id: string;
  name: string;
  description?: string;
}

function metaString(meta: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = meta?.[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Which connector a directory tool belongs to, from its `_meta`. */
export function connectorOf(tool: McpTool): ConnectorRef | undefined {
  const id = metaString(tool.meta, "connector_id");
  if (!id) return undefined;
  const description = metaString(tool.meta, "connector_description");
  return { id, name: metaString(tool.meta, "connector_name") ?? id, ...(description ? { description } : {}) };
}

export function connectorEnabled(config: Pick<Config, "toml">, id: string): boolean {
  return !(config.toml.connectors?.disabled ?? []).includes(id);
}

/** Connectors in the order the directory first lists them, each with its tools. */
export function groupConnectors(
  tools: readonly McpToolInfo[],
  isEnabled: (id: string) => boolean,
): ConnectorInfo[] {
  const byId = new Map<string, ConnectorInfo>();
  for (const tool of tools) {
    const ref = connectorOf(tool);
    if (!ref) continue;
    let connector = byId.get(ref.id);
    if (!connector) {
      connector = { ...ref, enabled: isEnabled(ref.id), tools: [] };
      byId.set(ref.id, connector);
    }
    connector.tools.push(tool);
  }
  return [...byId.values()];
}
