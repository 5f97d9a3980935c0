// The `[subagents]` table of config.toml: whether the root offers the subagent tools, and how big the tree
// may grow. Read from the raw table (the config schema is loose) until the schema declares it.
import { z } from "zod";
import type { Config } from "../../config/load.js";
import { featureOn } from "../../config/features.js";

export const DEFAULT_MAX_DEPTH = 3;
export const DEFAULT_MAX_AGENTS = 8;

export interface SubagentLimits {
  /** Deepest level a subagent may sit at: the root's children are at depth 1. */
  maxDepth: number;
  /** Most subagents attached to the tree at once (cancelled ones do not count). */
  maxAgents: number;
}

export interface SubagentSettings extends SubagentLimits {
  /** `[subagents] enabled = true`: the root thread offers the subagent tools. */
  enabled: boolean;
  /** Why a value was ignored, for the user to see. */
  problem?: string;
}

const SubagentsToml = z.looseObject({
  enabled: z.boolean().optional(),
  max_depth: z.number().int().min(0).optional(),
  max_agents: z.number().int().min(0).optional(),
});

export function subagentSettings(config: Pick<Config, "toml">): SubagentSettings {
  // `[features] multi_agent` (older: `collab`) is Codex's switch; `[subagents] enabled` wins over it.
  const defaults = {
    enabled: featureOn(config.toml, "multi_agent"),
    maxDepth: DEFAULT_MAX_DEPTH,
    maxAgents: DEFAULT_MAX_AGENTS,
  };
  const raw: unknown = (config.toml as Record<string, unknown>).subagents;
  if (raw === undefined) return defaults;
  const parsed = SubagentsToml.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `subagents.${issue.path.join(".")}` : "subagents";
    return {
      ...defaults,
      problem: `config: ${where}: ${issue?.message ?? "invalid"}; using the defaults (max_depth ${DEFAULT_MAX_DEPTH}, max_agents ${DEFAULT_MAX_AGENTS})`,
    };
  }
  return {
    enabled: parsed.data.enabled ?? defaults.enabled,
    maxDepth: parsed.data.max_depth ?? DEFAULT_MAX_DEPTH,
    maxAgents: parsed.data.max_agents ?? DEFAULT_MAX_AGENTS,
  };
}

/** Why a spawn by `callerId` (its child would be at `depth`, with `attached` subagents in the tree) is refused. */
export function spawnRefusal(
  callerId: number,
  depth: number,
  attached: number,
  limits: SubagentLimits,
): string | undefined {
  if (depth > limits.maxDepth) {
    return (
      `cannot spawn: agent ${callerId} is at depth ${depth - 1} and subagents may be at most ` +
      `${limits.maxDepth} deep ([subagents] max_depth). Do the work yourself instead.`
    );
  }
  if (attached >= limits.maxAgents) {
    return (
      `cannot spawn: ${attached} subagents exist and the limit is ${limits.maxAgents} ` +
      "([subagents] max_agents). Cancel finished ones with subagent_cancel, or do the work yourself."
    );
  }
  return undefined;
}
