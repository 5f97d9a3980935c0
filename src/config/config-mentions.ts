// Whether any config file a command could read, or its `-c` overrides, mentions a word. Most configs set
// neither the state folders nor a fleet: a server then knows it without loading the config (zod, TOML,
// every layer), which would otherwise run between its handshake and the first thread list.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { SYSTEM_CONFIG_PATH } from "./home.js";

function fileMentions(path: string, pattern: RegExp): boolean {
  try {
    return pattern.test(readFileSync(path, "utf8"));
  } catch {
    return false;
  }
}

/**
 * The system and user files (profiles live in the user's) and the overrides; with `cwd`, also every
 * `.codex/config.toml` from it up to the filesystem's root (more than the project layers, which stop at the
 * project's root and need trust: a superset, since a false "yes" only costs the load).
 */
export function configMayMention(
  pattern: RegExp,
  { codexHome, overrides, cwd }: { codexHome: string; overrides: readonly string[]; cwd?: string },
): boolean {
  if (overrides.some((o) => pattern.test(o))) return true;
  if (fileMentions(SYSTEM_CONFIG_PATH, pattern) || fileMentions(join(codexHome, "config.toml"), pattern))
    return true;
  if (cwd === undefined) return false;
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (fileMentions(join(dir, ".codex", "config.toml"), pattern)) return true;
    if (dirname(dir) === dir) return false;
  }
}
