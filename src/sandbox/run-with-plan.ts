// Runs a planned command, and recognises output that means the sandbox (not the command) said no.
import { runProcess, type ProcessResult, type RunProcessOptions } from "./run-process.js";
import type { RunnablePlan } from "./plan.js";

export type RunWithPlanOptions = Omit<RunProcessOptions, "argv" | "env">;

/** Only a runnable plan is accepted: an unavailable sandbox must go to approval, never run bare. */
export function runWithPlan(plan: RunnablePlan, options: RunWithPlanOptions): Promise<ProcessResult> {
  return runProcess({ ...options, argv: plan.argv, env: plan.env });
}

/**
 * What commands print when a sandbox blocks a write or the network. Meant for results of sandboxed
 * runs (the on-failure policy): there, even "Connection refused" usually means the network is off,
 * as the sandbox has its own empty loopback.
 */
const DENIAL_PATTERNS: readonly RegExp[] = [
  /permission denied/i,
  /read-only file system/i,
  /operation not permitted/i,
  // Node prints a refused connect() as "connect EPERM /path" (the network seccomp filter).
  /\bEPERM\b/,
  /network is unreachable/i,
  /could not resolve host/i,
  /temporary failure in name resolution/i,
  /name or service not known/i,
  /connection refused/i,
];

export function looksLikeSandboxDenial(result: ProcessResult): boolean {
  // A timeout or an interrupt is not the sandbox's doing, whatever was printed before it.
  if (result.exitCode === 0 || result.timedOut || result.aborted) return false;
  const output = `${result.stdout}\n${result.stderr}`;
  return DENIAL_PATTERNS.some((pattern) => pattern.test(output));
}
