// Where codex-ts keeps two kinds of state the real Codex lets a config move out of CODEX_HOME:
// `sqlite_home` (the thread index, threads.sqlite; else $CODEX_SQLITE_HOME; else CODEX_HOME) and `log_dir`
// (the app-server's log; else CODEX_HOME/log). A relative path is taken from CODEX_HOME, `~/` from HOME.
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { configMayMention } from "./config-mentions.js";
import type { ConfigToml } from "./schema.js";

/** The env variable the real Codex reads for the SQLite folder when the config names none. */
export const SQLITE_HOME_ENV = "CODEX_SQLITE_HOME";

function expand(path: string, base: string): string {
  if (path === "~") return homedir();
  if (path.startsWith("~/")) return join(homedir(), path.slice(2));
  return resolve(base, path);
}

export function sqliteHomeFor(codexHome: string, toml: ConfigToml, env: NodeJS.ProcessEnv): string {
  if (toml.sqlite_home !== undefined) return expand(toml.sqlite_home, codexHome);
  const fromEnv = env[SQLITE_HOME_ENV];
  if (fromEnv && fromEnv.trim() !== "") return expand(fromEnv, process.cwd());
  return codexHome;
}

export function logDirFor(codexHome: string, toml: ConfigToml): string {
  return toml.log_dir !== undefined ? expand(toml.log_dir, codexHome) : join(codexHome, "log");
}

/**
 * Whether the config files a server reads (system, user) or its `-c` overrides mention either key. Most
 * configs do not: the server then knows both folders without loading the config.
 */
export function mayMoveStateDirs(codexHome: string, overrides: readonly string[]): boolean {
  return configMayMention(/sqlite_home|log_dir/, { codexHome, overrides });
}
