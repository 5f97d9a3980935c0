// What Claude Code keeps that codex-ts can use, and where each piece goes: instructions (CLAUDE.md ->
// AGENTS.md), MCP servers (~/.claude.json, a repository's .mcp.json -> [mcp_servers]), skills
// (.claude/skills -> codex-ts's skill folders) and the environment of settings.json
// ([shell_environment_policy.set]). Reading only; import.ts writes.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";

type Json = Record<string, unknown>;

export interface ClaudeScope {
  /** null: the user's home (Claude's ~/.claude); otherwise a repository folder. */
  cwd: string | null;
  /** Where Claude keeps this scope's files: ~ or the repository. */
  root: string;
  /** Where codex-ts keeps its own: $CODEX_HOME, or the repository's .codex. */
  codexDir: string;
}

export const homeScope = (home: string, codexHome: string): ClaudeScope => ({
  cwd: null,
  root: home,
  codexDir: codexHome,
});

export const repoScope = (cwd: string): ClaudeScope => ({ cwd, root: cwd, codexDir: join(cwd, ".codex") });

function readJson(path: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

function table(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

export const configTomlOf = (scope: ClaudeScope) => join(scope.codexDir, "config.toml");

/** The codex-ts config.toml of the scope, parsed ({} when missing or unreadable). */
export function readCodexToml(scope: ClaudeScope): Json {
  try {
    return table(parseToml(readFileSync(configTomlOf(scope), "utf8")));
  } catch {
    return {};
  }
}

export const claudeMdOf = (scope: ClaudeScope) =>
  scope.cwd === null ? join(scope.root, ".claude", "CLAUDE.md") : join(scope.root, "CLAUDE.md");

export const agentsMdOf = (scope: ClaudeScope) =>
  scope.cwd === null ? join(scope.codexDir, "AGENTS.md") : join(scope.root, "AGENTS.md");

export const claudeSettingsOf = (scope: ClaudeScope) => join(scope.root, ".claude", "settings.json");

export const claudeSkillsOf = (scope: ClaudeScope) => join(scope.root, ".claude", "skills");

/** Where codex-ts reads the scope's skills: $CODEX_HOME/skills, or the repository's .agents/skills. */
export const codexSkillsOf = (scope: ClaudeScope) =>
  scope.cwd === null ? join(scope.codexDir, "skills") : join(scope.root, ".agents", "skills");

/** The MCP-servers file(s) of the scope, for the item's description. */
export const mcpSourceOf = (scope: ClaudeScope) => scope.root;

/**
 * Claude's MCP servers for the scope: ~/.claude.json's `mcpServers` for home; a repository's `.mcp.json`
 * and ~/.claude.json's `projects[cwd].mcpServers` for a repository.
 */
export function claudeMcpServers(scope: ClaudeScope, home: string): Record<string, Json> {
  const global = readJson(join(home, ".claude.json")) ?? {};
  if (scope.cwd === null) return table(global.mcpServers) as Record<string, Json>;
  const project = table(table(global.projects)[scope.cwd]).mcpServers;
  const shared = table(readJson(join(scope.root, ".mcp.json"))?.mcpServers);
  return { ...table(project), ...shared } as Record<string, Json>;
}

/** A Claude MCP server as a codex-ts `[mcp_servers.NAME]` table, or why it cannot be one. */
export function toCodexMcpServer(server: Json): { value: Json } | { error: string } {
  const type = typeof server.type === "string" ? server.type : server.url ? "http" : "stdio";
  const strings = (value: unknown) =>
    Object.fromEntries(Object.entries(table(value)).filter(([, v]) => typeof v === "string")) as Record<
      string,
      string
    >;
  if (type === "stdio") {
    if (typeof server.command !== "string" || server.command === "") return { error: "no command" };
    const args = Array.isArray(server.args) ? server.args.filter((a) => typeof a === "string") : [];
    const env = strings(server.env);
    return {
      value: {
        command: server.command,
        ...(args.length > 0 ? { args } : {}),
        ...(Object.keys(env).length > 0 ? { env } : {}),
      },
    };
  }
  if (type === "http") {
    if (typeof server.url !== "string") return { error: "no url" };
    const headers = strings(server.headers);
    return {
      value: { url: server.url, ...(Object.keys(headers).length > 0 ? { http_headers: headers } : {}) },
    };
  }
  return { error: `${type} MCP servers are not supported (only stdio and streamable HTTP)` };
}

/** Servers of the scope that its codex-ts config does not have yet. */
export function pendingMcpServers(scope: ClaudeScope, home: string): string[] {
  const have = table(readCodexToml(scope).mcp_servers);
  return Object.keys(claudeMcpServers(scope, home)).filter((name) => !(name in have));
}

/** Skills under .claude/skills (a folder with a SKILL.md) that codex-ts's skill folder does not have. */
export function pendingSkills(scope: ClaudeScope): string[] {
  const dir = claudeSkillsOf(scope);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => existsSync(join(dir, name, "SKILL.md")))
    .filter((name) => !existsSync(join(codexSkillsOf(scope), name)))
    .sort();
}

/** settings.json's `env` entries that the scope's [shell_environment_policy.set] lacks. */
export function pendingEnv(scope: ClaudeScope): Record<string, string> {
  const env = table(readJson(claudeSettingsOf(scope))?.env);
  const have = table(table(readCodexToml(scope).shell_environment_policy).set);
  return Object.fromEntries(
    Object.entries(env).filter(([k, v]) => typeof v === "string" && have[k] !== v),
  ) as Record<string, string>;
}

/** CLAUDE.md to carry over: present, not empty, and no AGENTS.md there yet. */
export function pendingInstructions(scope: ClaudeScope): boolean {
  const from = claudeMdOf(scope);
  try {
    return statSync(from).isFile() && statSync(from).size > 0 && !existsSync(agentsMdOf(scope));
  } catch {
    return false;
  }
}
