// The few file-system operations the patch engine needs, so tests or a remote workspace can supply their own.
import { lstat, mkdir, readFile, realpath, rm, writeFile } from "node:fs/promises";

export interface PatchFileStat {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface PatchFs {
  readFile(path: string): Promise<string>;
  writeFile(path: string, content: string): Promise<void>;
  /** Creates `path` and missing parents; resolves to the first directory it created, if any. */
  mkdirRecursive(path: string): Promise<string | undefined>;
  /** Removes a file, or a directory this engine created and is now undoing. */
  remove(path: string): Promise<void>;
  realpath(path: string): Promise<string>;
  /** Like lstat(2): does not follow a final symlink. Rejects when nothing is there. */
  lstat(path: string): Promise<PatchFileStat>;
}

export const nodePatchFs: PatchFs = {
  readFile: (path) => readFile(path, "utf8"),
  writeFile: (path, content) => writeFile(path, content, "utf8"),
  mkdirRecursive: (path) => mkdir(path, { recursive: true }),
  remove: (path) => rm(path, { recursive: true, force: true }),
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
