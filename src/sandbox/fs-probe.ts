// The two questions the planner asks the filesystem, behind an interface so planning stays testable.
import { existsSync, realpathSync } from "node:fs";

export interface FsProbe {
  /** True for anything present at the path (directory, file, or a symlink to one). */
  exists(path: string): boolean;
  /** The canonical path (symlinks resolved); the input unchanged when it cannot be resolved. */
  realpath(path: string): string;
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
};
