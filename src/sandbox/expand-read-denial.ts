// Turns a read denial into the concrete paths the sandbox masks, when a command starts: exact paths that
// exist, and whatever the glob patterns match on disk now. A glob is looked for below its fixed leading
// folders only (`/w/**/*.env` walks /w), never following symlinked folders, with nothing skipped for being
// git-ignored. The walk is bounded; past a bound the command is refused (a partial mask would let it read
// what the profile denies), with a message saying how to narrow the pattern.
import { promises as fs, type Dirent } from "node:fs";
import path from "node:path";
import { denyPlaceholder } from "./deny-placeholders.js";
import { hasReadDenial, matchesDenyGlob, splitGlob, type ReadDenial } from "./read-denial.js";

export interface DeniedPath {
  path: string;
  kind: "file" | "dir";
}

export interface ExpansionLimits {
  /** Directory entries looked at, over all patterns. */
  maxEntries: number;
  /** Wall time for the whole expansion. */
  maxMs: number;
}

export const DEFAULT_EXPANSION_LIMITS: ExpansionLimits = { maxEntries: 200_000, maxMs: 5_000 };

export class ReadDenialExpansionError extends Error {
  override name = "ReadDenialExpansionError";
}

async function kindOf(p: string): Promise<DeniedPath["kind"] | undefined> {
  // A symlink is followed: bwrap mounts over what it points to, which is what a read through it would see.
  const st = await fs.stat(p).catch(() => undefined);
  if (!st) return undefined;
  return st.isDirectory() ? "dir" : "file";
}

export async function expandReadDenial(
  denial: ReadDenial,
  limits: ExpansionLimits = DEFAULT_EXPANSION_LIMITS,
): Promise<DeniedPath[]> {
  const found = new Map<string, DeniedPath["kind"]>();
  for (const p of denial.paths) {
    const kind = await kindOf(p);
    if (kind) found.set(p, kind);
  }
  const deadline = Date.now() + limits.maxMs;
  const budget = { entries: 0 };
  for (const pattern of denial.globs) {
    await expandGlob(pattern, denial.globScanMaxDepth, limits, deadline, budget, found);
  }
  // Parents first, and nothing inside an already-masked folder (its mount would hide the inner one anyway).
  const sorted = [...found.entries()].sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1));
  const out: DeniedPath[] = [];
  const maskedDirs = new Set<string>();
  for (const [p, kind] of sorted) {
    if (insideAny(p, maskedDirs)) continue;
    out.push({ path: p, kind });
    if (kind === "dir") maskedDirs.add(p);
  }
  return out;
}

/** Whether `p` is one of `dirs` or below one: each of its prefixes that ends before a `/` is looked up. */
function insideAny(p: string, dirs: ReadonlySet<string>): boolean {
  if (dirs.has(p)) return true;
  for (let slash = p.indexOf("/"); slash >= 0; slash = p.indexOf("/", slash + 1)) {
    if (dirs.has(p.slice(0, slash))) return true;
  }
  return false;
}

async function expandGlob(
  pattern: string,
  maxDepth: number | undefined,
  limits: ExpansionLimits,
  deadline: number,
  budget: { entries: number },
  found: Map<string, DeniedPath["kind"]>,
): Promise<void> {
  const { base, rest } = splitGlob(pattern);
  if (rest === "") {
    const kind = await kindOf(pattern);
    if (kind) found.set(pattern, kind);
    return;
  }
  // Without `**` a pattern reaches exactly as deep as it has parts; with it, glob_scan_max_depth (if set).
  const depth = rest.split("/").includes("**") ? maxDepth : rest.split("/").length;
  // Breadth first; read by index, as shifting a queue of many thousand folders moves it each time.
  const queue: Array<{ dir: string; level: number }> = [{ dir: base, level: 1 }];
  for (let head = 0; head < queue.length; head++) {
    const next = queue[head];
    if (!next) break;
    let entries: Dirent[];
    try {
      entries = await fs.readdir(next.dir, { withFileTypes: true });
    } catch {
      continue; // Unreadable or gone: the command cannot read it either.
    }
    for (const entry of entries) {
      budget.entries += 1;
      if (budget.entries > limits.maxEntries || Date.now() > deadline) {
        throw new ReadDenialExpansionError(
          `deny-read glob \`${pattern}\` was not fully expanded (stopped after ${budget.entries - 1} entries ` +
            `or ${limits.maxMs} ms); the command is not run. Set glob_scan_max_depth or use a narrower pattern`,
        );
      }
      const full = path.join(next.dir, entry.name);
      if (matchesDenyGlob(full, pattern)) {
        const kind = entry.isDirectory() ? "dir" : entry.isSymbolicLink() ? await kindOf(full) : "file";
        if (kind) found.set(full, kind);
        if (kind === "dir") continue;
      }
      if (entry.isDirectory() && (depth === undefined || next.level < depth)) {
        queue.push({ dir: full, level: next.level + 1 });
      }
    }
  }
}

/**
 * planExec's input for a denial, expanded now (empty without one), with the placeholder kept in
 * `codexHome`. Throws ReadDenialExpansionError past the expansion's bounds.
 */
export async function denialPlanInput(
  denial: ReadDenial | undefined,
  codexHome: string,
): Promise<{ deniedPaths?: DeniedPath[]; denyPlaceholder?: string; readableRoots?: string[] }> {
  if (!hasReadDenial(denial)) return {};
  const deniedPaths = await expandReadDenial(denial);
  return {
    ...(deniedPaths.length > 0 ? { deniedPaths, denyPlaceholder: denyPlaceholder(codexHome) } : {}),
    ...(denial.readableRoots ? { readableRoots: denial.readableRoots } : {}),
  };
}
