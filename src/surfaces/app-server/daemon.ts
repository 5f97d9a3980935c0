// `codex-ts app-server daemon start|stop|restart|version`: one app-server per home in the background, on
// the control socket (`--listen unix://`), managed as Codex 0.169 manages its own ("pid" backend). Each
// command prints one JSON object on stdout with Codex's fields. Codex installs a copy of itself for the
// daemon to run (managedCodexPath); codex-ts runs its own CLI, and names that.
// CODEX_TS_DAEMON_START_TIMEOUT_MS shortens (or lengthens) the 20 s `start` gives a new server to answer.
import { spawn } from "node:child_process";
import { openSync, closeSync, existsSync, readFileSync, watch } from "node:fs";
import { dirname, resolve } from "node:path";
import { CODEX_COMPAT_VERSION } from "../../version.js";
import { controlSocketPath, removeStaleSocket, socketIsLive } from "./control-socket.js";
import { DaemonError, ensureDir, osReason } from "./daemon-error.js";
import { withDaemonLock } from "./daemon-lock.js";
import { appServerVersion } from "./daemon-probe.js";
import {
  freshLogPath,
  isRecordedProcess,
  liveRecord,
  processStartTime,
  removeRecord,
  writeRecord,
  type DaemonRecord,
} from "./daemon-state.js";

const START_TIMEOUT_MS = 20_000;

function startTimeoutMs(): number {
  const given = Number(process.env.CODEX_TS_DAEMON_START_TIMEOUT_MS);
  return Number.isFinite(given) && given > 0 ? given : START_TIMEOUT_MS;
}
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

/** How long `version` and `start` wait for a running server's answer. */
const VERSION_TIMEOUT_MS = 5_000;

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

/** The log's text, indented, for an error that points at it (Codex quotes it the same way). */
function quoteLog(log: string): string {
  let text = "";
  try {
    text = readFileSync(log, "utf8").trim();
  } catch {
    // Not written.
  }
  return `\n\nManaged app-server stderr (${log}):\n  ${text === "" ? "(empty)" : text.replace(/\n/g, "\n  ")}`;
}

/** The new server ended before it answered: its own words are in the log. */
class ExitedEarly extends DaemonError {}

interface Started {
  record: DaemonRecord;
  appServerVersion: string | null;
}

/** Starts the server and waits until it answers `initialize`; one that does not is killed and unrecorded. */
async function start(ctx: Context): Promise<Started> {
  const socket = controlSocketPath(ctx.codexHome);
  ensureDir(dirname(socket), "control socket directory");
  const log = freshLogPath(ctx.codexHome);
  let fd: number;
  try {
    fd = openSync(log, "a", 0o600);
  } catch (err) {
    throw new DaemonError(`failed to open daemon log ${log}`, osReason(err));
  }
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
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => {
      removeRecord(ctx.codexHome);
      const why = `the app-server daemon exited (code ${code}) before it listened; see ${log}`;
      reject(new ExitedEarly(`${why}${quoteLog(log)}`));
    }),
  );
  // Awaited only once the record is written: an exit before that (a failed write kills it) is not unhandled.
  exited.catch(() => undefined);
  const timeoutMs = startTimeoutMs();
  const deadline = Date.now() + timeoutMs;
  const cancel = new AbortController();
  let waited = false;
  try {
    writeRecord(ctx.codexHome, record);
    waited = true;
    const ready = waitFor(
      dirname(socket),
      async () => existsSync(socket) && (await socketIsLive(socket)),
      timeoutMs,
      "no server listened",
      cancel.signal,
    );
    await Promise.race([ready, exited]);
    const version = await Promise.race([appServerVersion(socket, deadline - Date.now()), exited]);
    return { record, appServerVersion: version };
  } catch (err) {
    // A server that never answered is not left running in the background, nor recorded, nor its socket.
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await gone;
    }
    removeRecord(ctx.codexHome);
    await removeStaleSocket(socket);
    if (waited && err instanceof DaemonError && !(err instanceof ExitedEarly)) {
      throw new DaemonError(
        `app server did not become ready on ${socket}${quoteLog(log)}`,
        err.reason ? `${err.message}: ${err.reason}` : err.message,
      );
    }
    throw err;
  } finally {
    cancel.abort();
    child.removeAllListeners("exit");
    child.unref();
  }
}

/**
 * Signals the daemon; one that ended meanwhile (ESRCH) is left be. One that is someone else's (EPERM: a
 * daemon started by another user, with sudo say) cannot be stopped from here: an error, its record kept.
 */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ESRCH") return;
    throw new DaemonError(`failed to terminate pid-managed app server ${pid}`, osReason(err));
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
    const probe = () => appServerVersion(socket, VERSION_TIMEOUT_MS);
    const started = (status: string, s: Started) =>
      report(ctx, status, { pid: s.record.pid, appServerVersion: s.appServerVersion });
    if (command === "version") {
      // The probe says why a server cannot be reached (no socket, refused, a full backlog, no answer).
      const version = await probe();
      print(report(ctx, "running", { appServerVersion: version }));
      return;
    }
    const live = existsSync(socket) && (await socketIsLive(socket));
    const record = liveRecord(codexHome);
    if (command === "start" && live) {
      print(report(ctx, "alreadyRunning", { appServerVersion: await probe() }));
    } else if (command === "start") {
      print(started("started", await start(ctx)));
    } else if (!live && !record) {
      if (command === "stop") print(report(ctx, "notRunning"));
      else print(started("started", await start(ctx)));
    } else if (!record) {
      throw new DaemonError(
        `the app-server on ${socket} was not started by \`app-server daemon start\`; stop it where it runs`,
      );
    } else {
      await stop(ctx, record);
      if (command === "stop") print(report(ctx, "stopped", { backend: "pid" }));
      else print(started("restarted", await start(ctx)));
    }
  };
  try {
    // Looking then starting or stopping is one step: two commands at once would race on the socket.
    await (command === "version" ? act() : withDaemonLock(codexHome, act));
    return 0;
  } catch (err) {
    if (!(err instanceof DaemonError)) throw err;
    process.stderr.write(err.format());
    return 1;
  }
}
