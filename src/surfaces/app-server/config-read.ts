// config/read: the effective config for a cwd, where each value comes from, and (when asked) every layer.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { CODEX_ONLY_KEYS } from "../../config/codex-keys.js";
import { CONFIG_DEFAULTS, PROVIDER_DEFAULTS } from "../../config/config-defaults.js";
import { configVersion } from "../../config/config-write.js";
import { featureOn, KNOWN_FEATURES } from "../../config/features.js";
import { ConfigToml, ProviderToml, ShellEnvironmentPolicyToml } from "../../config/schema.js";
import { SYSTEM_CONFIG_PATH, type Config, type ConfigLayer as CoreLayer } from "../../config/load.js";
import { LOCAL_PROVIDERS } from "../../model/provider-info.js";
import type {
  ConfigLayer,
  ConfigLayerMetadata,
  ConfigLayerSource,
  ConfigReadResponse,
} from "../../protocol/app-server/v2/config.js";

function layerSource(layer: CoreLayer): ConfigLayerSource | undefined {
  if (layer.source === "system" && layer.path) return { type: "system", file: layer.path };
  if (layer.source === "user" && layer.path) return { type: "user", file: layer.path, profile: null };
  if (layer.source === "project" && layer.path)
    return { type: "project", dotCodexFolder: dirname(layer.path) };
  if (layer.source === "cli" || layer.source === "overrides") return { type: "sessionFlags" };
  return undefined;
}

/** A file layer's version is the hash of its bytes (what config writes check); others hash their values. */
function layerVersion(layer: CoreLayer): string {
  if (layer.path) {
    try {
      return configVersion(readFileSync(layer.path, "utf8"));
    } catch {
      // Vanished since it was loaded: fall through to its value.
    }
  }
  return configVersion(JSON.stringify(layer.value));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Dotted paths of every leaf in a layer (arrays are leaves). */
function leafPaths(value: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    return isPlainObject(child) ? leafPaths(child, path) : [path];
  });
}

function toLayer(layer: CoreLayer, userPath: string | undefined, disabledReason?: string) {
  // A profile is a user layer under the profile's name: its own file (NAME.config.toml), or the user file
  // that holds its legacy [profiles.NAME] table.
  const profile = layer.source.startsWith("profile:") ? layer.source.slice("profile:".length) : undefined;
  const file = layer.path ?? userPath;
  const name: ConfigLayerSource | undefined =
    profile !== undefined && file ? { type: "user", file, profile } : layerSource(layer);
  if (!name) return undefined;
  const entry: ConfigLayer = { name, version: layerVersion(layer), config: layer.value };
  if (disabledReason) entry.disabledReason = disabledReason;
  return entry;
}

function toJson(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  return value;
}

const EMPTY_TABLES = ["mcp_servers", "profiles", "projects", "plugins", "marketplaces"];
/** Keys of Codex's effective config (its schema's Config) that are no config.toml key codex-ts knows. */
const LISTED_BY_CODEX = ["browser_use", "computer_use", "client_search_provider"];
/** Every top-level key of config.toml codex-ts knows (its own and those of Codex it accepts), sorted. */
const KNOWN_KEYS = [
  ...Object.keys(ConfigToml.shape),
  ...Object.keys(CODEX_ONLY_KEYS),
  ...LISTED_BY_CODEX,
].sort();

/**
 * Every known key as null: Codex lists its whole config, unset keys as null, and clients read the keys
 * without checking for them. Fresh per call: the empty tables and list are the response's own.
 */
function unsetKeys(): Record<string, unknown> {
  return {
    ...Object.fromEntries(KNOWN_KEYS.map((key) => [key, null])),
    // Tables and lists Codex lists empty rather than null.
    ...Object.fromEntries(EMPTY_TABLES.map((key) => [key, {}])),
    project_doc_fallback_filenames: [],
  };
}

