// Whether bubblewrap can sandbox commands on this machine: installed, and allowed to create namespaces.
import { execFile, type ExecFileException } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { buildBwrapArgs } from "./bwrap-args.js";
import { defaultHelperPath, HELPER_NAME, probeLandlockHelper } from "./landlock.js";
import { networkFilterFile, networkOnFilterFile, type SeccompFileStatus } from "./seccomp-file.js";

export interface BwrapStatus {
  available: boolean;
  /** A sentence a person can act on, when not available. */
  reason?: string;
  /** Absolute path of the working bwrap, when available. */
  path?: string;
  /** Where the wrapper opens the network seccomp filter, when bwrap accepted it (see seccomp-file.ts). */
  seccompFilterPath?: string;
  /** The filter for commands that keep the network (ptrace and friends only). */
  seccompNetworkOnFilterPath?: string;
  /** Why commands get no seccomp filter (Unix sockets on disk and ptrace stay reachable). */
  seccompUnavailableReason?: string;
  /** When bwrap is unavailable: the working Landlock helper that sandboxes instead (see landlock.ts). */
  landlockHelperPath?: string;
  /** When bwrap is unavailable and so is the helper: why. */
  landlockUnavailableReason?: string;
}

export interface ProbeBwrapOptions {
  /** A bare name is looked up on PATH; default "bwrap". */
  bwrapPath?: string;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** For tests; default: the process-wide filter file. */
  seccompFilter?: () => SeccompFileStatus;
  /** For tests; default: the process-wide network-on filter file. */
  seccompNetworkOnFilter?: () => SeccompFileStatus;
}

const NOT_INSTALLED =
  "bubblewrap (bwrap) is not installed; install the bubblewrap package (e.g. `apt-get install bubblewrap`)";

export function findExecutable(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = name.includes("/")
    ? [name]
    : (env.PATH ?? "")
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, name));
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Runs a trivial command with the same isolation flags real commands get, then again with the network
 * seccomp filter; uncached. A filter bwrap cannot load leaves the sandbox usable, with a reason to warn.
 */
export async function probeBwrap(options: ProbeBwrapOptions = {}): Promise<BwrapStatus> {
  const env = options.env ?? process.env;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const bwrapPath = findExecutable(options.bwrapPath ?? "bwrap", env);
  if (bwrapPath === undefined) return { available: false, reason: NOT_INSTALLED };
  const plain = await runProbe(bwrapPath, undefined, env, timeoutMs);
  if (plain.error) return { available: false, reason: explainFailure(plain.error, plain.stderr, timeoutMs) };

  const filter = (options.seccompFilter ?? networkFilterFile)();
  if ("reason" in filter)
    return { available: true, path: bwrapPath, seccompUnavailableReason: filter.reason };
  const filtered = await runProbe(bwrapPath, filter.path, env, timeoutMs);
  if (filtered.error) {
    const detail = filtered.stderr.trim() || filtered.error.message;
    return {
      available: true,
      path: bwrapPath,
      seccompUnavailableReason: `bubblewrap could not load the seccomp filter (${detail})`,
    };
  }
  const status: BwrapStatus = { available: true, path: bwrapPath, seccompFilterPath: filter.path };
  // Same program minus the network rules: if the first one loaded, this one does too.
  const networkOn = (options.seccompNetworkOnFilter ?? networkOnFilterFile)();
  if ("path" in networkOn) status.seccompNetworkOnFilterPath = networkOn.path;
  return status;
}

interface ProbeResult {
  error: ExecFileException | null;
  stderr: string;
}

