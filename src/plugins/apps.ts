// App connectors declared by enabled plugins: each plugin's `.app.json` (or the manifest's `apps` path),
// in Codex's shape `{"apps": {"NAME": {"id": "connector_...", "category"?: "..."}}}`. They join the
// connector list beside the directory's; a connector a plugin declares names that plugin.
import type { UserHome } from "../config/user-home.js";
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

/** The connectors one `.app.json` declares, in file order; throws with the file and the problem. */
export function readPluginAppFile(file: string): Array<{ id: string; name: string; category?: string }> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`failed to parse plugin app config (${file}): ${(err as Error).message}`);
  }
  const parsed = PluginAppFile.safeParse(json);
  if (!parsed.success) {
    throw new Error(`failed to parse plugin app config (${file}): ${describeZodError(parsed.error)}`);
  }
  return Object.entries(parsed.data.apps).map(([name, app]) => ({
    id: app.id,
    name,
    ...(app.category !== undefined ? { category: app.category } : {}),
  }));
}

/** Connectors of enabled plugins, in plugin then file order; unreadable files are reported, not fatal. */
export function pluginApps(home: UserHome): { apps: PluginApp[]; errors: string[] } {
  const { plugins, errors } = loadEnabledPlugins(home);
  const apps: PluginApp[] = [];
  for (const { plugin, manifest } of plugins) {
    if (!manifest.appsFile) continue;
    try {
      const pluginDisplayName = manifest.interface?.displayName ?? plugin.name;
      for (const app of readPluginAppFile(manifest.appsFile)) {
        apps.push({ ...app, pluginId: plugin.id, pluginDisplayName });
      }
    } catch (err) {
      errors.push(`plugin ${plugin.id}: ${(err as Error).message}`);
    }
  }
  return { apps, errors };
}
