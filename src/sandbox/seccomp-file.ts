// Keeps the compiled network filter in a file with no name, open in this process, so the sandbox wrapper can
// hand it to bwrap as `--seccomp 3` by opening /proc/<our pid>/fd/<n>.
//
// Why no named file: workspace-write makes /tmp writable, so a sandboxed command could rewrite a filter
// left there and weaken the next sandbox. An unlinked file is reachable only through our own /proc entry,
// which sandboxed commands cannot see (bwrap gives them a fresh PID namespace and /proc).
// Why a path at all, instead of a spawn stdio fd: every runner (plain spawn, unified exec pipes, and the
// PTY, which cannot pass extra fds) then gets the filter from the plan's argv alone.
import { closeSync, constants, mkdtempSync, openSync, rmdirSync, unlinkSync, writeSync } from "node:fs";
import { endianness, tmpdir } from "node:os";
import path from "node:path";
import { seccompFilterBytes } from "./network-seccomp.js";

export type SeccompFileStatus = { path: string } | { reason: string };

/** open(2)'s __O_TMPFILE, the same on x86_64 and aarch64; Node does not export it. */
const O_TMPFILE_BIT = 0o20000000;

export interface AnonymousFileOptions {
  dir?: string;
  /** For tests: skip O_TMPFILE and take the create-then-unlink fallback. */
  noTmpfile?: boolean;
}

/** Writes `bytes` to a file that has no name, and returns its still-open fd (close-on-exec, as Node opens). */
export function writeAnonymousFile(bytes: Buffer, options: AnonymousFileOptions = {}): number {
  const dir = options.dir ?? tmpdir();
  let fd: number | undefined;
  if (!options.noTmpfile) {
    try {
      fd = openSync(dir, constants.O_RDWR | constants.O_DIRECTORY | O_TMPFILE_BIT, 0o600);
    } catch {
      // Filesystems without O_TMPFILE (e.g. overlayfs before Linux 6.6): fall back below.
    }
  }
  if (fd === undefined) {
    // A fresh private directory, unlinked right away: the name exists only for an instant.
    const scratch = mkdtempSync(path.join(dir, "codex-seccomp-"));
    const file = path.join(scratch, "filter.bpf");
    fd = openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL, 0o600);
    unlinkSync(file);
    rmdirSync(scratch);
  }
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, written);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

export function procFdPath(fd: number, pid: number = process.pid): string {
  return `/proc/${pid}/fd/${fd}`;
}

const cached = new Map<boolean, SeccompFileStatus>();

/** Prepares the network-off filter once per process (the fd stays open for the process's lifetime). */
export function networkFilterFile(): SeccompFileStatus {
  return seccompFilterFile({ networkOff: true });
}

/** The filter for commands that keep the network (process rules only), prepared once per process. */
export function networkOnFilterFile(): SeccompFileStatus {
  return seccompFilterFile({ networkOff: false });
}

function seccompFilterFile(options: { networkOff: boolean }): SeccompFileStatus {
  let status = cached.get(options.networkOff);
  if (status === undefined) {
    status = prepare(options);
    cached.set(options.networkOff, status);
  }
  return status;
}

function prepare(options: { networkOff: boolean }): SeccompFileStatus {
  if (process.platform !== "linux") return { reason: "seccomp filters exist only on Linux" };
  const bytes = seccompFilterBytes(process.arch, endianness(), options);
  if (!bytes) {
    return { reason: `no seccomp syscall table for the ${process.arch} architecture (only x64 and arm64)` };
  }
  try {
    return { path: procFdPath(writeAnonymousFile(bytes)) };
  } catch (error) {
    return { reason: `could not write the seccomp filter: ${(error as Error).message}` };
  }
}
