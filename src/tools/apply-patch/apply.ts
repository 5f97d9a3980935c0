// Step two: write a plan to disk. Removals go first (a removed file may make room for a directory);
// if any write fails, what was already done is undone, so a patch lands whole or not at all.
import { dirname } from "node:path";
import type { PatchFs } from "./patch-fs.js";
import { nodePatchFs } from "./patch-fs.js";
import type { PatchChange, PatchOptions, PatchPlan } from "./plan.js";
import { planPatch } from "./plan.js";
import type { ParsedPatch } from "./types.js";
import { PatchApplyError } from "./types.js";

export interface PatchResult {
  changes: PatchChange[];
  summary: string;
}

/** Plans the whole patch (throwing PatchApplyError before any write), then writes it. */
export async function applyPatch(parsed: ParsedPatch, options: PatchOptions): Promise<PatchResult> {
  const plan = await planPatch(parsed, options);
  await commitPlan(plan, options.fs);
  return { changes: plan.changes, summary: plan.summary };
}

export async function commitPlan(plan: PatchPlan, fs: PatchFs = nodePatchFs): Promise<void> {
  const entries = [...plan.finalContents];
  const removals = entries.filter(
    ([path, content]) => content === null && plan.originalContents.get(path) != null,
  );
  const writes = entries.filter((entry): entry is [string, string] => entry[1] !== null);
  const touched: string[] = [];
  const createdDirectories: string[] = [];
  let current = "";
  try {
    for (const [path] of removals) {
      current = path;
      touched.push(path);
      await fs.remove(path);
    }
    for (const [path, content] of writes) {
      current = path;
      const created = await fs.mkdirRecursive(dirname(path));
      if (created !== undefined) createdDirectories.push(created);
      touched.push(path);
      await fs.writeFile(path, content);
    }
  } catch (err) {
    const undoFailures = await undo(plan, fs, touched, createdDirectories);
    const undoNote =
      undoFailures.length === 0
        ? "no file was changed"
        : `could not restore ${undoFailures.join(", ")}; other files were restored`;
    throw new PatchApplyError(`Failed to write ${current}: ${(err as Error).message} (${undoNote})`);
  }
}

/** Puts every touched file back as it was; returns the paths it could not restore. */
async function undo(plan: PatchPlan, fs: PatchFs, touched: string[], createdDirectories: string[]) {
  const failures: string[] = [];
  for (const path of [...touched].reverse()) {
    const original = plan.originalContents.get(path) ?? null;
    try {
      if (original === null) await fs.remove(path);
      else {
        await fs.mkdirRecursive(dirname(path));
        await fs.writeFile(path, original);
      }
    } catch {
      failures.push(path);
    }
  }
  for (const directory of [...createdDirectories].reverse()) {
    await fs.remove(directory).catch(() => failures.push(directory));
  }
  return failures;
}
