// Test support: real temporary directories with a few files, and a byte-exact snapshot of them.
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TestWorkspace {
  dir: string;
  path(relative: string): string;
  read(relative: string): string;
  write(relative: string, content: string): void;
  /** Every entry under dir: file contents, `dir`, or `-> target` for a symlink. */
  snapshot(): Record<string, string>;
  remove(): void;
}

const liveWorkspaces = new Set<string>();

/** Deletes every workspace not yet removed; test files call it in afterAll. */
export function removeWorkspaces(): void {
  for (const dir of liveWorkspaces) rmSync(dir, { recursive: true, force: true });
  liveWorkspaces.clear();
}

export function makeWorkspace(files: Record<string, string> = {}, prefix = "apply-patch-"): TestWorkspace {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  liveWorkspaces.add(dir);
  const workspace: TestWorkspace = {
    dir,
    path: (relative) => join(dir, relative),
    read: (relative) => readFileSync(join(dir, relative), "utf8"),
    write: (relative, content) => {
      mkdirSync(dirname(join(dir, relative)), { recursive: true });
      writeFileSync(join(dir, relative), content);
    },
    snapshot: () => {
      const entries: Record<string, string> = {};
      for (const relative of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
        const full = join(dir, relative);
        const stat = lstatSync(full);
        if (stat.isSymbolicLink()) entries[relative] = `-> ${readlinkSync(full)}`;
        else if (stat.isDirectory()) entries[relative] = "dir";
        else entries[relative] = readFileSync(full, "latin1");
      }
      return entries;
    },
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      liveWorkspaces.delete(dir);
    },
  };
  for (const [relative, content] of Object.entries(files)) workspace.write(relative, content);
  return workspace;
}
