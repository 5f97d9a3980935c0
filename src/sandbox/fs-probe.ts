// The two questions the planner asks the filesystem, behind an interface so planning stays testable.
import { existsSync, lstatSync, readFileSync, realpathSync } from "node:fs";

export interface FsProbe {
  /** True for anything present at the path (directory, file, or a symlink to one). */
  exists(path: string): boolean;
  /** The canonical path (symlinks resolved); the input unchanged when it cannot be resolved. */
  realpath(path: string): string;
  /** The text of a small regular file (not following a final symlink); undefined for anything else. */
  readTextFile?(path: string): string | undefined;
}

export const nodeFsProbe: FsProbe = {
  exists: (path) => existsSync(path),
  realpath: (path) => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  },
  readTextFile: (path) => {
    try {
      const stat = lstatSync(path);
      // A gitdir pointer or commondir file is a line; anything large is not one of those.
      if (!stat.isFile() || stat.size > 64 * 1024) return undefined;
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
};
