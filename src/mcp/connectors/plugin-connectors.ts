// The connector list as app/list shows it: the directory's connectors, then those enabled plugins declare
// (`.app.json`) that the directory does not offer this account (listed, not accessible). Each names the
// plugins that declare it, as Codex's `pluginDisplayNames`.
import type { Config } from "../../config/load.js";
import type { ConnectorInfo } from "../../core/mcp-api/types.js";
import { pluginApps } from "../../plugins/apps.js";
import { connectorEnabled } from "./gateway.js";

export interface ListedConnector {
  id: string;
  name: string;
  description: string | null;
  isAccessible: boolean;
  isEnabled: boolean;
  pluginDisplayNames: string[];
}

/** The list, and why a plugin's connectors were left out (an `.app.json` that does not parse). */
export function withPluginApps(
  config: Pick<Config, "codexHome" | "toml">,
  connectors: readonly ConnectorInfo[],
): { listed: ListedConnector[]; errors: string[] } {
  const declaredBy = new Map<string, { name: string; plugins: string[] }>();
  const { apps, errors } = pluginApps(config);
  for (const app of apps) {
    const entry = declaredBy.get(app.id) ?? { name: app.name, plugins: [] };
    if (!entry.plugins.includes(app.pluginDisplayName)) entry.plugins.push(app.pluginDisplayName);
    declaredBy.set(app.id, entry);
  }
  const listed: ListedConnector[] = connectors.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description ?? null,
    isAccessible: true,
    isEnabled: c.enabled,
    pluginDisplayNames: declaredBy.get(c.id)?.plugins ?? [],
  }));
  const offered = new Set(connectors.map((c) => c.id));
  for (const [id, { name, plugins }] of declaredBy) {
    if (offered.has(id)) continue;
    listed.push({
      id,
      name,
      description: null,
      isAccessible: false,
      isEnabled: connectorEnabled(config, id),
      pluginDisplayNames: plugins,
    });
  }
  return { listed, errors };
}
