// externalAgentConfig/import: carries each detected item over into codex-ts's own files. Nothing already
// there is overwritten (an existing AGENTS.md, skill or MCP server is a failure saying so), and config.toml
// is edited in place, comments kept, through a temporary file renamed over it.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { applyConfigEdits, type ConfigEditRequest } from "../../../config/config-write.js";
import type {
  ImportFailure,
  ImportSuccess,
  MigrationItem,
} from "../../../protocol/app-server/v2/external-agent.js";
import {
  agentsMdOf,
  claudeMcpServers,
  claudeMdOf,
  claudeSettingsOf,
  claudeSkillsOf,
  codexSkillsOf,
  configTomlOf,
  homeScope,
  pendingEnv,
  readCodexToml,
  repoScope,
  toCodexMcpServer,
  type ClaudeScope,
} from "./claude-sources.js";

export interface ItemOutcome {
  successes: ImportSuccess[];
  failures: ImportFailure[];
}

function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

function editToml(scope: ClaudeScope, edits: ConfigEditRequest[]): void {
  const path = configTomlOf(scope);
  const before = existsSync(path) ? readFileSync(path, "utf8") : "";
  writeAtomically(path, applyConfigEdits(before, edits));
}

/** Dotted key paths need quoting for names with dots or spaces. */
const key = (name: string) => (/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name));

export function importItem(item: MigrationItem, home: string, codexHome: string): ItemOutcome {
  const scope = item.cwd ? repoScope(item.cwd) : homeScope(home, codexHome);
  const cwd = scope.cwd;
  const ok = (source: string, target: string): ImportSuccess => ({
    itemType: item.itemType,
    cwd,
    source,
    target,
    title: null,
  });
  const fail = (stage: string, message: string, source: string | null = null): ImportFailure => ({
    itemType: item.itemType,
    failureStage: stage,
    message,
    cwd,
    source,
    errorType: null,
    subErrorType: null,
  });
  try {
    switch (item.itemType) {
      case "AGENTS_MD": {
        const from = claudeMdOf(scope);
        const to = agentsMdOf(scope);
        if (!existsSync(from))
          return { successes: [], failures: [fail("read", `${from} does not exist`, from)] };
        if (existsSync(to)) return { successes: [], failures: [fail("write", `${to} already exists`, from)] };
        writeAtomically(to, readFileSync(from, "utf8"));
        return { successes: [ok(from, to)], failures: [] };
      }
      case "CONFIG": {
        const env = pendingEnv(scope);
        const from = claudeSettingsOf(scope);
        if (Object.keys(env).length > 0) {
          editToml(scope, [{ keyPath: "shell_environment_policy.set", value: env, mergeStrategy: "upsert" }]);
        }
        return { successes: [ok(from, configTomlOf(scope))], failures: [] };
      }
      case "MCP_SERVER_CONFIG": {
        const servers = claudeMcpServers(scope, home);
        const have = (readCodexToml(scope).mcp_servers ?? {}) as Record<string, unknown>;
        const names = item.details?.mcpServers?.map((s) => s.name) ?? Object.keys(servers);
        const outcome: ItemOutcome = { successes: [], failures: [] };
        const edits: ConfigEditRequest[] = [];
        for (const name of names) {
          const server = servers[name];
          if (!server) outcome.failures.push(fail("read", `no MCP server named ${name}`, name));
          else if (name in have)
            outcome.failures.push(fail("write", `MCP server ${name} already exists`, name));
          else {
            const converted = toCodexMcpServer(server);
            if ("error" in converted)
              outcome.failures.push(fail("convert", `${name}: ${converted.error}`, name));
            else {
              edits.push({
                keyPath: `mcp_servers.${key(name)}`,
                value: converted.value,
                mergeStrategy: "replace",
              });
              outcome.successes.push(ok(name, name));
            }
          }
        }
        if (edits.length > 0) editToml(scope, edits);
        return outcome;
      }
      case "SKILLS": {
        const names = item.details?.skills?.map((s) => s.name) ?? [];
        const outcome: ItemOutcome = { successes: [], failures: [] };
        for (const name of names) {
          const from = join(claudeSkillsOf(scope), name);
          const to = join(codexSkillsOf(scope), name);
          if (!existsSync(join(from, "SKILL.md")))
            outcome.failures.push(fail("read", `${from} has no SKILL.md`, name));
          else if (existsSync(to)) outcome.failures.push(fail("write", `${to} already exists`, name));
          else {
            cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
            outcome.successes.push(ok(name, name));
          }
        }
        return outcome;
      }
      default:
        return {
          successes: [],
          failures: [fail("unsupported", `importing ${item.itemType} from Claude Code is not supported`)],
        };
    }
  } catch (err) {
    return { successes: [], failures: [fail("write", (err as Error).message)] };
  }
}
