// What `app-server daemon` keeps in $CODEX_HOME/app-server-daemon/ (where Codex 0.169 keeps its own):
// daemon.pid, a JSON record of the server it started, and daemon.stderr.log, that server's stderr.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DaemonError, ensureDir, osReason } from "./daemon-error.js";

export interface DaemonRecord {
  pid: number;
  /**
   * From /proc/<pid>/stat (clock ticks since boot), where there is a /proc; else the time it was started.
   * Records of earlier codex-ts builds hold the time (`Date#toString`) on every system.
   */
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
  ensureDir(dir, "daemon state directory");
  const log = join(dir, "daemon.stderr.log");
  try {
    renameSync(log, `${log}.previous`);
  } catch {
    // No earlier log.
  }
  return log;
}

/** Written aside, then renamed into place: a reader never sees half a record. */
export function writeRecord(codexHome: string, record: DaemonRecord): void {
  const file = pidFile(codexHome);
  const aside = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(aside, `${JSON.stringify(record)}\n`, { mode: 0o600 });
    renameSync(aside, file);
  } catch (err) {
    rmSync(aside, { force: true });
    throw new DaemonError(`failed to write pid file ${file}`, osReason(err));
  }
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

/** Whether `pid` runs: signalled by this user, or someone else's (EPERM); pid 0, -1 and 1 never count. */
function liveness(pid: number): "ours" | "foreign" | "gone" {
  if (!Number.isInteger(pid) || pid <= 1) return "gone";
  try {
    process.kill(pid, 0);
    return "ours";
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM" ? "foreign" : "gone";
  }
}

/**
 * Whether an earlier build's record (the time `Date#toString` gave right after the spawn, to the second)
 * names the process started then: its start is the boot time plus its start ticks (USER_HZ, 100 a second on
 * Linux). Three seconds of slack cover the record's rounding and the boot time's.
 */
function startedAt(pid: number, recorded: string): boolean {
  const at = Date.parse(recorded);
  const ticks = Number(processStartTime(pid));
  let boot: number;
  try {
    boot = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
  } catch {
    return false;
  }
  if (!Number.isFinite(at) || !Number.isFinite(ticks) || !Number.isFinite(boot)) return false;
  return Math.abs(boot * 1000 + ticks * 10 - at) <= 3000;
}

/**
 * Whether the record's process still runs and is the one recorded: pid > 1 (0 and -1 would signal a group or
 * every process of the user), and, where /proc tells, the same start time (a reused pid is not ours) and an
 * app-server. Someone else's process (a daemon started with sudo, say) is judged the same way; without /proc
 * it cannot be told from a reused pid and is not ours.
 */
export function isRecordedProcess(record: DaemonRecord): boolean {
  const live = liveness(record.pid);
  if (live === "gone") return false;
  const started = processStartTime(record.pid);
  if (started === undefined) return live === "ours" && !existsSync("/proc/self/stat");
  const recorded = String(record.processStartTime);
  const same = /^\d+$/.test(recorded) ? started === recorded : startedAt(record.pid, recorded);
  if (!same) return false;
  try {
    return readFileSync(`/proc/${record.pid}/cmdline`, "utf8").split("\0").includes("app-server");
  } catch {
    return false;
  }
}

/** The record of a daemon whose process still runs; a record of a dead one (or of another process) is removed. */
export function liveRecord(codexHome: string): DaemonRecord | undefined {
  const file = pidFile(codexHome);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new DaemonError(`failed to read pid file ${file}`, osReason(err));
  }
  let record: DaemonRecord;
  try {
    record = JSON.parse(text) as DaemonRecord;
  } catch {
    return undefined;
  }
  if (typeof record === "object" && record !== null && isRecordedProcess(record)) return record;
  removeRecord(codexHome);
  return undefined;
}
