// `[features]`: the real Codex's feature flags. The ones with a codex-ts counterpart change what it does
// (see `featureOn`'s callers and README "Configuration", `[features]`); every other flag is accepted and has no effect here,
// as a flag the real Codex has dropped has none there either.
import { z } from "zod";

/** A flag is a boolean, or a table with `enabled` (Codex's form for flags that take settings). */
export const FeaturesToml = z.record(z.string(), z.union([z.boolean(), z.record(z.string(), z.unknown())]));

/** Older spellings the real Codex still reads, by the flag they stand for. */
const ALIASES: Record<string, string> = {
  experimental_use_unified_exec_tool: "unified_exec",
  web_search: "web_search_request",
  collab: "multi_agent",
};

/** The config keys a flag is read from (a profile's or the file's, merged). */
export interface FeatureSource {
  features?: Record<string, unknown> | undefined;
  experimental_use_unified_exec_tool?: boolean | undefined;
}

/** The flags codex-ts acts on, and their defaults (Codex's, for a Unix machine, but for subagents), in Codex's order. */
export const FEATURE_DEFAULTS = {
  shell_tool: true,
  view_image: true,
  unified_exec: true,
  web_search_request: false,
  web_search_cached: false,
  hooks: true,
  // Codex 0.169 has it on (a deprecated V1 fallback); codex-ts offers its subagent tools only when asked.
  multi_agent: false,
  enable_fanout: false,
  personality: true,
  memories: false,
} as const;
export type KnownFeature = keyof typeof FEATURE_DEFAULTS;
export const KNOWN_FEATURES = Object.keys(FEATURE_DEFAULTS) as KnownFeature[];

/**
 * Each flag's stage as Codex 0.169's `experimentalFeature/list` gives it. `removed`: Codex reads the flag
 * no more (codex-ts still does, for `personality`); `deprecated`: another setting replaces it there.
 */
export const FEATURE_STAGES: Record<KnownFeature, "stable" | "deprecated" | "removed"> = {
  shell_tool: "stable",
  view_image: "stable",
  unified_exec: "stable",
  web_search_request: "deprecated",
  web_search_cached: "deprecated",
  hooks: "stable",
  multi_agent: "deprecated",
  // Codex 0.169 lists it as removed (its agent jobs are gone there); codex-ts still offers them.
  enable_fanout: "removed",
  personality: "removed",
  memories: "stable",
};

export function isKnownFeature(name: string): name is KnownFeature {
  return Object.hasOwn(FEATURE_DEFAULTS, name);
}

/**
 * The flag a `[features]` key stands for: itself when codex-ts acts on it, the flag of an older spelling
 * Codex still reads (`collab`, `web_search`, ...), else undefined.
 */
export function canonicalFeature(key: string): KnownFeature | undefined {
  if (isKnownFeature(key)) return key;
  const target = Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
  return target !== undefined && isKnownFeature(target) ? target : undefined;
}

/** The older `[features]` spellings of `name` (`collab` for `multi_agent`, ...). */
export function featureAliases(name: KnownFeature): string[] {
  return Object.entries(ALIASES)
    .filter(([, target]) => target === name)
    .map(([alias]) => alias);
}

function valueOf(entry: unknown): boolean | undefined {
  if (typeof entry === "boolean") return entry;
  if (entry && typeof entry === "object") {
    const enabled = (entry as { enabled?: unknown }).enabled;
    if (typeof enabled === "boolean") return enabled;
  }
  return undefined;
}

/**
 * What the config says of `name`, or undefined when nothing does. The canonical key wins over an alias in
 * `[features]`; the top-level `experimental_use_unified_exec_tool` counts below both, as in Codex.
 */
export function featureSetting(toml: FeatureSource, name: KnownFeature): boolean | undefined {
  const features = toml.features ?? {};
  const direct = valueOf(features[name]);
  if (direct !== undefined) return direct;
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (target !== name) continue;
    const viaAlias = valueOf(features[alias]);
    if (viaAlias !== undefined) return viaAlias;
  }
  if (name === "unified_exec") return toml.experimental_use_unified_exec_tool;
  return undefined;
}

/** Whether `name` is on: the config's word, else the default. */
export function featureOn(toml: FeatureSource, name: KnownFeature): boolean {
  return featureSetting(toml, name) ?? FEATURE_DEFAULTS[name];
}
