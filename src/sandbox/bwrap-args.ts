// The bubblewrap command line for a sandboxed command: a pure function, so every flag is unit-tested.
import type { DeniedPath } from "./expand-read-denial.js";

export interface BwrapArgsInput {
  command: string[];
  cwd: string;
  /** Bound read-write over the read-only root, in this order (parents first). */
  writableRoots: readonly string[];
  /** Bound read-only again after the writable roots, so they win (e.g. `<root>/.git`). */
  readOnlySubpaths: readonly string[];
  networkAllowed: boolean;
  /**
   * The network goes through the allowlist proxy only: the command gets its own network namespace (no
   * route out) although the seccomp filter is the network-on one (it must connect to the proxy's socket).
   */
  networkProxied?: boolean;
  /** Absolute path is best: the command's env may carry no PATH. */
  bwrapPath?: string;
  /**
   * A path the host shell can open to read the compiled seccomp filter (see seccomp-file.ts): the caller
   * picks the one for the network policy. The argv then starts with `/bin/sh`, which opens it as fd 3.
   */
  seccompFilterPath?: string;
  /** Paths that do not exist yet and must not be created: an empty read-only tmpfs is mounted there. */
  maskedSubpaths?: readonly string[];
  /**
   * Paths the permission profile denies (already expanded), masked last so the mask wins over every
   * writable or read-only bind above: a folder by an empty mode-000 tmpfs, a file by `denyPlaceholder`
   * (an empty mode-000 file, see deny-placeholders.ts), which is needed when a file is denied.
   */
  deniedPaths?: readonly DeniedPath[];
  denyPlaceholder?: string;
  /**
   * Reads limited to these paths (a profile without `":root" = "read"`): the root is an empty tmpfs, these
   * are bound read-only (`-try`: a missing one is skipped), and the root is made read-only at the end.
   */
  readableRoots?: readonly string[];
}

/** The fd bwrap reads the filter from (`--seccomp 3`): the first one after stdin, stdout and stderr. */
export const SECCOMP_FD = 3;
/**
 * Opens the filter as fd 3 and becomes bwrap (`exec`, so bwrap stays our direct child and
 * --die-with-parent still means us). If the open fails the shell exits non-zero: no command runs unfiltered.
 */
export const SECCOMP_WRAPPER = [
  "/bin/sh",
  "-c",
  `exec ${SECCOMP_FD}<"$1"; shift; exec "$@"`,
  "codex-sandbox",
];

/**
 * Parts of the fresh /proc that a uid-0 sandbox could otherwise write (sysctls such as
 * kernel.core_pattern, which would run a program as root on the host). Bound read-only from the
 * host's /proc; `-try` because not every kernel has all of them.
 */
export const PROC_READ_ONLY_PATHS: readonly string[] = [
  "/proc/sys",
  "/proc/sysrq-trigger",
  "/proc/fs",
  "/proc/bus",
  "/proc/irq",
];

export function buildBwrapArgs(input: BwrapArgsInput): string[] {
  if (input.command.length === 0) throw new Error("cannot sandbox an empty command");
  const argv = [input.bwrapPath ?? "bwrap"];
  // Isolation of the process itself: own session (no terminal injection), dies with us, no capabilities
  // even when we run as root (otherwise it could simply unmount the read-only binds).
  argv.push("--new-session", "--die-with-parent", "--unshare-pid", "--cap-drop", "ALL");
  const filterPath = input.seccompFilterPath;
  if (!input.networkAllowed || input.networkProxied === true) argv.push("--unshare-net");
  // bwrap applies the filter last, just before exec'ing the command, so its own setup is unaffected.
  if (filterPath !== undefined) argv.push("--seccomp", String(SECCOMP_FD));
  const readable = input.readableRoots;
  if (readable === undefined) argv.push("--ro-bind", "/", "/");
  else {
    argv.push("--tmpfs", "/");
    for (const root of readable) argv.push("--ro-bind-try", root, root);
  }
  argv.push("--dev", "/dev", "--proc", "/proc");
  for (const procPath of PROC_READ_ONLY_PATHS) argv.push("--ro-bind-try", procPath, procPath);
  for (const root of input.writableRoots) argv.push("--bind", root, root);
  for (const subpath of input.readOnlySubpaths) argv.push("--ro-bind", subpath, subpath);
  // bwrap creates the (empty) directory as a mount point; it stays behind as a harmless placeholder that
  // git, project config and skills discovery all treat as absent, and the next plan binds it read-only.
  for (const subpath of input.maskedSubpaths ?? []) argv.push("--tmpfs", subpath, "--remount-ro", subpath);
  const denied = input.deniedPaths ?? [];
  const placeholder = input.denyPlaceholder;
  if (denied.some((d) => d.kind === "file")) {
    if (placeholder === undefined) throw new Error("denied files need the deny placeholder");
    argv.push("--ro-bind", placeholder, placeholder);
  }
  for (const d of denied) {
    if (d.kind === "dir") argv.push("--perms", "0000", "--tmpfs", d.path, "--remount-ro", d.path);
    else argv.push("--ro-bind", placeholder ?? "", d.path);
  }
  // Every mount point exists now: the empty root must not hold what a command writes (it would vanish).
  if (readable !== undefined) argv.push("--remount-ro", "/");
  argv.push("--chdir", input.cwd, "--", ...input.command);
  return filterPath === undefined ? argv : [...SECCOMP_WRAPPER, filterPath, ...argv];
}
