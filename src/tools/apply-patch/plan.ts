// Step one of applying a patch: check every path and compute every file's new content in memory.
// Nothing is written here, so a patch that fails anywhere leaves the disk untouched.
import { resolve } from "node:path";
import { computeUpdatedContent } from "./compute-update.js";
import type { PatchFs } from "./patch-fs.js";
import { nodePatchFs, physicalPath, statOrUndefined } from "./patch-fs.js";
import type { PathPolicyOptions, PatchTarget } from "./path-safety.js";
import { assertTargetsWritable, listPatchTargets } from "./path-safety.js";
import type { ParsedPatch } from "./types.js";
import { PatchApplyError } from "./types.js";
import { unifiedDiff } from "./unified-diff.js";

export type PatchOptions = PathPolicyOptions;

export interface PatchChange {
  /** Absolute path of the file the hunk names. */
  path: string;
  kind: "add" | "delete" | "update";
  /** Absolute destination of an update with `*** Move to:`. */
  movePath?: string;
  /** For an update: old vs new content. */
  unifiedDiff?: string;
  /** For an add: the new content; for a delete: the content removed. */
  content?: string;
}

export interface PatchPlan {
  changes: PatchChange[];
  /** "Success. Updated the following files:" and one `A|M|D path` line per file, paths as in the patch. */
  summary: string;
  targets: PatchTarget[];
  /** Final state of every touched file: new content, or null for removed. */
  finalContents: Map<string, string | null>;
  /** State before the patch (null: did not exist), so a failed write can be undone. */
  originalContents: Map<string, string | null>;
  /**
   * Each touched path with its symlinks resolved now, at plan time: the write goes there and follows no
   * symlink, so one swapped in later makes it fail rather than land elsewhere.
   */
  physicalPaths: Map<string, string>;
}

export async function planPatch(parsed: ParsedPatch, options: PatchOptions): Promise<PatchPlan> {
  const fs = options.fs ?? nodePatchFs;
  const targets = await listPatchTargets(parsed, options);
  assertTargetsWritable(targets);

  const finalContents = new Map<string, string | null>();
  const originalContents = new Map<string, string | null>();
  // Hunks see the effect of earlier hunks of the same patch, as if applied one after another.
  const currentContent = async (absolutePath: string, displayPath: string): Promise<string | null> => {
    const planned = finalContents.get(absolutePath);
    if (planned !== undefined) return planned;
    if (!originalContents.has(absolutePath)) {
      originalContents.set(absolutePath, await readIfPresent(fs, absolutePath, displayPath));
    }
    return originalContents.get(absolutePath) ?? null;
  };
  const plan = async (absolutePath: string, displayPath: string, content: string | null) => {
    await currentContent(absolutePath, displayPath);
    finalContents.set(absolutePath, content);
  };

  const changes: PatchChange[] = [];
  const added: string[] = [];
  const modified: string[] = [];
  const deleted: string[] = [];
  for (const hunk of parsed.hunks) {
    const absolutePath = resolve(options.cwd, hunk.path);
    if (hunk.kind === "add") {
      await plan(absolutePath, hunk.path, hunk.contents);
      changes.push({ path: absolutePath, kind: "add", content: hunk.contents });
      added.push(hunk.path);
    } else if (hunk.kind === "delete") {
      const content = await currentContent(absolutePath, hunk.path);
      if (content === null) throw new PatchApplyError(`Cannot delete ${hunk.path}: no such file`, hunk.path);
      await plan(absolutePath, hunk.path, null);
      changes.push({ path: absolutePath, kind: "delete", content });
      deleted.push(hunk.path);
    } else {
      const content = await currentContent(absolutePath, hunk.path);
      if (content === null) throw new PatchApplyError(`Cannot update ${hunk.path}: no such file`, hunk.path);
      const updated = computeUpdatedContent(content, hunk.chunks, hunk.path);
      const change: PatchChange = {
        path: absolutePath,
        kind: "update",
        unifiedDiff: unifiedDiff(content, updated),
      };
      if (hunk.movePath === undefined) {
        await plan(absolutePath, hunk.path, updated);
      } else {
        const destination = resolve(options.cwd, hunk.movePath);
        await plan(absolutePath, hunk.path, null);
        await plan(destination, hunk.movePath, updated);
        change.movePath = destination;
      }
      changes.push(change);
      modified.push(hunk.movePath ?? hunk.path);
    }
  }
  const summary = formatSummary(added, modified, deleted);
  const physicalPaths = new Map<string, string>();
  for (const path of finalContents.keys()) physicalPaths.set(path, await physicalPath(fs, path));
  return { changes, summary, targets, finalContents, originalContents, physicalPaths };
}

/** Codex's wording, so models trained on it read the result as they expect. */
export function formatSummary(
  added: readonly string[],
  modified: readonly string[],
  deleted: readonly string[],
): string {
  const lines = [
    ...added.map((p) => `A ${p}`),
    ...modified.map((p) => `M ${p}`),
    ...deleted.map((p) => `D ${p}`),
  ];
  return ["Success. Updated the following files:", ...lines].join("\n");
}

async function readIfPresent(fs: PatchFs, absolutePath: string, displayPath: string): Promise<string | null> {
  const stat = await statOrUndefined(fs, absolutePath);
  if (!stat) return null;
  if (stat.isDirectory())
    throw new PatchApplyError(`Cannot change ${displayPath}: it is a directory`, displayPath);
  try {
    return await fs.readFile(absolutePath);
  } catch (err) {
    throw new PatchApplyError(`Cannot read ${displayPath}: ${(err as Error).message}`, displayPath);
  }
}
