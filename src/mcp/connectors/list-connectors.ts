// The connectors available to the current account, straight from the connector directory: for listings
// outside a session (the app-server's `app/list`). Within a session, Codex.connectors() answers from the
// gateway connection the session already has.
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import type { Config } from "../../config/load.js";
import { connectMcpClient } from "../sdk-client.js";
import { readToolCatalog } from "../tool-catalog.js";
import { qualifyToolNames, toolKey } from "../tool-names.js";
import type { ConnectorInfo } from "../../core/mcp-api/types.js";
import { connectorEnabled, GATEWAY_SERVER_NAME, gatewayEntry, groupConnectors } from "./gateway.js";

export class ConnectorsUnavailable extends Error {}

/** Lists connectors; [] when no directory is configured. Throws ConnectorsUnavailable with the reason. */
export async function listConnectors(
  config: Pick<Config, "codexHome" | "provider" | "toml">,
  options: { env?: NodeJS.ProcessEnv; auth?: ModelAuthHooks; signal?: AbortSignal } = {},
): Promise<ConnectorInfo[]> {
  const entry = gatewayEntry(config, options.env ?? process.env, options.auth);
  if (!entry) return [];
  if ("error" in entry) throw new ConnectorsUnavailable(entry.error);
  const { transport, startupTimeoutMs } = entry.config;
  const signal = AbortSignal.any([
    AbortSignal.timeout(startupTimeoutMs),
    ...(options.signal ? [options.signal] : []),
  ]);
  let handle;
  try {
    handle = await connectMcpClient(transport, { signal, timeoutMs: startupTimeoutMs });
    const raw = await handle.listTools({ signal, timeoutMs: startupTimeoutMs });
    const { tools } = readToolCatalog(raw, { disabledTools: [] });
    const names = qualifyToolNames(tools.map((t) => ({ server: GATEWAY_SERVER_NAME, tool: t.name })));
    const infos = tools.map((t) => ({
      ...t,
      qualifiedName: names.get(toolKey(GATEWAY_SERVER_NAME, t.name)) ?? t.name,
    }));
    return groupConnectors(infos, (id) => connectorEnabled(config, id));
  } catch (err) {
    throw new ConnectorsUnavailable(`the connector directory is unavailable: ${(err as Error).message}`);
  } finally {
    await handle?.close();
  }
}
