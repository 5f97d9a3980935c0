// plugin/* and marketplace/*: the local marketplaces and installed plugins of src/plugins, in the real
// protocol's shapes. What needs the ChatGPT plugin service (remote catalogs, plugin/share/*, remote skills)
// is refused with the real server's message for an account without it.
import { findRepoRoot } from "../../../core/agents-md.js";
import { readPluginHooks } from "../../../core/hooks/discovery.js";
import { hookEventName, type HookEventName } from "../../../protocol/hooks.js";
import { pluginCatalog, type CatalogMarketplace, type CatalogPlugin } from "../../../plugins/catalog.js";
import { readPluginAppFile } from "../../../plugins/apps.js";
import { PluginError } from "../../../plugins/manifest.js";
import {
  MARKETPLACE_FILES,
  marketplaceFileOf,
  readMarketplaceFile,
  type Marketplace,
} from "../../../plugins/marketplace.js";
import { addMarketplace, removeMarketplace, upgradeMarketplaces } from "../../../plugins/marketplaces.js";
import { installedPlugins, installPlugin, uninstallPlugin } from "../../../plugins/store.js";
import { findSkillFiles } from "../../../skills/discover-skills.js";
import { parseSkillFile } from "../../../skills/skill-file.js";
import { readFileSync } from "node:fs";
import type { MethodResult } from "../../../protocol/app-server/methods.js";
import { badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import { invalidateSkills } from "./skills-apps.js";

const REMOTE_REFUSAL = "chatgpt authentication required for remote plugin catalog";

/** Runs `work`, turning a plugin error into the JSON-RPC error the client reads. */
async function guarded<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PluginError) throw badRequest(err.message);
    throw err;
  }
}

type Summary = MethodResult<"plugin/list">["marketplaces"][number]["plugins"][number];

function summaryOf(p: CatalogPlugin): Summary {
  const s = p.entry.source;
  const ui = p.manifest?.interface;
  const prompt = ui?.defaultPrompt;
  return {
    id: p.id,
    remotePluginId: null,
    version: null,
    localVersion: p.installed?.version ?? p.manifest?.version ?? null,
    name: p.entry.name,
    shareContext: null,
    source:
      s.kind === "local"
        ? { type: "local", path: s.path }
        : { type: "git", url: s.url, path: s.path ?? null, refName: s.ref ?? null, sha: s.sha ?? null },
    installed: p.installed !== undefined,
    installedAt: null,
    enabled: p.installed?.enabled ?? false,
    installPolicy: p.entry.installPolicy,
    installPolicySource: null,
    mustShowInstallationInterstitial: null,
    authPolicy: p.entry.authPolicy,
    availability: "AVAILABLE",
    disabledReason: null,
    eligiblePlanTypes: null,
    interface: p.manifest
      ? {
          displayName: ui?.displayName ?? null,
          shortDescription: ui?.shortDescription ?? null,
          longDescription: ui?.longDescription ?? null,
          developerName: ui?.developerName ?? null,
          category: ui?.category ?? p.entry.category ?? null,
          capabilities: ui?.capabilities ?? [],
          websiteUrl: ui?.websiteUrl ?? null,
          privacyPolicyUrl: ui?.privacyPolicyUrl ?? null,
          termsOfServiceUrl: ui?.termsOfServiceUrl ?? null,
          defaultPrompt: prompt === undefined ? null : Array.isArray(prompt) ? prompt.slice(0, 3) : [prompt],
          brandColor: ui?.brandColor ?? null,
          composerIcon: null,
          composerIconUrl: null,
          logo: null,
          logoDark: null,
          logoUrl: null,
          logoUrlDark: null,
          screenshots: [],
          screenshotUrls: [],
        }
      : null,
    keywords: p.manifest?.keywords ?? [],
  };
}

function entryOf(c: CatalogMarketplace, only?: (p: CatalogPlugin) => boolean) {
  return {
    name: c.marketplace.name,
    path: c.marketplace.path,
    interface: c.marketplace.displayName !== undefined ? { displayName: c.marketplace.displayName } : null,
    plugins: c.plugins.filter(only ?? (() => true)).map(summaryOf),
  };
}

/** Repo marketplaces of the given cwds (their `.agents/plugins/marketplace.json`), beside the configured ones. */
function catalogFor(home: string, cwds: readonly string[] | null | undefined) {
  const roots = (cwds ?? []).map((cwd) => findRepoRoot(cwd) ?? cwd).filter((r) => marketplaceFileOf(r));
  return pluginCatalog(home, roots);
}

