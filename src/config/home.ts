// Where codex-ts keeps its state: $CODEX_HOME, or ~/.codex-ts.
import { homedir } from "node:os";
import { join, resolve } from "node:path";

export function resolveCodexHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CODEX_HOME;
  if (fromEnv && fromEnv.trim() !== "") return resolve(fromEnv);
  return join(homedir(), ".codex-ts");
}
