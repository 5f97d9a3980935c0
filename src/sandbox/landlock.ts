// The fallback when bubblewrap is missing or cannot run: a small helper (native/sandbox-helper.c, built at
// install with the machine's compiler) that applies Landlock write rules and the same seccomp program, then
// execs the command. Landlock only grants, it never denies below a grant, so the protected paths are kept
// read-only by granting around them: a root holding one is granted entry by entry (see landlockWritePaths).
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SandboxPaths } from "./writable-roots.js";
import { isWithin } from "./writable-roots.js";

export const HELPER_NAME = "codex-ts-sandbox-helper";

/** Device files every command may write, whatever the policy (bwrap gives each sandbox its own /dev). */
export const DEVICE_WRITE_PATHS: readonly string[] = [
  "/dev/null",
  "/dev/zero",
  "/dev/full",
  "/dev/tty",
  "/dev/ptmx",
  "/dev/pts",
  "/dev/shm",
];

/** `dist/codex-ts-sandbox-helper` of this package, found from wherever this module was loaded. */
export function defaultHelperPath(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) {
      const candidate = path.join(dir, "dist", HELPER_NAME);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        return undefined;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export interface DirLister {
  /** Entries of a directory with whether each is a symlink; [] when unreadable. */
  list(dir: string): { name: string; symlink: boolean }[];
}

export const nodeDirLister: DirLister = {
  list: (dir) => {
    try {
      return readdirSync(dir).map((name) => {
        let symlink = false;
        try {
          symlink = lstatSync(path.join(dir, name)).isSymbolicLink();
        } catch {
          // Vanished meanwhile: granted as a plain name, which the helper skips if absent.
        }
        return { name, symlink };
      });
    } catch {
      return [];
    }
  },
};

/**
 * The paths the helper grants write access to: each writable root, except that a root (or directory) with
 * a protected path inside is replaced by its entries, recursively, leaving the protected ones out. Symlinks
 * are never granted (a grant would follow them). The price: where a protected path sits (the top level
 * of every root), existing entries stay writable but new ones cannot be created.
 */
export function landlockWritePaths(paths: SandboxPaths, lister: DirLister = nodeDirLister): string[] {
  const protectedPaths = [...paths.readOnlySubpaths, ...paths.maskedSubpaths];
  const grants: string[] = [];
  const visit = (dir: string) => {
    if (protectedPaths.some((p) => isWithin(dir, p))) return;
    if (!protectedPaths.some((p) => isWithin(p, dir))) {
      grants.push(dir);
      return;
    }
    for (const entry of lister.list(dir)) {
      if (!entry.symlink) visit(path.join(dir, entry.name));
    }
  };
  for (const root of paths.writableRoots) visit(root);
  return [...new Set(grants)];
}

export interface LandlockArgsInput {
  helperPath: string;
  command: string[];
  writePaths: readonly string[];
  seccompFilterPath?: string;
}

export function buildLandlockArgs(input: LandlockArgsInput): string[] {
  if (input.command.length === 0) throw new Error("cannot sandbox an empty command");
  const argv = [input.helperPath];
  if (input.seccompFilterPath !== undefined) argv.push("--seccomp", input.seccompFilterPath);
  for (const p of [...DEVICE_WRITE_PATHS, ...input.writePaths]) argv.push("--write", p);
  argv.push("--", ...input.command);
  return argv;
}

/** Runs `true` under the helper with the given filter; undefined when it works, else why not. */
export function probeLandlockHelper(
  helperPath: string,
  seccompFilterPath: string | undefined,
  timeoutMs = 5_000,
): Promise<string | undefined> {
  const [file, ...args] = buildLandlockArgs({
    helperPath,
    command: ["true"],
    writePaths: [],
    ...(seccompFilterPath !== undefined ? { seccompFilterPath } : {}),
  });
  return new Promise((resolve) => {
    execFile(file ?? helperPath, args, { timeout: timeoutMs, killSignal: "SIGKILL" }, (error, _out, stderr) =>
      resolve(error ? stderr.trim() || error.message : undefined),
    );
  });
}
