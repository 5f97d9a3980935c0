// Where a working directory sits in its project: the root (the nearest folder holding a root marker, `.git`
// unless `project_root_markers` says otherwise), and the folders from that root down to cwd, which AGENTS.md,
// project config and skills are read from.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const DEFAULT_ROOT_MARKERS: readonly string[] = [".git"];

/** The nearest ancestor holding one of `markers`, or undefined (always, for no markers). */
export function findRepoRoot(
  cwd: string,
  markers: readonly string[] = DEFAULT_ROOT_MARKERS,
): string | undefined {
  if (markers.length === 0) return undefined;
  let dir = resolve(cwd);
  for (;;) {
    if (markers.some((marker) => existsSync(join(dir, marker)))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Folders from the project root (or cwd itself when none is found) down to cwd, root first. */
export function foldersFromRepoRoot(
  cwd: string,
  markers: readonly string[] = DEFAULT_ROOT_MARKERS,
): string[] {
  const end = resolve(cwd);
  const root = findRepoRoot(end, markers) ?? end;
  const dirs: string[] = [];
  for (let dir = end; ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dir === root || dirname(dir) === dir) break;
  }
  return dirs;
}
