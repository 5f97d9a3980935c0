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

/**
 * The root markers the system and user config files set (`project_root_markers`), or undefined for the
 * default: a project's own file cannot move its root. Project config, project hooks and project rules
 * are all found from the root these give.
 */
export function rootMarkersOf(
  layers: readonly { source: string; value: Record<string, unknown> }[],
): string[] | undefined {
  const markers = layers
    .filter((layer) => layer.source === "system" || layer.source === "user")
    .reduce<unknown>((acc, layer) => layer.value.project_root_markers ?? acc, undefined);
  return Array.isArray(markers) && markers.every((m) => typeof m === "string") ? markers : undefined;
}
