// Runs a child in its own process group, streams its output, and kills the whole group on abort or timeout.
import { spawn } from "node:child_process";

export interface RunProcessOptions {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  timeoutMs?: number;
  onOutput?: (stream: "stdout" | "stderr", chunk: Buffer) => void;
  /** Bytes of output kept in memory per stream; more is counted but dropped from the middle. */
  maxCapturedBytes?: number;
}

export interface ProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  aggregated: string;
  durationMs: number;
  timedOut: boolean;
  aborted: boolean;
  /** Set when the program could not be started at all. */
  spawnError?: string;
}

export const TIMEOUT_EXIT_CODE = 124;
const SIGNAL_EXIT_BASE = 128;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

class Capture {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  dropped = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    if (this.headBytes < this.limit / 2) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      return;
    }
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tailBytes > this.limit / 2 && this.tail.length > 1) {
      const first = this.tail.shift() as Buffer;
      this.tailBytes -= first.length;
      this.dropped += first.length;
    }
  }
  text(): string {
    const head = Buffer.concat(this.head).toString("utf8");
    const tail = Buffer.concat(this.tail).toString("utf8");
    return this.dropped > 0 ? `${head}\n[... ${this.dropped} bytes omitted ...]\n${tail}` : head + tail;
  }
}

export function runProcess(options: RunProcessOptions): Promise<ProcessResult> {
  const started = performance.now();
  const limit = options.maxCapturedBytes ?? 1024 * 1024;
  const out = new Capture(limit);
  const err = new Capture(limit);
  const all = new Capture(limit);
  return new Promise((resolve) => {
    const [file, ...args] = options.argv;
    if (!file) {
      resolve(finish(127, "empty command"));
      return;
    }
    let timedOut = false;
    let aborted = options.signal.aborted;
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const onAbort = () => {
      aborted = true;
      killGroup(child.pid);
    };
    options.signal.addEventListener("abort", onAbort, { once: true });
    if (aborted) onAbort();
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(() => {
            timedOut = true;
            killGroup(child.pid);
          }, options.timeoutMs)
        : undefined;
    child.stdout.on("data", (chunk: Buffer) => {
      out.push(chunk);
      all.push(chunk);
      options.onOutput?.("stdout", chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err.push(chunk);
      all.push(chunk);
      options.onOutput?.("stderr", chunk);
    });
    // Once the command itself exits, what it left running in its group would hold our pipes open.
    child.on("exit", () => killGroup(child.pid));
    let spawnError: string | undefined;
    child.on("error", (e) => {
      spawnError = e.message;
    });
    child.on("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      let exitCode = code ?? (signal ? SIGNAL_EXIT_BASE + signalNumber(signal) : 1);
      if (timedOut) exitCode = TIMEOUT_EXIT_CODE;
      if (spawnError !== undefined && code === null) exitCode = 127;
      resolve(finish(exitCode, spawnError));
    });

    function finish(exitCode: number, error?: string): ProcessResult {
      const result: ProcessResult = {
        exitCode,
        stdout: out.text(),
        stderr: err.text(),
        aggregated: all.text(),
        durationMs: performance.now() - started,
        timedOut,
        aborted,
      };
      if (error !== undefined) result.spawnError = error;
      return result;
    }
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  const table: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return table[signal] ?? 0;
}
