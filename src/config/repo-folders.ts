// Where a working directory sits in its repository: the root (the nearest folder holding `.git`), and the
// folders from that root down to cwd, which AGENTS.md, project config and skills are read from.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The nearest ancestor holding `.git`, or undefined outside a repository. */
export function findRepoRoot(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    if (existsSync(join(dir, ".git"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Folders from the repository root (or cwd itself outside a repository) down to cwd, root first. */
export function foldersFromRepoRoot(cwd: string): string[] {
  const end = resolve(cwd);
  const root = findRepoRoot(end) ?? end;
  const dirs: string[] = [];
  for (let dir = end; ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dir === root || dirname(dir) === dir) break;
  }
  return dirs;
}