/**
 * The effective config over the defaults codex-ts uses (CONFIG_DEFAULTS; a set table keeps the defaults of
 * the keys it leaves out), over null for every other known key.
 */
function withDefaults(config: Config): Record<string, unknown> {
  const toml = toJson(config.toml) as Record<string, unknown>;
  const merged: Record<string, unknown> = {
    ...unsetKeys(),
    ...structuredClone(CONFIG_DEFAULTS),
    shell_environment_policy: nullKeys(ShellEnvironmentPolicyToml.shape),
  };
  for (const [key, value] of Object.entries(toml)) {
    const fallback = merged[key];
    merged[key] = isPlainObject(fallback) && isPlainObject(value) ? { ...fallback, ...value } : value;
  }
  merged.features = features(config, toml.features);
  if (isPlainObject(merged.model_providers)) merged.model_providers = providers(merged.model_providers);
  return merged;
}

/** Each key of a table's schema as null: Codex lists a table's unset keys so. */
function nullKeys(shape: object): Record<string, null> {
  return Object.fromEntries(Object.keys(shape).map((key) => [key, null]));
}

/**
 * `[features]`: the flags codex-ts acts on, each as it is on (an older spelling or
 * `experimental_use_unified_exec_tool` counts), beside whatever else the table sets.
 */
function features(config: Config, table: unknown): Record<string, unknown> {
  const effective = Object.fromEntries(KNOWN_FEATURES.map((name) => [name, featureOn(config.toml, name)]));
  return { ...effective, ...(isPlainObject(table) ? table : {}) };
}

const BUILT_IN_PROVIDERS = new Set<string>(["openai", ...LOCAL_PROVIDERS]);

/**
 * Declared providers with every key codex-ts knows of one (null when unset) and the defaults a declared
 * provider takes. A declaration named like a built-in provider keeps the built-in's values instead.
 */
function providers(declared: Record<string, unknown>): Record<string, unknown> {
  const { default_model: _own, ...known } = nullKeys(ProviderToml.shape);
  return Object.fromEntries(
    Object.entries(declared).map(([id, table]) => {
      if (!isPlainObject(table)) return [id, table];
      const defaults = BUILT_IN_PROVIDERS.has(id) ? {} : PROVIDER_DEFAULTS;
      return [id, { ...known, ...defaults, ...table }];
    }),
  );
}

export function buildConfigReadResponse(config: Config, includeLayers: boolean): ConfigReadResponse {
  const userPath = config.layers.find((l) => l.source === "user")?.path;
  const applied = config.layers
    .map((layer) => ({ layer, wire: toLayer(layer, userPath) }))
    .filter((l): l is { layer: CoreLayer; wire: ConfigLayer } => l.wire !== undefined);
  const origins: Record<string, ConfigLayerMetadata> = {};
  for (const { layer, wire } of applied) {
    const meta = { name: wire.name, version: wire.version };
    for (const path of leafPaths(layer.value)) origins[path] = meta;
  }
  const response: ConfigReadResponse = {
    config: withDefaults(config),
    origins,
  };
  if (includeLayers) {
    const disabled = config.disabledLayers
      .map((layer) => toLayer(layer, userPath, layer.disabledReason))
      .filter((l): l is ConfigLayer => l !== undefined);
    // Highest precedence first, as the real Codex lists them; untrusted project layers after the rest.
    // The system file is listed even when absent (empty), as Codex lists its own.
    const system = applied.some(({ layer }) => layer.source === "system")
      ? []
      : [toLayer({ source: "system", path: SYSTEM_CONFIG_PATH, value: {} }, userPath)];
    const wired = [...applied.map((l) => l.wire).reverse(), ...system, ...disabled];
    response.layers = wired
      .filter((l): l is ConfigLayer => l !== undefined)
      .map((l) => ({
        ...l,
        config: toJson(l.config) as Record<string, unknown>,
      }));
  }
  return response;
}
