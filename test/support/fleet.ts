// Fleet tests' parts: a git repository to work on, real `codex-ts worker` processes (each in a process
// group of its own, so kill -9 takes its commands too, as a lost machine would), `fleet` commands, and a
// wait on task records that blocks on their Redis Streams instead of sleeping.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FleetClient } from "../../src/surfaces/fleet/task-api.js";
import type { TaskRecord } from "../../src/surfaces/fleet/task-record.js";
import { CLI, runCli, type RunResult } from "./cli.js";

/** A git repository with one commit, at `dir`. */
export function makeRepo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
  git("init", "--quiet", "-b", "main");
  writeFileSync(join(dir, "README.md"), "# demo\n");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "--quiet", "-m", "init");
  return dir;
}

export class WorkerProcess {
  readonly child: ChildProcess;
  stderr = "";
  readonly ready: Promise<void>;
  readonly exited: Promise<number | null>;

  constructor(args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [CLI, "worker", ...args], {
      env,
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.exited = new Promise((r) => this.child.on("exit", (code) => r(code)));
    this.ready = new Promise((resolveReady, reject) => {
      // Generous: a worker's start (node, the bundle, a Redis connection) takes seconds on a loaded machine.
      const timer = setTimeout(() => reject(new Error(`worker did not get ready:\n${this.stderr}`)), 30_000);
      this.child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
        this.stderr += chunk;
        if (this.stderr.includes(" ready: queue ")) {
          clearTimeout(timer);
          resolveReady();
        }
      });
      void this.exited.then((code) => reject(new Error(`worker exited with ${code}:\n${this.stderr}`)));
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** The worker's name in task records. */
  get name(): string {
    return `:${this.pid}`;
  }

  /** kill -9 of the worker and every process it started. */
  async kill9(): Promise<void> {
    try {
      process.kill(-this.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
    await this.exited;
  }

  /** SIGTERM (the worker finishes what it runs), bounded; then kill -9. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-this.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => void this.kill9(), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

export function fleet(args: string[], env: NodeJS.ProcessEnv, redisUrl: string): Promise<RunResult> {
  return runCli(["fleet", ...args, "--redis", redisUrl], { env, timeoutMs: 30_000 });
}

/** Waits until every task is in a final state; their records. */
export async function waitForTasks(
  redisUrl: string,
  ids: string[],
  timeoutMs = 45_000,
): Promise<TaskRecord[]> {
  const client = new FleetClient({ redisUrl, queue: "codex-tasks" });
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    await Promise.all(ids.map((id) => client.follow(id, () => undefined, signal)));
    if (signal.aborted) throw new Error(`tasks not finished within ${timeoutMs} ms`);
    return await Promise.all(ids.map((id) => client.get(id)));
  } finally {
    await client.close();
  }
}

/** Waits for the first stream event of a task that matches. */
export async function waitForItem(
  redisUrl: string,
  id: string,
  predicate: (event: Record<string, unknown>) => boolean,
  timeoutMs = 20_000,
): Promise<Record<string, unknown>> {
  const client = new FleetClient({ redisUrl, queue: "codex-tasks" });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let found: Record<string, unknown> | undefined;
  try {
    await client.follow(
      id,
      ({ event }) => {
        if (!found && predicate(event)) {
          found = event;
          controller.abort();
        }
      },
      controller.signal,
    );
  } finally {
    clearTimeout(timer);
    await client.close();
  }
  if (!found) throw new Error(`task ${id}: no matching item within ${timeoutMs} ms`);
  return found;
}

export { waitForFile } from "./wait-for-file.js";
