// externalAgentConfig/detect: what of Claude Code's configuration codex-ts could import, home first, then each
// repository asked about. Only what is not imported yet is offered, so a second detect after an import is empty.
import type { MigrationItem } from "../../../protocol/app-server/v2/external-agent.js";
import {
  agentsMdOf,
  claudeMdOf,
  claudeSettingsOf,
  claudeSkillsOf,
  codexSkillsOf,
  configTomlOf,
  homeScope,
  mcpSourceOf,
  pendingEnv,
  pendingInstructions,
  pendingMcpServers,
  pendingSkills,
  repoScope,
  type ClaudeScope,
} from "./claude-sources.js";

export interface DetectOptions {
  home: string;
  codexHome: string;
  includeHome: boolean;
  cwds: readonly string[];
}

const details = (key: "mcpServers" | "skills", names: string[]) => ({
  plugins: [],
  skills: key === "skills" ? names.map((name) => ({ name })) : [],
  sessions: [],
  mcpServers: key === "mcpServers" ? names.map((name) => ({ name })) : [],
  hooks: [],
  subagents: [],
  commands: [],
});

function scopeItems(scope: ClaudeScope, home: string): MigrationItem[] {
  const items: MigrationItem[] = [];
  const cwd = scope.cwd;
  if (Object.keys(pendingEnv(scope)).length > 0) {
    items.push({
      itemType: "CONFIG",
      description: `Migrate ${claudeSettingsOf(scope)} into ${configTomlOf(scope)}`,
      cwd,
      details: null,
    });
  }
  const servers = pendingMcpServers(scope, home);
  if (servers.length > 0) {
    items.push({
      itemType: "MCP_SERVER_CONFIG",
      description: `Migrate MCP servers from ${mcpSourceOf(scope)} into ${configTomlOf(scope)}`,
      cwd,
      details: details("mcpServers", servers),
    });
  }
  const skills = pendingSkills(scope);
  if (skills.length > 0) {
    items.push({
      itemType: "SKILLS",
      description: `Migrate skills from ${claudeSkillsOf(scope)} to ${codexSkillsOf(scope)}`,
      cwd,
      details: details("skills", skills),
    });
  }
  if (pendingInstructions(scope)) {
    items.push({
      itemType: "AGENTS_MD",
      description: `Migrate ${claudeMdOf(scope)} to ${agentsMdOf(scope)}`,
      cwd,
      details: null,
    });
  }
  return items;
}

export function detectMigrations(options: DetectOptions): MigrationItem[] {
  const items: MigrationItem[] = [];
  if (options.includeHome)
    items.push(...scopeItems(homeScope(options.home, options.codexHome), options.home));
  for (const cwd of new Set(options.cwds)) items.push(...scopeItems(repoScope(cwd), options.home));
  return items;
}
