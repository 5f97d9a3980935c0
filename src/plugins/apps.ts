// App connectors declared by enabled plugins: each plugin's `.app.json` (or the manifest's `apps` path),
// in Codex's shape `{"apps": {"NAME": {"id": "connector_...", "category"?: "..."}}}`. They join the
// connector list beside the directory's; a connector a plugin declares names that plugin.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { describeZodError } from "../protocol/errors.js";
import { loadEnabledPlugins } from "./runtime.js";

const PluginAppFile = z.object({
  apps: z
    .record(z.string(), z.object({ id: z.string().min(1), category: z.string().optional() }))
    .default({}),
});

export interface PluginApp {
  /** The connector id. */
  id: string;
  /** The key the plugin gives it in `.app.json`. */
  name: string;
  category?: string;
  pluginId: string;
  /** The plugin's display name (its manifest's `interface.displayName`, else its name). */
  pluginDisplayName: string;
}

/** Connectors of enabled plugins, in plugin then file order; unreadable files are reported, not fatal. */
export function pluginApps(codexHome: string): { apps: PluginApp[]; errors: string[] } {
  const { plugins, errors } = loadEnabledPlugins(codexHome);
  const apps: PluginApp[] = [];
  for (const { plugin, manifest } of plugins) {
    if (!manifest.appsFile) continue;
    let parsed;
    try {
      parsed = PluginAppFile.safeParse(JSON.parse(readFileSync(manifest.appsFile, "utf8")));
    } catch (err) {
      errors.push(`plugin ${plugin.id}: failed to parse plugin app config: ${(err as Error).message}`);
      continue;
    }
    if (!parsed.success) {
      errors.push(
        `plugin ${plugin.id}: failed to parse plugin app config (${manifest.appsFile}): ${describeZodError(parsed.error)}`,
      );
      continue;
    }
    const pluginDisplayName = manifest.interface?.displayName ?? plugin.name;
    for (const [name, app] of Object.entries(parsed.data.apps)) {
      apps.push({
        id: app.id,
        name,
        ...(app.category !== undefined ? { category: app.category } : {}),
        pluginId: plugin.id,
        pluginDisplayName,
      });
    }
  }
  return { apps, errors };
}
