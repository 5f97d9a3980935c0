// Finds the hooks of a session: `hooks.json` and the inline `[hooks]` table beside every active config layer
// (the system file, `$CODEX_HOME`, each trusted project's `.codex/`), then any extra sources (plugins).
// A project that is not trusted contributes nothing. Problems are collected, never thrown: a broken hooks
// file must not stop a session.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import type { ConfigLayer } from "../../config/load.js";
import { isProjectTrusted, trustTableOf } from "../../config/project-layers.js";
import { foldersFromRepoRoot, rootMarkersOf } from "../../config/repo-folders.js";
import { pluginHookSources, type PluginHookSource } from "../../plugins/runtime.js";
import { HOOK_EVENTS, type HookEvent } from "../../protocol/hooks.js";
import { DEFAULT_HOOK_TIMEOUT_SEC, eventKeyLabel, hookHash, type HookDefinition } from "./hook-definition.js";
import type { HookSource } from "./hook-source.js";
import { trustStatusOf, type HookTrustState } from "./trust-state.js";

export interface HookError {
  path: string;
  message: string;
}

export interface DiscoveredHooks {
  hooks: HookDefinition[];
  warnings: string[];
  errors: HookError[];
}

export interface DiscoverOptions {
  codexHome: string;
  cwd: string;
  layers: readonly ConfigLayer[];
  /** The config's `projectTrust` (by default, the system and user layers' own). */
  projectTrust?: Record<string, unknown>;
  /** `--ignore-user-config`: plugins (listed in the user's file) bring no hooks. */
  ignoreUserConfig?: boolean;
  /** Sources beyond the config layers' own, e.g. installed plugins (see hook-source.ts). */
  extraSources?: readonly HookSource[];
}

const CommandHandler = z.object({
  type: z.literal("command"),
  command: z.string().min(1, "command must not be empty"),
  timeout: z.number().int().min(1).optional(),
  timeoutSec: z.number().int().min(1).optional(),
  statusMessage: z.string().optional(),
  async: z.boolean().optional(),
});
const Handler = z.looseObject({ type: z.string() });
const MatcherGroup = z.object({
  matcher: z.string().nullish(),
  hooks: z.array(Handler),
});
const HooksTable = z.record(z.string(), z.unknown());

export function discoverHooks(options: DiscoverOptions): DiscoveredHooks {
  const found: DiscoveredHooks = { hooks: [], warnings: [], errors: [] };
  const state = trustState(options.layers);
  const add = (file: string, table: unknown, source: HookSource) => {
    for (const def of readTable(file, table, source, found)) {
      const trust = trustStatusOf(def.key, def.currentHash, state);
      found.hooks.push({
        ...def,
        displayOrder: found.hooks.length,
        trustStatus: trust.status,
        enabled: trust.enabled,
      });
    }
  };
  for (const layer of configSources(options)) {
    const json = findHooksJson(layer.folder);
    const inline = layer.inline;
    if (json && inline) {
      found.warnings.push(
        `loading hooks from both ${json} and ${layer.configPath}; prefer a single representation for this layer`,
      );
    }
    if (json) readJsonSource(json, { kind: layer.kind, path: json }, found, add);
    if (inline && layer.configPath)
      add(layer.configPath, inline, { kind: layer.kind, path: layer.configPath });
  }
  for (const plugin of pluginHookSources({
    codexHome: options.codexHome,
    ...(options.ignoreUserConfig ? { ignoreUserConfig: true } : {}),
  }))
    addPluginHooks(plugin, found, add);
  for (const source of options.extraSources ?? []) {
    const file = findHooksJson(source.path);
    if (!file) {
      found.warnings.push(`no hooks.json in ${source.path}`);
      continue;
    }
    readJsonSource(file, source, found, add);
  }
  return found;
}

/**
 * One plugin's hooks as discovery reads them, keyed as hooks/list keys them, without trust (plugin/read
 * describes a plugin whether or not it is installed).
 */
export function readPluginHooks(plugin: PluginHookSource): DiscoveredHooks {
  const found: DiscoveredHooks = { hooks: [], warnings: [], errors: [] };
  addPluginHooks(plugin, found, (file, table, source) => {
    for (const def of readTable(file, table, source, found)) {
      found.hooks.push({
        ...def,
        displayOrder: found.hooks.length,
        trustStatus: "untrusted",
        enabled: false,
      });
    }
  });
  return found;
}

function addPluginHooks(
  plugin: PluginHookSource,
  found: DiscoveredHooks,
  add: (file: string, table: unknown, source: HookSource) => void,
): void {
  const source = { kind: "plugin" as const, pluginId: plugin.pluginId, pluginRoot: plugin.root };
  for (const path of plugin.paths) {
    const file = findHooksJson(resolve(plugin.root, path));
    if (file) readJsonSource(file, { ...source, path: file }, found, add);
    else found.warnings.push(`plugin ${plugin.pluginId}: no hooks file at ${path}`);
  }
  if (plugin.inline) {
    const manifest = join(plugin.root, ".codex-plugin", "plugin.json");
    add(manifest, plugin.inline, { ...source, path: manifest });
  }
}

