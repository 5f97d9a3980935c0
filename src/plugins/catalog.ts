// One view of every marketplace's plugins with their install state, for `plugin list`, the app-server's
// plugin/list and the TUI's /plugins.
import { readPluginManifest, type PluginManifest } from "./manifest.js";
import type { Marketplace, MarketplacePlugin } from "./marketplace.js";
import { loadMarketplaces } from "./marketplaces.js";
import { installedPlugins, type InstalledPlugin } from "./store.js";

export interface CatalogPlugin {
  id: string;
  entry: MarketplacePlugin;
  installed?: InstalledPlugin;
  /** The manifest of the installed copy, else of a local source; undefined when neither reads. */
  manifest?: PluginManifest;
}

export interface CatalogMarketplace {
  marketplace: Marketplace;
  plugins: CatalogPlugin[];
}

function manifestOf(entry: MarketplacePlugin, installed?: InstalledPlugin): PluginManifest | undefined {
  const root = installed?.root ?? (entry.source.kind === "local" ? entry.source.path : undefined);
  if (root === undefined) return undefined;
  try {
    return readPluginManifest(root, entry.name);
  } catch {
    return undefined;
  }
}

export function pluginCatalog(codexHome: string, extraRoots: readonly string[] = []) {
  const { marketplaces, errors } = loadMarketplaces(codexHome, extraRoots);
  const installed = new Map(installedPlugins(codexHome).map((p) => [p.id, p]));
  const catalog: CatalogMarketplace[] = marketplaces.map((marketplace) => ({
    marketplace,
    plugins: marketplace.plugins.map((entry) => {
      const id = `${entry.name}@${marketplace.name}`;
      const inst = installed.get(id);
      const manifest = manifestOf(entry, inst);
      return { id, entry, ...(inst ? { installed: inst } : {}), ...(manifest ? { manifest } : {}) };
    }),
  }));
  return { catalog, errors };
}
