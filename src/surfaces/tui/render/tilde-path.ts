// Paths under the home directory are shown as ~/..., as a shell prompt would.
import { homedir } from "node:os";

export function tildePath(path: string, home = homedir()): string {
  return home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}
