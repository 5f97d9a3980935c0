// Agent roles at spawn time: the list the spawn tool offers the model, and the config a child of a role runs
// with (its role file as a layer over the root's config, as Codex applies it).
import { readRoleFile, type AgentRole } from "../../config/agent-roles.js";
import { configWithLayer, type Config } from "../../config/load.js";
import { SubagentError, type RoleListing } from "./agent-scope.js";

/** The role a spawn without `agent_type` gets: a user's `[agents.default]`, else none (the parent's config). */
export const DEFAULT_ROLE = "default";

export function roleListings(config: Config): RoleListing[] {
  const roles = config.agentRoles ?? {};
  const listings = Object.values(roles).map((role) => {
    const listing: RoleListing = { name: role.name, description: role.description };
    // A role file changed or removed since config loaded is still listed; spawning it says what is wrong.
    let layer: Record<string, unknown> = {};
    try {
      if (role.configFile) layer = readRoleFile(role.configFile, role.name).config;
    } catch {
      return listing;
    }
    if (typeof layer.model === "string") listing.model = layer.model;
    if (typeof layer.model_reasoning_effort === "string") listing.effort = layer.model_reasoning_effort;
    return listing;
  });
  if (!roles[DEFAULT_ROLE]) {
    listings.unshift({ name: DEFAULT_ROLE, description: "Your own settings, with no role's instructions." });
  }
  return listings;
}

/** The role list, as the spawn tool's `agent_type` parameter describes it. */
export function describeRoles(listings: readonly RoleListing[]): string {
  const lines = listings.map((role) => {
    const fixed = [
      role.model ? `model ${role.model}` : undefined,
      role.effort ? `reasoning effort ${role.effort}` : undefined,
    ].filter(Boolean);
    const note = fixed.length > 0 ? ` (fixed: ${fixed.join(", ")}; a spawn cannot change it)` : "";
    return `- ${role.name}: ${role.description}${note}`;
  });
  return `The role of the new agent (default: ${DEFAULT_ROLE}). Roles:\n${lines.join("\n")}`;
}

/** What a child of a role runs with, and which of the parent's turn settings the role replaces. */
export interface AppliedRole {
  name: string;
  config: Config;
  /** The role file sets the model: a spawn's `model` does not override it. */
  setsModel: boolean;
  setsApprovalPolicy: boolean;
  setsSandbox: boolean;
  nicknames?: string[];
}

/** The role `name` (or the default role) applied to `config`; undefined when no role applies. */
export function applyRole(
  config: Config,
  name: string | undefined,
  env: NodeJS.ProcessEnv,
): AppliedRole | undefined {
  const roles = config.agentRoles ?? {};
  const role: AgentRole | undefined = roles[name ?? DEFAULT_ROLE];
  if (!role) {
    if (name === undefined || name === DEFAULT_ROLE) return undefined;
    const known = [DEFAULT_ROLE, ...Object.keys(roles).filter((n) => n !== DEFAULT_ROLE)].join(", ");
    throw new SubagentError(`unknown agent_type '${name}' (roles: ${known})`);
  }
  let layer: Record<string, unknown> = {};
  let roleConfig = config;
  try {
    if (role.configFile) {
      layer = readRoleFile(role.configFile, role.name).config;
      roleConfig = configWithLayer(
        config,
        { source: `agent_role:${role.name}`, path: role.configFile, value: layer },
        env,
      );
    }
  } catch (err) {
    throw new SubagentError(`agent type '${role.name}' is not available: ${(err as Error).message}`);
  }
  return {
    name: role.name,
    config: roleConfig,
    setsModel: typeof layer.model === "string",
    setsApprovalPolicy: layer.approval_policy !== undefined,
    // A permission profile is a sandbox too (sandbox_mode wins over it, as when config loads).
    setsSandbox: layer.sandbox_mode !== undefined || layer.default_permissions !== undefined,
    ...(role.nicknameCandidates ? { nicknames: role.nicknameCandidates } : {}),
  };
}

/** A role still in the config (a resumed child's role may have been removed since: then none). */
export function knownRole(config: Config, name: string, env: NodeJS.ProcessEnv): AppliedRole | undefined {
  return config.agentRoles?.[name] ? applyRole(config, name, env) : undefined;
}

/** The role's first nickname no attached agent has (the first one when all are taken). */
export function nickname(
  role: AppliedRole | undefined,
  taken: ReadonlyArray<string | undefined>,
): string | undefined {
  if (!role?.nicknames) return undefined;
  return role.nicknames.find((n) => !taken.includes(n)) ?? role.nicknames[0];
}
