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
  /** The config keys that set them, for a refusal to name (default: `[subagents]`'s). */
  depthKey?: string;
  agentsKey?: string;
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
  // `enable_fanout` (agent jobs) needs the tree, so it turns the tree on too, as it did in Codex.
  // Codex's `[agents] max_depth` / `max_threads` apply where `[subagents]` sets no limit of its own.
  const agents = config.toml.agents;
  const defaults: SubagentSettings = {
    enabled: featureOn(config.toml, "multi_agent") || featureOn(config.toml, "enable_fanout"),
    maxDepth: agents?.max_depth ?? DEFAULT_MAX_DEPTH,
    maxAgents: agents?.max_threads ?? DEFAULT_MAX_AGENTS,
    ...(agents?.max_depth !== undefined ? { depthKey: "[agents] max_depth" } : {}),
    ...(agents?.max_threads !== undefined ? { agentsKey: "[agents] max_threads" } : {}),
  };
  const raw: unknown = (config.toml as Record<string, unknown>).subagents;
  if (raw === undefined) return defaults;
  const parsed = SubagentsToml.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `subagents.${issue.path.join(".")}` : "subagents";
    return {
      ...defaults,
      problem: `config: ${where}: ${issue?.message ?? "invalid"}; using the defaults (max_depth ${defaults.maxDepth}, max_agents ${defaults.maxAgents})`,
    };
  }
  const settings: SubagentSettings = { ...defaults, enabled: parsed.data.enabled ?? defaults.enabled };
  if (parsed.data.max_depth !== undefined) {
    settings.maxDepth = parsed.data.max_depth;
    delete settings.depthKey;
  }
  if (parsed.data.max_agents !== undefined) {
    settings.maxAgents = parsed.data.max_agents;
    delete settings.agentsKey;
  }
  return settings;
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
      `${limits.maxDepth} deep (${limits.depthKey ?? "[subagents] max_depth"}). Do the work yourself instead.`
    );
  }
  if (attached >= limits.maxAgents) {
    return (
      `cannot spawn: ${attached} subagents exist and the limit is ${limits.maxAgents} ` +
      `(${limits.agentsKey ?? "[subagents] max_agents"}). Cancel finished ones with subagent_cancel, ` +
      "or do the work yourself."
    );
  }
  return undefined;
}
