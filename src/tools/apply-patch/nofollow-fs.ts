// File operations for writing a patch that never follow a symlink: the directory holding each file is
// opened one component at a time with O_NOFOLLOW, and the file is named relative to that open directory
// (/proc/self/fd/N/name, Linux's way to say openat() from Node). A symlink swapped in after the patch was
// checked (time-of-check/time-of-use) makes the write fail instead of leading outside the writable roots.
import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, parse, relative, sep } from "node:path";

/** Linux only; elsewhere each component is checked with lstat right before use (narrower, not closed). */
const PINNED = process.platform === "linux" && existsSync("/proc/self/fd");
const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

export class SymlinkSwapError extends Error {
  override readonly name = "SymlinkSwapError";
}

/** A directory held open (or, without /proc, checked) so names inside it are resolved there. */
interface PinnedDir {
  /** The path to use for `name` inside the directory. */
  child(name: string): string;
  close(): void;
  /** The first directory this walk created, if any. */
  created?: string;
}

function refused(path: string, error: NodeJS.ErrnoException): Error {
  if (error.code === "ELOOP" || error.code === "ENOTDIR") {
    return new SymlinkSwapError(
      `${path} is a symlink or not a directory (it changed after the patch was checked)`,
    );
  }
  return error;
}

/** Opens absolute directory `dir` without following any symlink, creating missing components if asked. */
export function openDirNoFollow(dir: string, create: boolean): PinnedDir {
  const root = parse(dir).root;
  const parts = relative(root, dir).split(sep).filter(Boolean);
  let created: string | undefined;
  if (!PINNED) {
    let current = root;
    for (const part of parts) {
      current = join(current, part);
      let stat = lstatIfPresent(current);
      if (stat === undefined && create) {
        mkdirSync(current);
        created ??= current;
        stat = lstatSync(current);
      }
      if (stat === undefined) throw Object.assign(new Error(`ENOENT: ${current}`), { code: "ENOENT" });
      if (!stat.isDirectory()) throw refused(current, { code: "ENOTDIR" } as NodeJS.ErrnoException);
    }
    return { child: (name) => join(dir, name), close: () => undefined, ...(created ? { created } : {}) };
  }
  let fd = openSync(root, DIR_FLAGS);
  let current = root;
  try {
    for (const part of parts) {
      current = join(current, part);
      const at = `/proc/self/fd/${fd}/${part}`;
      let next: number;
      try {
        next = openSync(at, DIR_FLAGS);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT" || !create) throw error;
        mkdirSync(at);
        created ??= current;
        next = openSync(at, DIR_FLAGS);
      }
      closeSync(fd);
      fd = next;
    }
  } catch (error) {
    closeSync(fd);
    throw refused(current, error as NodeJS.ErrnoException);
  }
  const held = fd;
  return {
    child: (name) => `/proc/self/fd/${held}/${name}`,
    close: () => closeSync(held),
    ...(created ? { created } : {}),
  };
}

function lstatIfPresent(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function inParent<T>(path: string, op: (at: string, dir: PinnedDir) => T): T {
  const dir = openDirNoFollow(dirname(path), false);
  try {
    return op(dir.child(basename(path)), dir);
  } finally {
    dir.close();
  }
}

/** Creates (or truncates) a regular file; a symlink at the name makes it fail (O_NOFOLLOW). */
export function writeFileNoFollow(path: string, content: string, mode = 0o666): void {
  inParent(path, (at) => {
    const fd = openSync(
      at,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
      mode,
    );
    try {
      const bytes = Buffer.from(content, "utf8");
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    } finally {
      closeSync(fd);
    }
  });
}

/** Renames within one directory; rename(2) replaces the entry itself, never what a symlink points at. */
export function renameInDirNoFollow(from: string, to: string): void {
  if (dirname(from) !== dirname(to)) throw new Error(`cannot rename ${from} to another directory`);
  inParent(to, (at, dir) => renameSync(dir.child(basename(from)), at));
}

/** Removes a file or a directory tree by name; a symlink is removed, not followed. */
export function removeNoFollow(path: string): void {
  try {
    inParent(path, (at) => rmSync(at, { recursive: true, force: true }));
  } catch (error) {
    // Nothing to remove when the directory itself is gone.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Creates `dir` and its missing parents without following symlinks; the first directory created, if any. */
export function mkdirNoFollow(dir: string): string | undefined {
  const pinned = openDirNoFollow(dir, true);
  pinned.close();
  return pinned.created;
}

/** The mode bits of an existing file (not following a final symlink), to keep them on replacement. */
export function modeOf(path: string): number | undefined {
  const stat = lstatIfPresent(path);
  return stat?.isFile() ? stat.mode & 0o7777 : undefined;
}
