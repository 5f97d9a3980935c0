// Where codex-ts keeps its state: $CODEX_HOME, or ~/.codex-ts.
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** The system-wide config layer, below the user's. */
export const SYSTEM_CONFIG_PATH = "/etc/codex-ts/config.toml";

export function resolveCodexHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CODEX_HOME;
  if (fromEnv && fromEnv.trim() !== "") return resolve(fromEnv);
  return join(homedir(), ".codex-ts");
}
