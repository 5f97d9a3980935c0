// Installed plugins: a copy of each under $CODEX_HOME/plugins/cache/MARKETPLACE/PLUGIN/VERSION and an
// `[plugins."PLUGIN@MARKETPLACE"] enabled = true` entry in config.toml, as the real Codex keeps them. A copy is
// staged beside the cache and renamed into place, so an install that fails leaves the previous one intact.
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { codexHomeOf, readUserConfig, type UserHome } from "../config/user-home.js";
import { writeUserConfig } from "../config/config-write.js";
import { checkoutCommit, cloneRepo } from "./git.js";
import { PluginError, readPluginManifest, type PluginManifest } from "./manifest.js";
import type { Marketplace, MarketplacePlugin } from "./marketplace.js";
import { findMarketplace } from "./marketplaces.js";

export interface InstalledPlugin {
  id: string;
  name: string;
  marketplaceName: string;
  version: string;
  enabled: boolean;
  /** The installed copy. */
  root: string;
}

export function pluginsCacheRoot(codexHome: string): string {
  return join(codexHome, "plugins", "cache");
}

/** `name@marketplace`, or `name` with the marketplace given apart. */
export function parsePluginSelector(
  selector: string,
  marketplace?: string,
): { name: string; marketplace: string } {
  const at = selector.lastIndexOf("@");
  if (at > 0) return { name: selector.slice(0, at), marketplace: selector.slice(at + 1) };
  if (marketplace === undefined) {
    throw new PluginError("plugin requires --marketplace unless passed as <plugin>@<marketplace>");
  }
  return { name: selector, marketplace };
}

/** The `[plugins]` table of the user's file (empty under `--ignore-user-config`: no plugin is installed then). */
function pluginsTable(home: UserHome): Record<string, unknown> {
  const value = readUserConfig(home).plugins;
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** Plugins with a config entry and a copy in the cache, in id order. */
export function installedPlugins(home: UserHome): InstalledPlugin[] {
  const codexHome = codexHomeOf(home);
  const out: InstalledPlugin[] = [];
  for (const [id, raw] of Object.entries(pluginsTable(home))) {
    const at = id.lastIndexOf("@");
    if (at <= 0) continue;
    const name = id.slice(0, at);
    const marketplaceName = id.slice(at + 1);
    const dir = join(pluginsCacheRoot(codexHome), marketplaceName, name);
    let versions: string[];
    try {
      versions = readdirSync(dir).filter((v) => !v.startsWith("."));
    } catch {
      continue;
    }
    const version = versions.sort().at(-1);
    if (version === undefined) continue;
    const enabled = (raw as { enabled?: unknown } | undefined)?.enabled !== false;
    out.push({ id, name, marketplaceName, version, enabled, root: join(dir, version) });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

export interface InstallResult {
  pluginId: string;
  name: string;
  marketplaceName: string;
  version: string;
  installedPath: string;
  authPolicy: MarketplacePlugin["authPolicy"];
  /** The version installed before, if any (an upgrade). */
  previousVersion?: string;
  manifest: PluginManifest;
}

export function marketplaceOrThrow(
  codexHome: string,
  marketplaceName: string,
  pluginName: string,
): Marketplace {
  const m = findMarketplace(codexHome, marketplaceName);
  if (!m)
    throw new PluginError(`plugin \`${pluginName}\` was not found in marketplace \`${marketplaceName}\``);
  return m;
}

export async function installPlugin(
  codexHome: string,
  marketplace: Marketplace,
  name: string,
): Promise<InstallResult> {
  const entry = marketplace.plugins.find((p) => p.name === name);
  if (!entry)
    throw new PluginError(`plugin \`${name}\` was not found in marketplace \`${marketplace.name}\``);
  if (entry.installPolicy === "NOT_AVAILABLE") {
    throw new PluginError(
      `plugin \`${name}\` is not available for install in marketplace \`${marketplace.name}\``,
    );
  }
  const pluginDir = join(pluginsCacheRoot(codexHome), marketplace.name, name);
  const staging = join(pluginsCacheRoot(codexHome), `.staging-${process.pid}-${Date.now()}`);
  const checkout = `${staging}-src`;
  mkdirSync(pluginsCacheRoot(codexHome), { recursive: true });
  try {
    let sourceRoot: string;
    if (entry.source.kind === "local") sourceRoot = entry.source.path;
    else {
      await cloneRepo(
        entry.source.url,
        checkout,
        entry.source.ref !== undefined ? { ref: entry.source.ref } : {},
      );
      if (entry.source.sha !== undefined) await checkoutCommit(checkout, entry.source.sha);
      sourceRoot = entry.source.path !== undefined ? join(checkout, entry.source.path) : checkout;
    }
    const manifest = readPluginManifest(sourceRoot, name);
    if (/[\\/]/.test(manifest.version) || manifest.version.startsWith(".")) {
      throw new PluginError(`invalid plugin version in plugin.json: \`${manifest.version}\``);
    }
    cpSync(sourceRoot, staging, { recursive: true, filter: (src) => !src.split(/[\\/]/).includes(".git") });
    const previous = installedPlugins(codexHome).find((p) => p.id === `${name}@${marketplace.name}`);
    rmSync(pluginDir, { recursive: true, force: true });
    mkdirSync(pluginDir, { recursive: true });
    const installedPath = join(pluginDir, manifest.version);
    renameSync(staging, installedPath);
    writeUserConfig(codexHome, [
      { keyPath: `plugins."${name}@${marketplace.name}"`, value: { enabled: true }, mergeStrategy: "upsert" },
    ]);
    return {
      pluginId: `${name}@${marketplace.name}`,
      name,
      marketplaceName: marketplace.name,
      version: manifest.version,
      installedPath,
      authPolicy: entry.authPolicy,
      ...(previous ? { previousVersion: previous.version } : {}),
      manifest: readPluginManifest(installedPath, name),
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(checkout, { recursive: true, force: true });
  }
}

/** Removes the plugin's config entry and cached copy; removing one that is not installed is not an error. */
export function uninstallPlugin(
  codexHome: string,
  id: string,
): { pluginId: string; name: string; marketplaceName: string } {
  const { name, marketplace } = parsePluginSelector(id);
  if (Object.hasOwn(pluginsTable(codexHome), id)) {
    writeUserConfig(codexHome, [{ keyPath: `plugins."${id}"`, value: null, mergeStrategy: "replace" }]);
  }
  rmSync(join(pluginsCacheRoot(codexHome), marketplace, name), { recursive: true, force: true });
  return { pluginId: id, name, marketplaceName: marketplace };
}

export function setPluginEnabled(codexHome: string, id: string, enabled: boolean): void {
  writeUserConfig(codexHome, [
    { keyPath: `plugins."${id}".enabled`, value: enabled, mergeStrategy: "replace" },
  ]);
}
