// `codex-ts app-server daemon start|stop|restart|version`: one app-server per home in the background, on
// the control socket (`--listen unix://`), managed as Codex 0.169 manages its own ("pid" backend). Each
// command prints one JSON object on stdout with Codex's fields. Codex installs a copy of itself for the
// daemon to run (managedCodexPath); codex-ts runs its own CLI, and names that.
import { spawn } from "node:child_process";
import { openSync, closeSync, existsSync, mkdirSync, watch } from "node:fs";
import { dirname, resolve } from "node:path";
import { CODEX_COMPAT_VERSION } from "../../version.js";
import { connectPath, controlSocketPath, socketIsLive } from "./control-socket.js";
import { DaemonLockError, withDaemonLock } from "./daemon-lock.js";
import {
  freshLogPath,
  isRecordedProcess,
  liveRecord,
  processStartTime,
  removeRecord,
  writeRecord,
  type DaemonRecord,
} from "./daemon-state.js";

export class DaemonError extends Error {}

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

interface Context {
  codexHome: string;
  /** The CLI script a daemon runs (this one). */
  cli: string;
  /** `-c`, `--enable`, `--disable` given to `daemon`: passed on to the server it starts. */
  serverArgs: string[];
}

interface Details {
  backend?: "pid";
  pid?: number;
  appServerVersion?: string | null;
}

/** The JSON a command prints, fields in Codex's order. */
function report(ctx: Context, status: string, details: Details = {}) {
  const record = liveRecord(ctx.codexHome);
  return {
    status,
    ...(record || details.backend ? { backend: "pid" } : {}),
    ...(details.pid !== undefined ? { pid: details.pid } : {}),
    managedCodexPath: ctx.cli,
    managedCodexVersion: record?.version ?? null,
    socketPath: controlSocketPath(ctx.codexHome),
    cliVersion: CODEX_COMPAT_VERSION,
    ...(details.appServerVersion !== undefined ? { appServerVersion: details.appServerVersion } : {}),
  };
}

const VERSION_TIMEOUT_MS = 5_000;

/**
 * The Codex version the server at the socket gives in initialize's userAgent (`name/X.Y.Z (...)`); null when
 * it does not answer in time, closes first, or answers with something else.
 */
async function appServerVersion(path: string): Promise<string | null> {
  const { default: WebSocket } = await import("ws");
  return new Promise((resolvePromise) => {
    const ws = new WebSocket(`ws+unix://${connectPath(path)}:/`);
    const timer = setTimeout(() => done(null), VERSION_TIMEOUT_MS);
    function done(version: string | null): void {
      clearTimeout(timer);
      ws.terminate();
      resolvePromise(version);
    }
    ws.once("error", () => done(null));
    ws.once("close", () => done(null));
    ws.once("open", () => {
      const clientInfo = { name: "codex_daemon", version: CODEX_COMPAT_VERSION };
      ws.send(JSON.stringify({ id: 1, method: "initialize", params: { clientInfo } }));
    });
    ws.on("message", (data: Buffer) => {
      let message: { id?: unknown; result?: { userAgent?: unknown } } | null;
      try {
        message = JSON.parse(data.toString("utf8")) as typeof message;
      } catch {
        return;
      }
      if (message?.id !== 1) return;
      const agent = typeof message.result?.userAgent === "string" ? message.result.userAgent : "";
      done(/^[^/]+\/(\d+\.\d+\.\d+)/.exec(agent)?.[1] ?? null);
    });
  });
}

/**
 * Resolves when `check` holds, looked at each time something changes in `dir` (and once at the start).
 * Aborting `cancel` stops the watching and the timer (the promise then stays pending: the caller moved on).
 */
