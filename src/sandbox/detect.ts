// Whether bubblewrap can sandbox commands on this machine: installed, and allowed to create namespaces.
import { execFile, type ExecFileException } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { buildBwrapArgs } from "./bwrap-args.js";

export interface BwrapStatus {
  available: boolean;
  /** A sentence a person can act on, when not available. */
  reason?: string;
  /** Absolute path of the working bwrap, when available. */
  path?: string;
}

export interface ProbeBwrapOptions {
  /** A bare name is looked up on PATH; default "bwrap". */
  bwrapPath?: string;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
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

/** Runs a trivial command with the same isolation flags real commands get; uncached. */
export async function probeBwrap(options: ProbeBwrapOptions = {}): Promise<BwrapStatus> {
  const env = options.env ?? process.env;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const bwrapPath = findExecutable(options.bwrapPath ?? "bwrap", env);
  if (bwrapPath === undefined) return { available: false, reason: NOT_INSTALLED };
  const [file, ...args] = buildBwrapArgs({
    command: ["true"],
    cwd: "/",
    writableRoots: [],
    readOnlySubpaths: [],
    networkAllowed: false,
    bwrapPath,
  });
  return new Promise((resolve) => {
    execFile(
      file ?? bwrapPath,
      args,
      { env, timeout: timeoutMs, killSignal: "SIGKILL" },
      (error, _stdout, stderr) => {
        if (!error) {
          resolve({ available: true, path: bwrapPath });
          return;
        }
        resolve({ available: false, reason: explainFailure(error, stderr, timeoutMs) });
      },
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
  cached ??= probeBwrap();
  return cached;
}