export const pluginList: Handler<"plugin/list"> = (params, ctx) => {
  const { catalog, errors } = catalogFor(ctx.server.codexHome, params.cwds);
  return {
    marketplaces: catalog.map((c) => entryOf(c)),
    marketplaceLoadErrors: errors,
    featuredPluginIds: [],
  };
};

export const pluginInstalled: Handler<"plugin/installed"> = (params, ctx) => {
  const { catalog, errors } = catalogFor(ctx.server.codexHome, params.cwds);
  const suggested = new Set(params.installSuggestionPluginNames ?? []);
  return {
    marketplaces: catalog
      .map((c) => entryOf(c, (p) => p.installed !== undefined || suggested.has(p.entry.name)))
      .filter((m) => m.plugins.length > 0),
    marketplaceLoadErrors: errors,
  };
};

/** The marketplace a client names by its file (as plugin/list reported it). */
function marketplaceAt(home: string, path: string): Marketplace {
  const known = pluginCatalog(home).catalog.find((c) => c.marketplace.path === path);
  if (known) return known.marketplace;
  const suffix = MARKETPLACE_FILES.find((f) => path.endsWith(`/${f}`));
  if (!suffix) throw new PluginError(`marketplace file is not in a supported location: ${path}`);
  return readMarketplaceFile(path, path.slice(0, -suffix.length - 1));
}

function requireLocal(
  params: { marketplacePath?: string | null; remoteMarketplaceName?: string | null },
  method: string,
): string {
  const local = params.marketplacePath ?? undefined;
  const remote = params.remoteMarketplaceName ?? undefined;
  if ((local === undefined) === (remote === undefined)) {
    throw badRequest(`${method} requires exactly one of marketplacePath or remoteMarketplaceName`);
  }
  if (local === undefined)
    throw badRequest(`${method === "plugin/read" ? "read" : "install"} remote plugin: ${REMOTE_REFUSAL}`);
  return local;
}

export const pluginRead: Handler<"plugin/read"> = (params, ctx) =>
  guarded(() => {
    const home = ctx.server.codexHome;
    const m = marketplaceAt(home, requireLocal(params, "plugin/read"));
    const plugin = pluginCatalog(home, [m.root])
      .catalog.find((c) => c.marketplace.name === m.name)
      ?.plugins.find((p) => p.entry.name === params.pluginName);
    if (!plugin)
      throw new PluginError(`plugin \`${params.pluginName}\` was not found in marketplace \`${m.name}\``);
    const manifest = plugin.manifest;
    const skills = (manifest?.skillDirs ?? []).flatMap((dir) =>
      findSkillFiles(dir).flatMap((path) => {
        const parsed = parseSkillFile(readFileSync(path, "utf8"));
        if (!parsed.ok) return [];
        return [
          {
            name: `${plugin.entry.name}:${parsed.skill.name}`,
            description: parsed.skill.description,
            shortDescription: null,
            interface: null,
            path,
            enabled: true,
          },
        ];
      }),
    );
    let mcpServers: string[] = [];
    if (manifest?.mcp) {
      try {
        const raw: unknown =
          "file" in manifest.mcp ? JSON.parse(readFileSync(manifest.mcp.file, "utf8")) : manifest.mcp.servers;
        const table =
          (raw as { mcpServers?: Record<string, unknown> }).mcpServers ?? (raw as Record<string, unknown>);
        mcpServers = Object.keys(table);
      } catch {
        mcpServers = [];
      }
    }
    return {
      plugin: {
        marketplaceName: m.name,
        marketplacePath: m.path,
        summary: summaryOf(plugin),
        shareUrl: null,
        description: manifest?.description ?? null,
        skills,
        onboardingSkill: null,
        hooks: pluginHookSummaries(plugin),
        apps: appSummaries(manifest?.appsFile),
        appTemplates: [],
        mcpServers,
        scheduledTasks: null,
      },
    };
  });

/** The connectors a plugin's `.app.json` declares; none when it has none or it does not parse. */
function appSummaries(file: string | undefined) {
  if (!file) return [];
  try {
    return readPluginAppFile(file).map((app) => ({
      id: app.id,
      name: app.name,
      description: null,
      installUrl: null,
      category: app.category ?? null,
    }));
  } catch {
    return [];
  }
}

