// `[memories]` (with `[features] memories`): what is remembered from past threads and given to new ones.
// The keys, their defaults and their ranges are Codex 0.169's; core/memories/ acts on them. An out-of-range
// number is clamped, as Codex clamps it. Two keys ask for something codex-ts does not have, and loading the
// config stops with the reason rather than accept them silently (see `memoriesProblem`).
import { z } from "zod";
import { featureOn, type FeatureSource } from "./features.js";

export const MemoriesToml = z.looseObject({
  /** Threads that used MCP tools or web search are not remembered (older name below). */
  disable_on_external_context: z.boolean().optional(),
  no_memories_if_mcp_or_web_search: z.boolean().optional(),
  /** false: threads started from now on are marked never to be remembered. */
  generate_memories: z.boolean().optional(),
  /** false: new threads are not told the memory summary. */
  use_memories: z.boolean().optional(),
  /** Codex's memory tools (list/read/search/note); codex-ts has none: only false is accepted. */
  dedicated_tools: z.boolean().optional(),
  /** Codex's writing of a second memory layout alongside the first; only false is accepted. */
  dual_write: z.boolean().optional(),
  max_raw_memories_for_consolidation: z.number().int().optional(),
  max_unused_days: z.number().int().optional(),
  max_rollout_age_days: z.number().int().optional(),
  max_rollouts_per_startup: z.number().int().optional(),
  min_rollout_idle_hours: z.number().int().optional(),
  min_rate_limit_remaining_percent: z.number().int().optional(),
  extract_model: z.string().min(1).optional(),
  consolidation_model: z.string().min(1).optional(),
  consolidation_service_tier: z.string().min(1).optional(),
});
export type MemoriesToml = z.infer<typeof MemoriesToml>;

/** The effective settings, defaults applied and numbers clamped to Codex's ranges. */
export interface MemoriesSettings {
  /** `[features] memories`: nothing below matters when it is off. */
  enabled: boolean;
  disableOnExternalContext: boolean;
  generateMemories: boolean;
  useMemories: boolean;
  maxRawMemoriesForConsolidation: number;
  maxUnusedDays: number;
  maxRolloutAgeDays: number;
  maxRolloutsPerStartup: number;
  minRolloutIdleHours: number;
  minRateLimitRemainingPercent: number;
  extractModel?: string;
  consolidationModel?: string;
  consolidationServiceTier?: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function memoriesSettings(
  toml: FeatureSource & { memories?: MemoriesToml | undefined },
): MemoriesSettings {
  const m = toml.memories ?? {};
  const settings: MemoriesSettings = {
    enabled: featureOn(toml, "memories"),
    disableOnExternalContext: m.disable_on_external_context ?? m.no_memories_if_mcp_or_web_search ?? false,
    generateMemories: m.generate_memories ?? true,
    useMemories: m.use_memories ?? true,
    maxRawMemoriesForConsolidation: clamp(m.max_raw_memories_for_consolidation ?? 256, 1, 4096),
    maxUnusedDays: clamp(m.max_unused_days ?? 30, 0, 365),
    maxRolloutAgeDays: clamp(m.max_rollout_age_days ?? 10, 0, 90),
    maxRolloutsPerStartup: clamp(m.max_rollouts_per_startup ?? 2, 1, 128),
    minRolloutIdleHours: clamp(m.min_rollout_idle_hours ?? 6, 1, 48),
    minRateLimitRemainingPercent: clamp(m.min_rate_limit_remaining_percent ?? 25, 0, 100),
  };
  if (m.extract_model) settings.extractModel = m.extract_model;
  if (m.consolidation_model) settings.consolidationModel = m.consolidation_model;
  if (m.consolidation_service_tier) settings.consolidationServiceTier = m.consolidation_service_tier;
  return settings;
}

/** Why the `[memories]` table asks for what codex-ts cannot do, or undefined when it can do all of it. */
export function memoriesProblem(memories: MemoriesToml | undefined): string | undefined {
  if (memories?.dedicated_tools === true)
    return "memories.dedicated_tools = true: codex-ts has no dedicated memory tools; the model reads the memory folder with its command tool (remove the key or set it to false)";
  if (memories?.dual_write === true)
    return "memories.dual_write = true: codex-ts keeps a single memory layout in $CODEX_HOME/memories (remove the key or set it to false)";
  return undefined;
}