function runProbe(
  bwrapPath: string,
  seccompFilterPath: string | undefined,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<ProbeResult> {
  const [file, ...args] = buildBwrapArgs({
    command: ["true"],
    cwd: "/",
    writableRoots: [],
    readOnlySubpaths: [],
    networkAllowed: false,
    bwrapPath,
    ...(seccompFilterPath !== undefined ? { seccompFilterPath } : {}),
  });
  return new Promise((resolve) => {
    execFile(
      file ?? bwrapPath,
      args,
      { env, timeout: timeoutMs, killSignal: "SIGKILL" },
      (error, _out, stderr) => resolve({ error, stderr }),
    );
  });
}

function explainFailure(error: ExecFileException, stderr: string, timeoutMs: number) {
  if (error.code === "ENOENT") return NOT_INSTALLED;
  if (error.killed) return `bubblewrap (bwrap) did not finish its self-test within ${timeoutMs} ms`;
  const detail = stderr.trim() || error.message;
  return (
    `bubblewrap (bwrap) is installed but cannot create its namespaces here (${detail}); ` +
    "unprivileged user namespaces are probably disabled (sysctl kernel.unprivileged_userns_clone, " +
    "AppArmor's apparmor_restrict_unprivileged_userns) or forbidden by the container this runs in"
  );
}

let cached: Promise<BwrapStatus> | undefined;

/** Probes once per process; later calls share the first answer. */
export function detectBwrap(): Promise<BwrapStatus> {
  cached ??= probeSandbox();
  return cached;
}

/** bwrap first; when it cannot run, the Landlock helper with both seccomp programs. */
export async function probeSandbox(
  options: ProbeBwrapOptions & { helperPath?: string } = {},
): Promise<BwrapStatus> {
  const status = await probeBwrap(options);
  if (status.available || process.platform !== "linux") return status;
  const helper = options.helperPath ?? defaultHelperPath();
  if (helper === undefined) {
    return {
      ...status,
      landlockUnavailableReason: `the Landlock helper (${HELPER_NAME}) was not built at install (no C compiler?)`,
    };
  }
  const off = networkFilterFile();
  const on = networkOnFilterFile();
  const offPath = "path" in off ? off.path : undefined;
  const failure = await probeLandlockHelper(helper, offPath);
  if (failure !== undefined)
    return { ...status, landlockUnavailableReason: `the Landlock helper failed: ${failure}` };
  return {
    ...status,
    landlockHelperPath: helper,
    ...(offPath !== undefined ? { seccompFilterPath: offPath } : {}),
    ...("path" in on ? { seccompNetworkOnFilterPath: on.path } : {}),
    ...("reason" in off ? { seccompUnavailableReason: off.reason } : {}),
  };
}

/** What planExec needs from detection, without undefined fields (exactOptionalPropertyTypes). */
export function bwrapPlanInput(bwrap: BwrapStatus): {
  bwrapAvailable: boolean;
  bwrapUnavailableReason?: string;
  bwrapPath?: string;
  seccompFilterPath?: string;
  seccompNetworkOnFilterPath?: string;
  seccompUnavailableReason?: string;
  landlockHelperPath?: string;
  landlockUnavailableReason?: string;
} {
  return {
    ...(bwrap.landlockHelperPath !== undefined ? { landlockHelperPath: bwrap.landlockHelperPath } : {}),
    ...(bwrap.landlockUnavailableReason !== undefined
      ? { landlockUnavailableReason: bwrap.landlockUnavailableReason }
      : {}),
    bwrapAvailable: bwrap.available,
    ...(bwrap.reason !== undefined ? { bwrapUnavailableReason: bwrap.reason } : {}),
    ...(bwrap.path !== undefined ? { bwrapPath: bwrap.path } : {}),
    ...(bwrap.seccompFilterPath !== undefined ? { seccompFilterPath: bwrap.seccompFilterPath } : {}),
    ...(bwrap.seccompNetworkOnFilterPath !== undefined
      ? { seccompNetworkOnFilterPath: bwrap.seccompNetworkOnFilterPath }
      : {}),
    ...(bwrap.seccompUnavailableReason !== undefined
      ? { seccompUnavailableReason: bwrap.seccompUnavailableReason }
      : {}),
  };
}
