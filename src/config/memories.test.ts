import { describe, expect, it } from "vitest";
import { memoriesProblem, memoriesSettings } from "./memories.js";

describe("[memories] settings", () => {
  it("takes Codex 0.169's defaults, off until [features] memories turns it on", () => {
    expect(memoriesSettings({})).toEqual({
      enabled: false,
      disableOnExternalContext: false,
      generateMemories: true,
      useMemories: true,
      maxRawMemoriesForConsolidation: 256,
      maxUnusedDays: 30,
      maxRolloutAgeDays: 10,
      maxRolloutsPerStartup: 2,
      minRolloutIdleHours: 6,
      minRateLimitRemainingPercent: 25,
    });
    expect(memoriesSettings({ features: { memories: true } }).enabled).toBe(true);
    expect(memoriesSettings({ features: { memories: { enabled: true } } }).enabled).toBe(true);
  });

  it("clamps numbers to Codex's ranges and reads the older name of disable_on_external_context", () => {
    const s = memoriesSettings({
      memories: {
        max_raw_memories_for_consolidation: 10_000,
        max_unused_days: -3,
        max_rollout_age_days: 400,
        max_rollouts_per_startup: 0,
        min_rollout_idle_hours: 0,
        min_rate_limit_remaining_percent: 150,
        no_memories_if_mcp_or_web_search: true,
        extract_model: "small",
        consolidation_model: "big",
        consolidation_service_tier: "flex",
      },
    });
    expect(s).toMatchObject({
      maxRawMemoriesForConsolidation: 4096,
      maxUnusedDays: 0,
      maxRolloutAgeDays: 90,
      maxRolloutsPerStartup: 1,
      minRolloutIdleHours: 1,
      minRateLimitRemainingPercent: 100,
      disableOnExternalContext: true,
      extractModel: "small",
      consolidationModel: "big",
      consolidationServiceTier: "flex",
    });
    // The new name wins over the old one.
    expect(
      memoriesSettings({
        memories: { disable_on_external_context: false, no_memories_if_mcp_or_web_search: true },
      }).disableOnExternalContext,
    ).toBe(false);
  });

  it("refuses, with the reason, what codex-ts does not have", () => {
    expect(memoriesProblem({ dedicated_tools: true })).toMatch(/no dedicated memory tools/);
    expect(memoriesProblem({ dual_write: true })).toMatch(/single memory layout/);
    expect(memoriesProblem({ dedicated_tools: false, dual_write: false })).toBeUndefined();
    expect(memoriesProblem(undefined)).toBeUndefined();
  });
});