function waitFor(
  dir: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  cancel?: AbortSignal,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      watcher.close();
      clearTimeout(timer);
      cancel?.removeEventListener("abort", onAbort);
      if (err) reject(err);
      else resolvePromise();
    };
    const onAbort = () => {
      settled = true;
      watcher.close();
      clearTimeout(timer);
    };
    const look = () => void check().then((ok) => ok && finish(), finish);
    const watcher = watch(dir, look);
    const timer = setTimeout(
      () => finish(new DaemonError(`${what} within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    cancel?.addEventListener("abort", onAbort, { once: true });
    look();
  });
}

async function start(ctx: Context): Promise<DaemonRecord> {
  const socket = controlSocketPath(ctx.codexHome);
  mkdirSync(dirname(socket), { recursive: true, mode: 0o700 });
  const log = freshLogPath(ctx.codexHome);
  const fd = openSync(log, "a", 0o600);
  const args = [
    ctx.cli,
    "app-server",
    "--listen",
    "unix://",
    "--analytics-default-enabled",
    ...ctx.serverArgs,
  ];
  const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", "ignore", fd] });
  closeSync(fd);
  const pid = child.pid;
  if (pid === undefined) throw new DaemonError(`could not start the app-server daemon (see ${log})`);
  const processStart = processStartTime(pid) ?? new Date().toString();
  const record = { pid, processStartTime: processStart, version: CODEX_COMPAT_VERSION };
  writeRecord(ctx.codexHome, record);
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => {
      removeRecord(ctx.codexHome);
      reject(new DaemonError(`the app-server daemon exited (code ${code}) before it listened; see ${log}`));
    }),
  );
  const cancel = new AbortController();
  try {
    const ready = waitFor(
      dirname(socket),
      async () => existsSync(socket) && (await socketIsLive(socket)),
      START_TIMEOUT_MS,
      "the app-server daemon did not listen",
      cancel.signal,
    );
    await Promise.race([ready, exited]);
  } catch (err) {
    // A server that never listened is not left running in the background, nor recorded.
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    removeRecord(ctx.codexHome);
    throw err;
  } finally {
    cancel.abort();
    child.removeAllListeners("exit");
    child.unref();
  }
  return record;
}

/** Signals the daemon; one that ended meanwhile (ESRCH) or is no longer this user's (EPERM) is left be. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "ESRCH" && code !== "EPERM") throw err;
  }
}

async function stop(ctx: Context, record: DaemonRecord): Promise<void> {
  signal(record.pid, "SIGTERM");
  const socket = controlSocketPath(ctx.codexHome);
  // The server removes its socket on the way out; then the process ends.
  await waitFor(
    dirname(socket),
    () => Promise.resolve(!existsSync(socket)),
    STOP_TIMEOUT_MS,
    "the daemon did not stop",
  ).catch(() => {
    if (isRecordedProcess(record)) signal(record.pid, "SIGKILL");
  });
  // No event tells when a process that is not our child ends: looked at every 50 ms, for 10 s at most.
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isRecordedProcess(record) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  removeRecord(ctx.codexHome);
}

export type DaemonCommand = "start" | "stop" | "restart" | "version";

/** Runs one daemon command: the JSON report on stdout, errors on stderr; the exit code. */
export async function runDaemon(
  command: DaemonCommand,
  codexHome: string,
  cliPath: string,
  serverArgs: string[] = [],
): Promise<number> {
  const ctx: Context = { codexHome, cli: resolve(cliPath), serverArgs };
  const socket = controlSocketPath(codexHome);
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  const act = async () => {
    const live = existsSync(socket) && (await socketIsLive(socket));
    const record = liveRecord(codexHome);
    if (command === "version") {
      if (!live) throw new DaemonError(`failed to connect to ${socket}: No such file or directory`);
      print(report(ctx, "running", { appServerVersion: await appServerVersion(socket) }));
    } else if (command === "start" && live) {
      print(report(ctx, "alreadyRunning", { appServerVersion: await appServerVersion(socket) }));
    } else if (command === "start") {
      const started = await start(ctx);
      print(report(ctx, "started", { pid: started.pid, appServerVersion: await appServerVersion(socket) }));
    } else if (!live && !record) {
      if (command === "stop") print(report(ctx, "notRunning"));
      else {
        const started = await start(ctx);
        print(report(ctx, "started", { pid: started.pid, appServerVersion: await appServerVersion(socket) }));
      }
    } else if (!record) {
      throw new DaemonError(
        `the app-server on ${socket} was not started by \`app-server daemon start\`; stop it where it runs`,
      );
    } else {
      await stop(ctx, record);
      if (command === "stop") print(report(ctx, "stopped", { backend: "pid" }));
      else {
        const started = await start(ctx);
        print(
          report(ctx, "restarted", { pid: started.pid, appServerVersion: await appServerVersion(socket) }),
        );
      }
    }
  };
  try {
    // Looking then starting or stopping is one step: two commands at once would race on the socket.
    await (command === "version" ? act() : withDaemonLock(codexHome, act));
    return 0;
  } catch (err) {
    if (!(err instanceof DaemonError) && !(err instanceof DaemonLockError)) throw err;
    process.stderr.write(`Error: ${err.message}\n`);
    return 1;
  }
}
