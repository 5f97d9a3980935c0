// What `app-server daemon` keeps in $CODEX_HOME/app-server-daemon/ (where Codex 0.169 keeps its own):
// daemon.pid, a JSON record of the server it started, and daemon.stderr.log, that server's stderr.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface DaemonRecord {
  pid: number;
  /** From /proc/<pid>/stat (clock ticks since boot), where there is a /proc; else the time it was started. */
  processStartTime: string;
  /** The Codex version the server speaks for (codex-ts's compatibility version). */
  version: string;
}

export function daemonDir(codexHome: string): string {
  return join(codexHome, "app-server-daemon");
}

const pidFile = (codexHome: string) => join(daemonDir(codexHome), "daemon.pid");

/** The log the next daemon writes to; the last one's is kept as `.previous`. */
export function freshLogPath(codexHome: string): string {
  const dir = daemonDir(codexHome);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const log = join(dir, "daemon.stderr.log");
  try {
    renameSync(log, `${log}.previous`);
  } catch {
    // No earlier log.
  }
  return log;
}

export function writeRecord(codexHome: string, record: DaemonRecord): void {
  writeFileSync(pidFile(codexHome), `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

export function removeRecord(codexHome: string): void {
  rmSync(pidFile(codexHome), { force: true });
}

/** The start time /proc gives for `pid` (clock ticks since boot, field 22 of stat); undefined without it. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs and can be signalled by this user (EPERM: someone else's process, not ours). */
function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 1) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the record's process still runs and is the one recorded: pid > 1 (0 and -1 would signal a group or
 * every process of the user), and, where /proc tells, the same start time (a reused pid is not ours) and an
 * app-server.
 */
export function isRecordedProcess(record: DaemonRecord): boolean {
  if (!isAlive(record.pid)) return false;
  const started = processStartTime(record.pid);
  if (started === undefined) return !existsSync("/proc/self/stat");
  if (started !== record.processStartTime) return false;
  try {
    return readFileSync(`/proc/${record.pid}/cmdline`, "utf8").split("\0").includes("app-server");
  } catch {
    return false;
  }
}

/** The record of a daemon whose process still runs; a record of a dead one (or of another process) is removed. */
export function liveRecord(codexHome: string): DaemonRecord | undefined {
  let record: DaemonRecord;
  try {
    record = JSON.parse(readFileSync(pidFile(codexHome), "utf8")) as DaemonRecord;
  } catch {
    return undefined;
  }
  if (typeof record === "object" && record !== null && isRecordedProcess(record)) return record;
  removeRecord(codexHome);
  return undefined;
}
