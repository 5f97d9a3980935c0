// Files replaced whole (memory files, an agent job's results): written beside the target, then renamed over
// it, so a reader sees the old file or the new one, never a torn one.
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, basename } from "node:path";

function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/**
 * Writes `files` (path -> text) each to a temporary file first; only when all are written are they renamed.
 * `mode`: the new files' permissions (default owner-only).
 */
export function writeFilesAtomically(files: ReadonlyMap<string, string>, mode = 0o600): void {
  const staged: Array<[string, string]> = [];
  try {
    for (const [path, text] of files) {
      mkdirSync(dirname(path), { recursive: true });
      const temp = tempPathFor(path);
      writeFileSync(temp, text, { mode });
      staged.push([temp, path]);
    }
  } catch (err) {
    for (const [temp] of staged) rmSync(temp, { force: true });
    throw err;
  }
  for (const [temp, path] of staged) renameSync(temp, path);
}
