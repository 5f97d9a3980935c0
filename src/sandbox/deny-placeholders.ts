// The empty, mode-000 file and folder bwrap binds over denied paths: with all capabilities dropped, not even
// uid 0 in the sandbox may open them, so a read fails with EACCES instead of returning the secret (or an
// empty file that looks real). Made once per process in a private folder, which every sandbox binds
// read-only so that no command can swap the placeholders for links to what they hide.
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmdirSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface DenyPlaceholders {
  /** The private folder holding both; bound read-only in every sandbox that masks something. */
  root: string;
  file: string;
  dir: string;
}

let made: DenyPlaceholders | undefined;

export function denyPlaceholders(parent: string = tmpdir()): DenyPlaceholders {
  if (made) return made;
  const root = mkdtempSync(path.join(parent, "codex-deny-"));
  const file = path.join(root, "file");
  const dir = path.join(root, "dir");
  closeSync(openSync(file, "wx", 0o000));
  chmodSync(file, 0o000);
  mkdirSync(dir, { mode: 0o000 });
  chmodSync(dir, 0o000);
  made = { root, file, dir };
  // Removed one by one: a recursive removal would need to list the unlistable folder.
  process.once("exit", () => {
    for (const remove of [() => rmdirSync(dir), () => unlinkSync(file), () => rmdirSync(root)]) {
      try {
        remove();
      } catch {
        // Already gone, or a sandbox still holds it: nothing more to do at exit.
      }
    }
  });
  return made;
}