interface LayerSource {
  kind: "system" | "user" | "project";
  folder: string;
  configPath?: string;
  inline?: Record<string, unknown>;
}

/** The folders of the active layers, lowest first, with their inline tables. */
function configSources(options: DiscoverOptions): LayerSource[] {
  const layerAt = (path: string) => options.layers.find((l) => l.path && resolve(l.path) === path);
  const source = (kind: LayerSource["kind"], folder: string): LayerSource => {
    const configPath = join(folder, "config.toml");
    const inline = inlineHooks(layerAt(configPath)?.value);
    return { kind, folder, configPath, ...(inline ? { inline } : {}) };
  };
  const out: LayerSource[] = [];
  const system = options.layers.find((l) => l.source === "system" && l.path);
  if (system?.path) out.push(source("system", dirname(resolve(system.path))));
  const home = resolve(options.codexHome);
  out.push(source("user", home));
  // Trust comes from the system and user files only, so a project cannot trust itself.
  const trustTable = options.projectTrust ?? trustTableOf(options.layers);
  for (const dir of foldersFromRepoRoot(options.cwd, rootMarkersOf(options.layers))) {
    const dotCodex = join(dir, ".codex");
    if (dotCodex !== home && isProjectTrusted(dir, trustTable)) out.push(source("project", dotCodex));
  }
  return out;
}

/** The `[hooks]` table of a layer, without its trust records. */
function inlineHooks(value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const hooks = value?.hooks;
  if (!hooks || typeof hooks !== "object") return undefined;
  const events = Object.fromEntries(Object.entries(hooks).filter(([name]) => name !== "state"));
  return Object.keys(events).length > 0 ? events : undefined;
}

function findHooksJson(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  if (!statSync(path).isDirectory()) return path;
  for (const candidate of [join(path, "hooks.json"), join(path, "hooks", "hooks.json")]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function readJsonSource(
  file: string,
  source: HookSource,
  found: DiscoveredHooks,
  add: (file: string, table: unknown, source: HookSource) => void,
): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    found.errors.push({ path: file, message: `cannot read hooks: ${(err as Error).message}` });
    return;
  }
  const hooks = (parsed as { hooks?: unknown } | null)?.hooks;
  if (hooks === undefined) {
    found.errors.push({ path: file, message: 'expected an object with a "hooks" table' });
    return;
  }
  add(file, hooks, source);
}

type FoundDefinition = Omit<HookDefinition, "displayOrder" | "trustStatus" | "enabled">;

function readTable(
  file: string,
  table: unknown,
  source: HookSource,
  found: DiscoveredHooks,
): FoundDefinition[] {
  const parsed = HooksTable.safeParse(table);
  if (!parsed.success) {
    found.errors.push({ path: file, message: "hooks must be a table of events" });
    return [];
  }
  const out: FoundDefinition[] = [];
  for (const [name, groups] of Object.entries(parsed.data)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(name)) {
      found.warnings.push(`unknown hook event ${name} in ${file} (known: ${HOOK_EVENTS.join(", ")})`);
      continue;
    }
    const event = name as HookEvent;
    const list = z.array(MatcherGroup).safeParse(groups);
    if (!list.success) {
      found.errors.push({ path: file, message: `${name}: ${list.error.issues[0]?.message ?? "invalid"}` });
      continue;
    }
    list.data.forEach((group, groupIndex) => {
      group.hooks.forEach((raw, handlerIndex) => {
        const where = `${name}[${groupIndex}].hooks[${handlerIndex}]`;
        if (raw.type !== "command") {
          found.warnings.push(`skipping ${raw.type} hook in ${file} (${where}): only command hooks run`);
          return;
        }
        const handler = CommandHandler.safeParse(raw);
        if (!handler.success) {
          const issue = handler.error.issues[0];
          found.errors.push({
            path: file,
            message: `${where}${issue?.path.length ? `.${issue.path.join(".")}` : ""}: ${issue?.message ?? "invalid"}`,
          });
          return;
        }
        const h = handler.data;
        if (h.async) found.warnings.push(`${file} (${where}): async hooks run synchronously in codex-ts`);
        const body = {
          event,
          matcher: group.matcher ?? null,
          command: h.command,
          timeoutSec: h.timeout ?? h.timeoutSec ?? DEFAULT_HOOK_TIMEOUT_SEC,
          statusMessage: h.statusMessage ?? null,
          async: h.async ?? false,
        };
        out.push({
          ...body,
          key: `${file}:${eventKeyLabel(event)}:${groupIndex}:${handlerIndex}`,
          source: source.kind,
          sourcePath: file,
          pluginId: source.pluginId ?? null,
          pluginRoot: source.pluginRoot ?? null,
          currentHash: hookHash(body),
        });
      });
    });
  }
  return out;
}

/** Trust records from the system and user files only: a project cannot vouch for its own hooks. */
function trustState(layers: readonly ConfigLayer[]): HookTrustState {
  const state: HookTrustState = {};
  for (const layer of layers) {
    if (layer.source !== "system" && layer.source !== "user") continue;
    const table = (layer.value.hooks as { state?: unknown } | undefined)?.state;
    if (table && typeof table === "object") Object.assign(state, table);
  }
  return state;
}
