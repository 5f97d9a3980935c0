// Agent roles, as Codex declares them: `[agents.NAME]` tables (description, config_file, nickname_candidates)
// in any config layer, and role files found in an `agents/` folder beside a layer's config.toml
// ($CODEX_HOME/agents/, a trusted project's .codex/agents/). A role file is a config layer of its own (model,
// model_reasoning_effort, sandbox_mode, developer_instructions, ...) plus `name`, `description` and
// `nickname_candidates`; a subagent spawned with that role runs with the layer on top of its parent's config.
import { readdirSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { checkConfigFile, ConfigError, describeIssue, readConfigFile } from "./config-file.js";

export interface AgentRole {
  name: string;
  description: string;
  /** The role file (absolute); undefined: the role only describes itself and changes no setting. */
  configFile?: string;
  nicknameCandidates?: string[];
}

/** What load.ts's ConfigLayer holds. */
interface Layer {
  source: string;
  path?: string;
  value: Record<string, unknown>;
}

/** Keys of a role file that describe the role rather than configure the agent. */
const ROLE_KEYS = ["name", "description", "nickname_candidates"] as const;

/** Keys of `[agents]` that are settings, not roles. */
export const AGENTS_SETTINGS = ["max_threads", "max_depth", "job_max_runtime_seconds", "interrupt_message"];

/**
 * The roles every file layer declares or holds in its `agents/` folder; a higher layer's role wins.
 * `$CODEX_HOME/agents/` counts even when there is no `$CODEX_HOME/config.toml`.
 */
export function loadAgentRoles(layers: readonly Layer[], codexHome: string): Record<string, AgentRole> {
  const roles: Record<string, Partial<AgentRole> & { name: string }> = {};
  const withUser = layers.some((layer) => layer.source === "user")
    ? layers
    : [
        ...layers.filter((l) => l.source === "system"),
        { source: "user", path: join(codexHome, "config.toml"), value: {} },
        ...layers.filter((l) => l.source !== "system"),
      ];
  for (const layer of withUser) {
    if (!layer.path || !["system", "user", "project"].includes(layer.source)) continue;
    const folder = dirname(layer.path);
    const declared = declaredRoles(layer.value.agents, folder);
    const layerRoles = new Map(declared.map((role) => [role.name, role]));
    const declaredFiles = new Set(declared.map((role) => role.configFile));
    for (const file of roleFilesIn(join(folder, "agents"))) {
      if (declaredFiles.has(file)) continue;
      const parsed = readRoleFile(file);
      if (layerRoles.has(parsed.name)) {
        throw new ConfigError(`agent role \`${parsed.name}\` is declared twice (${file})`);
      }
      layerRoles.set(parsed.name, { ...parsed.about, name: parsed.name, configFile: file });
    }
    for (const [name, role] of layerRoles) roles[name] = { ...roles[name], ...definedOnly(role), name };
  }
  const out: Record<string, AgentRole> = {};
  for (const [name, role] of Object.entries(roles)) {
    if (!role.description) throw new ConfigError(`agent role \`${name}\` must define a description`);
    out[name] = role as AgentRole;
  }
  return out;
}

function declaredRoles(agents: unknown, folder: string): Array<Partial<AgentRole> & { name: string }> {
  if (typeof agents !== "object" || agents === null) return [];
  const out: Array<Partial<AgentRole> & { name: string }> = [];
  for (const [declaredName, raw] of Object.entries(agents as Record<string, unknown>)) {
    if (AGENTS_SETTINGS.includes(declaredName) || typeof raw !== "object" || raw === null) continue;
    const table = raw as { description?: string; config_file?: string; nickname_candidates?: string[] };
    const role: Partial<AgentRole> & { name: string } = { name: declaredName };
    if (table.description !== undefined) {
      role.description = nonBlank(`agents.${declaredName}.description`, table.description);
    }
    if (table.nickname_candidates !== undefined) {
      role.nicknameCandidates = nicknames(`agents.${declaredName}`, table.nickname_candidates);
    }
    if (table.config_file !== undefined) {
      const file = isAbsolute(table.config_file) ? table.config_file : resolve(folder, table.config_file);
      const parsed = readRoleFile(file, declaredName);
      role.configFile = file;
      // The file's own name, description and nicknames win over the table's.
      role.name = parsed.name;
      Object.assign(role, definedOnly(parsed.about));
    }
    out.push(role);
  }
  return out;
}

export interface RoleFile {
  name: string;
  about: Pick<Partial<AgentRole>, "description" | "nicknameCandidates">;
  /** The config layer the role applies: the file less its name, description and nicknames. */
  config: Record<string, unknown>;
}

/** Reads a role file; `fallbackName` names it when the file has no `name`. */
export function readRoleFile(path: string, fallbackName?: string): RoleFile {
  let file: ReturnType<typeof readConfigFile>;
  try {
    file = readConfigFile(path);
  } catch (err) {
    throw new ConfigError(`agent role file: ${(err as Error).message}`);
  }
  if (!file) throw new ConfigError(`agent role file ${path} does not exist`);
  const { name, description, nickname_candidates, ...config } = file.value;
  const roleName = typeof name === "string" && name.trim() !== "" ? name.trim() : fallbackName;
  if (!roleName) throw new ConfigError(`agent role file at ${path} must define a non-empty \`name\``);
  const instructions = config.developer_instructions;
  if (typeof instructions !== "string" || instructions.trim() === "") {
    throw new ConfigError(`agent role file at ${path} must define \`developer_instructions\``);
  }
  const about: RoleFile["about"] = {};
  if (description !== undefined) {
    if (typeof description !== "string") throw new ConfigError(`${path}: description must be a string`);
    about.description = nonBlank(`${path}: description`, description);
  }
  if (nickname_candidates !== undefined) about.nicknameCandidates = nicknames(path, nickname_candidates);
  for (const key of ROLE_KEYS) delete config[key];
  // A role file is a config layer: a value of the wrong kind is an error, as in config.toml.
  const bad = checkConfigFile(path, { value: config, text: file.text }).find((i) => i.kind === "error");
  if (bad) throw new ConfigError(`invalid agent role file: ${describeIssue(bad)}`);
  return { name: roleName, about, config };
}

function roleFilesIn(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new ConfigError(`cannot read agent roles in ${dir}: ${(err as Error).message}`);
  }
  return entries
    .filter((entry) => entry.endsWith(".toml"))
    .map((entry) => join(dir, entry))
    .sort();
}

function nonBlank(where: string, text: string): string {
  if (text.trim() === "") throw new ConfigError(`${where} cannot be blank`);
  return text.trim();
}

function nicknames(where: string, raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new ConfigError(`${where}.nickname_candidates must contain at least one name`);
  }
  const names = raw.map((n) => (typeof n === "string" ? n.trim() : ""));
  if (names.some((n) => !/^[A-Za-z0-9 _-]+$/.test(n))) {
    throw new ConfigError(
      `${where}.nickname_candidates may only hold names of ASCII letters, digits, spaces, '-' and '_'`,
    );
  }
  if (new Set(names).size !== names.length) {
    throw new ConfigError(`${where}.nickname_candidates cannot contain duplicates`);
  }
  return names;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
