// What enabled installed plugins add to a session: skill folders (names prefixed `plugin:`), MCP servers
// (from `.mcp.json` or the manifest, run from the plugin's folder) and hook files or inline hooks (for the
// hooks engine). A plugin whose installed copy no longer reads is left out, with the reason.
import { readFileSync } from "node:fs";
import { McpServerToml } from "../config/schema.js";
import { describeZodError } from "../protocol/errors.js";
import { readPluginManifest, type PluginManifest } from "./manifest.js";
import { installedPlugins, type InstalledPlugin } from "./store.js";
import type { UserHome } from "../config/user-home.js";

export interface LoadedPlugin {
  plugin: InstalledPlugin;
  manifest: PluginManifest;
}

export function loadEnabledPlugins(home: UserHome): { plugins: LoadedPlugin[]; errors: string[] } {
  const plugins: LoadedPlugin[] = [];
  const errors: string[] = [];
  for (const plugin of installedPlugins(home)) {
    if (!plugin.enabled) continue;
    try {
      plugins.push({ plugin, manifest: readPluginManifest(plugin.root, plugin.name) });
    } catch (err) {
      errors.push(`plugin ${plugin.id}: ${(err as Error).message}`);
    }
  }
  return { plugins, errors };
}

/** Skill folders of enabled plugins; a skill `x` of plugin `p` is named `p:x`. */
export function pluginSkillRoots(
  home: UserHome,
): Array<{ dir: string; namePrefix: string; pluginId: string }> {
  return loadEnabledPlugins(home).plugins.flatMap(({ plugin, manifest }) =>
    manifest.skillDirs.map((dir) => ({ dir, namePrefix: `${plugin.name}:`, pluginId: plugin.id })),
  );
}

/** The server table of an `.mcp.json` (`{"mcpServers": {...}}`, or the table itself). */
function serversOf(manifest: PluginManifest): Record<string, unknown> {
  if (!manifest.mcp) return {};
  if ("servers" in manifest.mcp) {
    const inner = manifest.mcp.servers.mcpServers;
    return typeof inner === "object" && inner !== null
      ? (inner as Record<string, unknown>)
      : manifest.mcp.servers;
  }
  const json = JSON.parse(readFileSync(manifest.mcp.file, "utf8")) as Record<string, unknown>;
  const inner = json.mcpServers;
  return typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>) : json;
}

/**
 * `[mcp_servers]`-shaped entries for enabled plugins' servers. A stdio server runs in its plugin's folder
 * unless it says otherwise; the user's own server of the same name wins (the caller merges it last).
 */
export function pluginMcpServers(home: UserHome): {
  servers: Record<string, McpServerToml>;
  /** Server name -> the id of the plugin that brings it. */
  owners: Record<string, string>;
  errors: string[];
} {
  const { plugins, errors } = loadEnabledPlugins(home);
  const servers: Record<string, McpServerToml> = {};
  const owners: Record<string, string> = {};
  for (const { plugin, manifest } of plugins) {
    let table: Record<string, unknown>;
    try {
      table = serversOf(manifest);
    } catch (err) {
      errors.push(`plugin ${plugin.id}: cannot read its MCP servers: ${(err as Error).message}`);
      continue;
    }
    for (const [name, raw] of Object.entries(table)) {
      if (typeof raw !== "object" || raw === null) {
        errors.push(`plugin ${plugin.id}: MCP server \`${name}\` is not an object`);
        continue;
      }
      if (servers[name]) {
        errors.push(`plugin ${plugin.id}: skipping duplicate plugin MCP server name \`${name}\``);
        continue;
      }
      const server = { ...(raw as Record<string, unknown>) };
      if (server.command !== undefined && server.cwd === undefined) server.cwd = plugin.root;
      if (server.type !== undefined) delete server.type;
      const checked = McpServerToml.safeParse(server);
      if (!checked.success) {
        errors.push(`plugin ${plugin.id}: MCP server \`${name}\`: ${describeZodError(checked.error)}`);
        continue;
      }
      servers[name] = checked.data;
      owners[name] = plugin.id;
    }
  }
  return { servers, owners, errors };
}

export interface PluginHookSource {
  pluginId: string;
  /** The plugin's installed folder (hook commands run relative to it). */
  root: string;
  /** hooks.json files or folders named by the manifest (default `hooks/hooks.json`). */
  paths: string[];
  /** Hooks written inside plugin.json, in hooks.json's shape. */
  inline?: Record<string, unknown>;
}

/** Hook files, folders and inline hook tables of enabled plugins, for the hooks engine to load and review. */
export function pluginHookSources(home: UserHome): PluginHookSource[] {
  return loadEnabledPlugins(home).plugins.flatMap(({ plugin, manifest }) => {
    if (!manifest.hooks) return [];
    return [
      {
        pluginId: plugin.id,
        root: plugin.root,
        paths: "paths" in manifest.hooks ? manifest.hooks.paths : [],
        ...("inline" in manifest.hooks ? { inline: manifest.hooks.inline } : {}),
      },
    ];
  });
}
