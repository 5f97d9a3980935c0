// The fallback when bubblewrap is missing or cannot run: a small helper (native/sandbox-helper.c, built at
// install with the machine's compiler) that applies Landlock write rules and the same seccomp program, then
// execs the command. Landlock only grants, it never denies below a grant, so the protected paths inside a
// writable root are bound read-only in a private mount namespace first, as bwrap does.
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";
import { nativeHelperPath } from "../native-helpers.js";

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
  return nativeHelperPath(HELPER_NAME);
}

export interface LandlockArgsInput {
  helperPath: string;
  command: string[];
  /** The writable roots (Landlock grants). */
  writePaths: readonly string[];
  /** Existing protected paths, bound read-only. */
  readOnlyPaths?: readonly string[];
  /** Missing protected paths: an empty read-only directory is put there. */
  maskedPaths?: readonly string[];
  seccompFilterPath?: string;
}

export function buildLandlockArgs(input: LandlockArgsInput): string[] {
  if (input.command.length === 0) throw new Error("cannot sandbox an empty command");
  const argv = [input.helperPath];
  if (input.seccompFilterPath !== undefined) argv.push("--seccomp", input.seccompFilterPath);
  for (const p of [...DEVICE_WRITE_PATHS, ...input.writePaths]) argv.push("--write", p);
  for (const p of input.readOnlyPaths ?? []) argv.push("--ro", p);
  for (const p of input.maskedPaths ?? []) argv.push("--mask", p);
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
    // Exercises the private mount namespace too, which workspace-write needs for its protected paths.
    readOnlyPaths: [tmpdir()],
    ...(seccompFilterPath !== undefined ? { seccompFilterPath } : {}),
  });
  return new Promise((resolve) => {
    execFile(file ?? helperPath, args, { timeout: timeoutMs, killSignal: "SIGKILL" }, (error, _out, stderr) =>
      resolve(error ? stderr.trim() || error.message : undefined),
    );
  });
}
