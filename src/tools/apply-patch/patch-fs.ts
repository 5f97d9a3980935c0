// The few file-system operations the patch engine needs, so tests or a remote workspace can supply their own.
import { lstat, readFile, realpath } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import {
  mkdirNoFollow,
  modeOf,
  removeNoFollow,
  renameInDirNoFollow,
  writeFileNoFollow,
} from "./nofollow-fs.js";

export interface PatchFileStat {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface PatchFs {
  readFile(path: string): Promise<string>;
  /** Creates or replaces a file; `modeFrom` names a file whose permission bits the new one takes. */
  writeFile(path: string, content: string, modeFrom?: string): Promise<void>;
  /** Renames a file within its directory, replacing what is at `to`. */
  rename(from: string, to: string): Promise<void>;
  /** Creates `path` and missing parents; resolves to the first directory it created, if any. */
  mkdirRecursive(path: string): Promise<string | undefined>;
  /** Removes a file, or a directory this engine created and is now undoing. */
  remove(path: string): Promise<void>;
  realpath(path: string): Promise<string>;
  /** Like lstat(2): does not follow a final symlink. Rejects when nothing is there. */
  lstat(path: string): Promise<PatchFileStat>;
}

/** Writes never follow a symlink (see nofollow-fs.ts); the paths given are the ones checked at plan time. */
export const nodePatchFs: PatchFs = {
  readFile: (path) => readFile(path, "utf8"),
  writeFile: (path, content, modeFrom) =>
    Promise.resolve().then(() => {
      const mode = modeFrom === undefined ? undefined : modeOf(modeFrom);
      writeFileNoFollow(path, content, mode);
    }),
  rename: (from, to) => Promise.resolve().then(() => renameInDirNoFollow(from, to)),
  mkdirRecursive: (path) => Promise.resolve().then(() => mkdirNoFollow(path)),
  remove: (path) => Promise.resolve().then(() => removeNoFollow(path)),
  realpath: (path) => realpath(path),
  lstat: (path) => lstat(path),
};

/** The lstat of `path`, or undefined when nothing is there. */
export async function statOrUndefined(fs: PatchFs, path: string): Promise<PatchFileStat | undefined> {
  try {
    return await fs.lstat(path);
  } catch {
    return undefined;
  }
}

/**
 * `path` with every symlink in its existing part resolved: the real path of its nearest existing ancestor,
 * plus the components that do not exist yet. A final symlink is resolved too.
 */
export async function physicalPath(fs: PatchFs, path: string): Promise<string> {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    const real = await fs.realpath(current).catch(() => undefined);
    if (real !== undefined) return join(real, ...missing.reverse());
    const parent = dirname(current);
    if (parent === current) return path;
    missing.push(basename(current));
    current = parent;
  }
}
