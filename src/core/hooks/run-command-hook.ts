// Runs one command hook: `sh -c COMMAND` in the session's cwd, the event as JSON on stdin, bounded by its
// timeout. The hook runs in its own process group so a timeout or an interrupt ends everything it started.
import { spawn } from "node:child_process";

export interface CommandHookResult {
  /** null when the process did not exit on its own (timeout, abort, spawn failure). */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Why it could not start, or that it was interrupted. */
  error?: string;
  durationMs: number;
}

/** Output kept per stream; a hook that floods its output is cut, not buffered without end. */
const MAX_OUTPUT = 1024 * 1024;

export function runCommandHook(options: {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  input: unknown;
  timeoutSec: number;
  signal?: AbortSignal;
}): Promise<CommandHookResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let settled = false;
    const finish = (result: Omit<CommandHookResult, "stdout" | "stderr" | "timedOut" | "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ ...result, stdout, stderr, timedOut, durationMs: Date.now() - started });
    };
    const child = spawn("/bin/sh", ["-c", options.command], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
      finish({ exitCode: null, error: `timed out after ${options.timeoutSec}s` });
    }, options.timeoutSec * 1000);
    const onAbort = () => {
      killGroup();
      finish({ exitCode: null, error: "interrupted" });
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr.on("data", (chunk: string) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk;
    });
    child.on("error", (err) => finish({ exitCode: null, error: `could not start: ${err.message}` }));
    child.on("close", (code, signal) =>
      finish(
        code === null ? { exitCode: null, error: `killed by ${signal ?? "a signal"}` } : { exitCode: code },
      ),
    );
    // A hook that does not read its input closes the pipe early: that is its business, not an error.
    child.stdin.on("error", () => undefined);
    child.stdin.end(JSON.stringify(options.input));
    if (options.signal?.aborted) onAbort();
  });
}
