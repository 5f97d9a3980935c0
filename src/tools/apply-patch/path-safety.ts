// Which files a patch touches and whether each lies inside the roots it may write: lexically (no `..`
// escape, no absolute path elsewhere) and physically (no symlink leading out of the roots).
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { PatchFs } from "./patch-fs.js";
import { nodePatchFs, statOrUndefined } from "./patch-fs.js";
import type { ParsedPatch } from "./types.js";
import { PatchApplyError } from "./types.js";

export interface PathPolicyOptions {
  /** Relative patch paths resolve against it (unless `baseDir` is given); it is always writable. */
  cwd: string;
  /** Where relative patch paths start when not at cwd (a patch run as `cd DIR && apply_patch`). */
  baseDir?: string;
  /** More directories the patch may write (absolute, or relative to cwd). `["/"]` allows anything. */
  writableRoots?: readonly string[];
  fs?: PatchFs;
}

export interface PatchTarget {
  /** As written in the patch. */
  path: string;
  absolutePath: string;
  /** `move` is the destination of an Update File's `*** Move to:`. */
  action: "add" | "delete" | "update" | "move";
  insideWritableRoots: boolean;
  /** Why the path is refused, when it is. */
  reason?: string;
}

/** Every path the patch writes or removes, each checked against the writable roots. */
export async function listPatchTargets(
  parsed: ParsedPatch,
  options: PathPolicyOptions,
): Promise<PatchTarget[]> {
  const fs = options.fs ?? nodePatchFs;
  const roots = await writableRoots(options, fs);
  const targets: PatchTarget[] = [];
  const check = async (path: string, action: PatchTarget["action"]) => {
    const absolutePath = resolve(options.baseDir ?? options.cwd, path);
    const reason = await refusalReason(path, absolutePath, roots, fs);
    targets.push(
      reason === undefined
        ? { path, absolutePath, action, insideWritableRoots: true }
        : { path, absolutePath, action, insideWritableRoots: false, reason },
    );
  };
  for (const hunk of parsed.hunks) {
    await check(hunk.path, hunk.kind);
    if (hunk.kind === "update" && hunk.movePath !== undefined) await check(hunk.movePath, "move");
  }
  return targets;
}

/** Throws PatchApplyError for the first target outside the writable roots. */
export function assertTargetsWritable(targets: readonly PatchTarget[]): void {
  const refused = targets.find((t) => !t.insideWritableRoots);
  if (refused) {
    throw new PatchApplyError(
      `Refusing to write '${refused.path}': ${refused.reason ?? "outside the writable roots"}`,
      refused.path,
    );
  }
}

interface Roots {
  lexical: string[];
  physical: string[];
}

async function writableRoots(options: PathPolicyOptions, fs: PatchFs): Promise<Roots> {
  const lexical = [options.cwd, ...(options.writableRoots ?? [])].map((root) => resolve(options.cwd, root));
  // A root may itself be reached through a symlink (macOS /tmp): compare real paths with real roots.
  const physical = await Promise.all(lexical.map((root) => fs.realpath(root).catch(() => root)));
  return { lexical, physical };
}

async function refusalReason(
  path: string,
  absolutePath: string,
  roots: Roots,
  fs: PatchFs,
): Promise<string | undefined> {
  const rootList = roots.lexical.join(", ");
  if (!roots.lexical.some((root) => isInside(absolutePath, root))) {
    const how = isAbsolute(path) ? "it is" : "it resolves to";
    return `${how} ${absolutePath}, outside the writable roots (${rootList})`;
  }
  const insidePhysically = (real: string) => roots.physical.some((root) => isInside(real, root));
  const existing = await statOrUndefined(fs, absolutePath);
  if (existing) {
    let real: string;
    try {
      real = await fs.realpath(absolutePath);
    } catch {
      return `it is a symlink whose target does not exist`;
    }
    if (!insidePhysically(real))
      return `it leads through a symlink to ${real}, outside the writable roots (${rootList})`;
  }
  const ancestor = await nearestExistingAncestor(dirname(absolutePath), fs);
  const realAncestor = await fs.realpath(ancestor).catch(() => undefined);
  if (realAncestor === undefined) return `its directory ${ancestor} is a symlink whose target does not exist`;
  if (!insidePhysically(realAncestor)) {
    return `its directory ${ancestor} leads through a symlink to ${realAncestor}, outside the writable roots (${rootList})`;
  }
  return undefined;
}

async function nearestExistingAncestor(directory: string, fs: PatchFs): Promise<string> {
  let current = directory;
  while (!(await statOrUndefined(fs, current))) {
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return current;
}

export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
