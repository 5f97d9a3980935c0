// `codex-ts plugin add|list|remove|upgrade` and `plugin marketplace add|list|upgrade|remove`, with the real
// Codex's messages and `--json` shapes (upgrade of plugins is codex-ts's own: a reinstall from the
// marketplace, which the real CLI does only through the app).
import { resolveCodexHome } from "../../config/home.js";
import { ConfigError } from "../../config/load.js";
import { ConfigWriteError } from "../../config/config-write.js";
import { pluginCatalog, type CatalogPlugin } from "../../plugins/catalog.js";
import { PluginError } from "../../plugins/manifest.js";
import type { Marketplace } from "../../plugins/marketplace.js";
import {
  addMarketplace,
  configuredMarketplaces,
  removeMarketplace,
  upgradeMarketplaces,
} from "../../plugins/marketplaces.js";
import {
  installedPlugins,
  installPlugin,
  marketplaceOrThrow,
  parsePluginSelector,
  uninstallPlugin,
} from "../../plugins/store.js";
import { renderTable } from "../mcp-cli/server-listing.js";

interface JsonFlag {
  json?: boolean;
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

async function guarded(run: () => Promise<number> | number): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof PluginError || err instanceof ConfigError || err instanceof ConfigWriteError) {
      process.stderr.write(`Error: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

const home = () => resolveCodexHome();

function sourceJson(m: Marketplace | undefined, p: CatalogPlugin) {
  const s = p.entry.source;
  return s.kind === "local"
    ? { source: "local", path: s.path }
    : { source: "git", url: s.url, ...(s.path ? { path: s.path } : {}), ...(s.ref ? { ref: s.ref } : {}) };
}

function marketplaceSourceJson(name: string) {
  const c = configuredMarketplaces(home()).find((m) => m.name === name);
  return c ? { sourceType: c.sourceType, source: c.source } : null;
}

export function runPluginList(
  flags: JsonFlag & { marketplace?: string; available?: boolean },
): Promise<number> {
  return guarded(() => {
    const { catalog, errors } = pluginCatalog(home());
    const shown = catalog.filter(
      (c) => flags.marketplace === undefined || c.marketplace.name === flags.marketplace,
    );
    if (flags.marketplace !== undefined && shown.length === 0) {
      throw new PluginError(`marketplace \`${flags.marketplace}\` is not configured`);
    }
    if (flags.json) {
      const rows = shown.flatMap((c) =>
        c.plugins.map((p) => ({
          pluginId: p.id,
          name: p.entry.name,
          marketplaceName: c.marketplace.name,
          version: p.installed?.version ?? p.manifest?.version ?? null,
          installed: p.installed !== undefined,
          enabled: p.installed?.enabled ?? false,
          source: sourceJson(c.marketplace, p),
          marketplaceSource: marketplaceSourceJson(c.marketplace.name),
          installPolicy: p.entry.installPolicy,
          authPolicy: p.entry.authPolicy,
        })),
      );
      print({
        installed: rows.filter((r) => r.installed),
        available: flags.available ? rows.filter((r) => !r.installed) : [],
      });
      return 0;
    }
    for (const e of errors) process.stderr.write(`warning: marketplace ${e.marketplacePath}: ${e.message}\n`);
    if (shown.length === 0) {
      process.stdout.write("No marketplaces configured. Try `codex-ts plugin marketplace add PATH`.\n");
      return 0;
    }
    const blocks = shown.map((c) => {
      const rows = c.plugins.map((p) => [
        p.id,
        p.installed ? (p.installed.enabled ? "installed, enabled" : "installed, disabled") : "not installed",
        p.installed?.version ?? "",
        p.entry.source.kind === "local" ? p.entry.source.path : p.entry.source.url,
      ]);
      const skipped = c.marketplace.skipped.map((s) => `warning: skipped ${s}\n`).join("");
      return `Marketplace \`${c.marketplace.name}\`\n${c.marketplace.path}\n\n${renderTable(["PLUGIN", "STATUS", "VERSION", "SOURCE"], rows)}${skipped}`;
    });
    process.stdout.write(blocks.join("\n"));
    return 0;
  });
}

export function runPluginAdd(selector: string, flags: JsonFlag & { marketplace?: string }): Promise<number> {
  return guarded(async () => {
    const { name, marketplace } = parsePluginSelector(selector, flags.marketplace);
    const m = marketplaceOrThrow(home(), marketplace, name);
    const r = await installPlugin(home(), m, name);
    if (flags.json) {
      const { manifest: _manifest, previousVersion: _previous, ...rest } = r;
      print(rest);
    } else {
      process.stdout.write(
        `Added plugin \`${r.name}\` from marketplace \`${r.marketplaceName}\`.\nInstalled plugin root: ${r.installedPath}\n`,
      );
    }
    return 0;
  });
}

export function runPluginRemove(
  selector: string,
  flags: JsonFlag & { marketplace?: string },
): Promise<number> {
  return guarded(() => {
    const { name, marketplace } = parsePluginSelector(selector, flags.marketplace);
    const r = uninstallPlugin(home(), `${name}@${marketplace}`);
    if (flags.json) print(r);
    else process.stdout.write(`Removed plugin \`${r.name}\` from marketplace \`${r.marketplaceName}\`.\n`);
    return 0;
  });
}

