// Runs a child with plain pipes, as the leader of a new session so that it and everything it starts can be
// killed together.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import type { ChildHandle, ChildListener, ChildSpec } from "./child-handle.js";
import { NOT_STARTED_EXIT_CODE, SIGNAL_EXIT_BASE } from "./child-handle.js";
import { killProcessTree } from "./process-tree.js";

/**
 * After the child exits, how long a process that escaped its group may keep our pipes open before we stop
 * reading them.
 */
const PIPE_DRAIN_GRACE_MS = 250;

export function spawnPipeChild(spec: ChildSpec, listener: ChildListener): ChildHandle {
  const [file, ...args] = spec.argv;
  if (file === undefined) throw new Error("cannot run an empty command");
  const child = spawn(file, args, {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let finished = false;
  let drainTimer: NodeJS.Timeout | undefined;
  const finish = (exitCode: number) => {
    if (finished) return;
    finished = true;
    if (drainTimer) clearTimeout(drainTimer);
    listener.onFinished(exitCode);
  };

  // A program that stops reading makes our writes fail with EPIPE; that is its business, not a crash.
  child.stdin.on("error", () => undefined);
  child.stdout.on("data", (chunk: Buffer) => listener.onOutput("stdout", chunk));
  child.stderr.on("data", (chunk: Buffer) => listener.onOutput("stderr", chunk));
  child.on("error", (err) => {
    if (child.pid !== undefined) return;
    listener.onOutput("stderr", Buffer.from(`failed to start ${file}: ${err.message}\n`));
    finish(NOT_STARTED_EXIT_CODE);
  });
  child.on("exit", () => {
    // What the command left running would hold our pipes open (and outlive it): end it with the command.
    if (child.pid !== undefined) killProcessTree(child.pid);
    drainTimer = setTimeout(() => {
      child.stdout.destroy();
      child.stderr.destroy();
    }, PIPE_DRAIN_GRACE_MS);
  });
  child.on("close", (code, signal) => {
    finish(code ?? (signal ? SIGNAL_EXIT_BASE + constants.signals[signal] : 1));
  });

  return {
    pid: child.pid,
    write(text) {
      if (child.stdin.writable) child.stdin.write(text);
    },
    closeInput() {
      if (child.stdin.writable) child.stdin.end();
    },
    interrupt() {
      if (child.pid === undefined || finished) return;
      try {
        process.kill(-child.pid, "SIGINT");
      } catch {
        // Already gone.
      }
    },
    kill() {
      if (child.pid !== undefined && !finished) killProcessTree(child.pid);
    },
  };
}
