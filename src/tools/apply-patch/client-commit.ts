// A patch written through the client (an editor's `fs/write_text_file`), so the editor's buffers get the new
// text and it decides how it reaches the disk. What to write was planned and authorized as for the disk
// (same targets, same writable roots); only the last step differs. The client has no way to delete a file:
// removals happen on disk, after every write succeeded.
import type { ClientIo } from "../../core/tool-api/client-io.js";
import { nodePatchFs, type PatchFs } from "./patch-fs.js";
import type { PatchPlan } from "./plan.js";
import { PatchApplyError } from "./types.js";

type Write = NonNullable<ClientIo["writeTextFile"]>;
type Read = NonNullable<ClientIo["readTextFile"]>;

/** The disk's file system, except that files are read as the editor has them. */
export function clientReadFs(read: Read): PatchFs {
  return { ...nodePatchFs, readFile: (path) => read(path) };
}

export async function commitThroughClient(plan: PatchPlan, write: Write): Promise<void> {
  const written: string[] = [];
  const removals: string[] = [];
  let current = "";
  try {
    for (const [path, content] of plan.finalContents) {
      current = path;
      const target = plan.physicalPaths.get(path) ?? path;
      if (content === null) {
        if (plan.originalContents.get(path) != null) removals.push(target);
        continue;
      }
      await write(target, content);
      written.push(path);
    }
    for (const target of removals) await nodePatchFs.remove(target);
  } catch (err) {
    const failures = await restore(plan, write, written);
    const note = failures.length === 0 ? "no file was changed" : `could not restore ${failures.join(", ")}`;
    throw new PatchApplyError(`Failed to write ${current}: ${(err as Error).message} (${note})`);
  }
}

/** Puts the files already written back as they were; returns those it could not. */
async function restore(plan: PatchPlan, write: Write, written: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of [...written].reverse()) {
    const target = plan.physicalPaths.get(path) ?? path;
    const original = plan.originalContents.get(path) ?? null;
    try {
      if (original === null) await nodePatchFs.remove(target);
      else await write(target, original);
    } catch {
      failures.push(path);
    }
  }
  return failures;
}