/** Reinstalls installed plugins (all, or one) from their marketplaces, refreshing git marketplaces first. */
export function runPluginUpgrade(
  selector: string | undefined,
  flags: JsonFlag & { marketplace?: string },
): Promise<number> {
  return guarded(async () => {
    const wanted = selector === undefined ? undefined : parsePluginSelector(selector, flags.marketplace);
    const targets = installedPlugins(home()).filter(
      (p) => wanted === undefined || (p.name === wanted.name && p.marketplaceName === wanted.marketplace),
    );
    if (wanted !== undefined && targets.length === 0) {
      throw new PluginError(`plugin \`${wanted.name}@${wanted.marketplace}\` is not installed`);
    }
    const gitMarketplaces = new Set(
      configuredMarketplaces(home())
        .filter((c) => c.sourceType === "git")
        .map((c) => c.name),
    );
    const results = [];
    let failed = false;
    for (const marketplaceName of new Set(targets.map((t) => t.marketplaceName))) {
      if (!gitMarketplaces.has(marketplaceName)) continue;
      const up = await upgradeMarketplaces(home(), marketplaceName);
      for (const e of up.errors) {
        failed = true;
        process.stderr.write(`Error: marketplace \`${e.marketplaceName}\`: ${e.message}\n`);
      }
    }
    for (const t of targets) {
      try {
        const r = await installPlugin(home(), marketplaceOrThrow(home(), t.marketplaceName, t.name), t.name);
        results.push({
          pluginId: r.pluginId,
          previousVersion: t.version,
          version: r.version,
          installedPath: r.installedPath,
        });
        if (!flags.json) {
          const change =
            t.version === r.version ? `reinstalled ${r.version}` : `${t.version} -> ${r.version}`;
          process.stdout.write(
            `Upgraded plugin \`${r.name}\` from marketplace \`${r.marketplaceName}\` (${change}).\n`,
          );
        }
      } catch (err) {
        if (!(err instanceof PluginError)) throw err;
        failed = true;
        process.stderr.write(`Error: ${t.id}: ${err.message}\n`);
      }
    }
    if (flags.json) print({ upgraded: results });
    else if (targets.length === 0) process.stdout.write("No installed plugins to upgrade.\n");
    return failed ? 1 : 0;
  });
}

export function runMarketplaceAdd(
  source: string,
  flags: JsonFlag & { ref?: string; sparse?: string[] },
): Promise<number> {
  return guarded(async () => {
    const r = await addMarketplace(home(), source, {
      ...(flags.ref !== undefined ? { ref: flags.ref } : {}),
      ...(flags.sparse && flags.sparse.length > 0 ? { sparsePaths: flags.sparse } : {}),
    });
    if (flags.json) print(r);
    else if (r.alreadyAdded)
      process.stdout.write(
        `Marketplace \`${r.marketplaceName}\` is already added.\nInstalled marketplace root: ${r.installedRoot}\n`,
      );
    else
      process.stdout.write(
        `Added marketplace \`${r.marketplaceName}\` from ${configuredMarketplaces(home()).find((m) => m.name === r.marketplaceName)?.source ?? source}.\nInstalled marketplace root: ${r.installedRoot}\n`,
      );
    return 0;
  });
}

export function runMarketplaceList(flags: JsonFlag): Promise<number> {
  return guarded(() => {
    const list = configuredMarketplaces(home());
    if (flags.json) {
      print({
        marketplaces: list.map((m) => ({
          name: m.name,
          root: m.root,
          marketplaceSource: { sourceType: m.sourceType, source: m.source },
        })),
      });
      return 0;
    }
    if (list.length === 0) {
      process.stdout.write("No marketplaces configured.\n");
      return 0;
    }
    process.stdout.write(
      renderTable(
        ["MARKETPLACE", "ROOT"],
        list.map((m) => [m.name, m.root]),
      ),
    );
    return 0;
  });
}

export function runMarketplaceUpgrade(name: string | undefined, flags: JsonFlag): Promise<number> {
  return guarded(async () => {
    const r = await upgradeMarketplaces(home(), name);
    if (flags.json) print(r);
    else if (r.selectedMarketplaces.length === 0)
      process.stdout.write("No configured Git marketplaces to upgrade.\n");
    else {
      for (const root of r.upgradedRoots) process.stdout.write(`Upgraded marketplace root: ${root}\n`);
      for (const e of r.errors)
        process.stderr.write(`Error: marketplace \`${e.marketplaceName}\`: ${e.message}\n`);
    }
    return r.errors.length > 0 ? 1 : 0;
  });
}

export function runMarketplaceRemove(name: string, flags: JsonFlag): Promise<number> {
  return guarded(() => {
    const r = removeMarketplace(home(), name);
    if (flags.json) print(r);
    else process.stdout.write(`Removed marketplace \`${r.marketplaceName}\`.\n`);
    return 0;
  });
}