export const pluginInstall: Handler<"plugin/install"> = (params, ctx) =>
  guarded(async () => {
    const home = ctx.server.codexHome;
    const m = marketplaceAt(home, requireLocal(params, "plugin/install"));
    const result = await installPlugin(home, m, params.pluginName);
    invalidateSkills(home);
    return { authPolicy: result.authPolicy, appsNeedingAuth: [] };
  });

export const pluginUninstall: Handler<"plugin/uninstall"> = (params, ctx) =>
  guarded(() => {
    if (!/^.+@.+$/.test(params.pluginId)) {
      throw badRequest(`resolve remote plugin before uninstall: ${REMOTE_REFUSAL}`);
    }
    uninstallPlugin(ctx.server.codexHome, params.pluginId);
    invalidateSkills(ctx.server.codexHome);
    return {};
  });

/** What each server last saw installed, so plugin/reconcile reports what changed since its previous pass. */
const snapshots = new Map<string, Map<string, string>>();

export const pluginReconcile: Handler<"plugin/reconcile"> = (_params, ctx) => {
  const home = ctx.server.codexHome;
  const now = new Map(installedPlugins(home).map((p) => [p.id, `${p.version}|${p.enabled}`]));
  const before = snapshots.get(home);
  snapshots.set(home, now);
  const changed = before
    ? [...new Set([...before.keys(), ...now.keys()])].filter((id) => before.get(id) !== now.get(id))
    : [];
  const loaded = new Map(
    pluginCatalog(home).catalog.flatMap((c) => c.plugins.map((p) => [p.id, p.manifest])),
  );
  if (changed.length > 0) invalidateSkills(home);
  return {
    changedPlugins: changed.map((id) => {
      const manifest = loaded.get(id);
      return {
        id,
        hasApps: manifest?.appsFile !== undefined,
        hasHooks: manifest?.hooks !== undefined,
        hasMcps: manifest?.mcp !== undefined,
        hasSkills: (manifest?.skillDirs.length ?? 0) > 0,
      };
    }),
    failedRemotePluginIds: [],
    failedMaterializationRemotePluginIds: [],
  };
};

const refuse = (what: string) => () => {
  throw badRequest(`${what}: ${REMOTE_REFUSAL}`);
};

export const pluginSkillRead: Handler<"plugin/skill/read"> = refuse("read remote plugin skill details");
export const pluginShareSave: Handler<"plugin/share/save"> = refuse("save remote plugin share");
export const pluginShareUpdateTargets: Handler<"plugin/share/updateTargets"> = refuse(
  "update remote plugin share targets",
);
export const pluginShareList: Handler<"plugin/share/list"> = refuse("list remote plugin shares");
export const pluginShareCheckout: Handler<"plugin/share/checkout"> = refuse("checkout plugin share");
export const pluginShareDelete: Handler<"plugin/share/delete"> = refuse("delete remote plugin share");

export const marketplaceAdd: Handler<"marketplace/add"> = (params, ctx) =>
  guarded(() =>
    addMarketplace(ctx.server.codexHome, params.source, {
      ...(params.refName ? { ref: params.refName } : {}),
      ...(params.sparsePaths ? { sparsePaths: params.sparsePaths } : {}),
      cwd: ctx.services.loadConfig().cwd,
    }),
  );

export const marketplaceRemove: Handler<"marketplace/remove"> = (params, ctx) =>
  guarded(() => removeMarketplace(ctx.server.codexHome, params.marketplaceName));

export const marketplaceUpgrade: Handler<"marketplace/upgrade"> = (params, ctx) =>
  guarded(() => upgradeMarketplaces(ctx.server.codexHome, params.marketplaceName ?? undefined));

/** The plugin's hooks (of the installed copy when there is one, so keys match hooks/list's). */
function pluginHookSummaries(plugin: CatalogPlugin): Array<{ key: string; eventName: HookEventName }> {
  const hooks = plugin.manifest?.hooks;
  const root =
    plugin.installed?.root ?? (plugin.entry.source.kind === "local" ? plugin.entry.source.path : undefined);
  if (!hooks || root === undefined) return [];
  const found = readPluginHooks({
    pluginId: plugin.id,
    root,
    paths: "paths" in hooks ? hooks.paths : [],
    ...("inline" in hooks ? { inline: hooks.inline } : {}),
  });
  return found.hooks.map((h) => ({ key: h.key, eventName: hookEventName(h.event) }));
}
