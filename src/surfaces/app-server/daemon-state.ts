// What `app-server daemon` keeps in $CODEX_HOME/app-server-daemon/ (where Codex 0.169 keeps its own):
// daemon.pid, a JSON record of the server it started, and daemon.stderr.log, that server's stderr.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface DaemonRecord {
  pid: number;
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

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // A pid may be reused after the daemon died: where /proc says what runs there, it must be an app-server.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("app-server");
  } catch {
    return true;
  }
}

/** The record of a daemon whose process still runs; a record of a dead one is removed. */
export function liveRecord(codexHome: string): DaemonRecord | undefined {
  let record: DaemonRecord;
  try {
    record = JSON.parse(readFileSync(pidFile(codexHome), "utf8")) as DaemonRecord;
  } catch {
    return undefined;
  }
  if (Number.isInteger(record.pid) && isAlive(record.pid)) return record;
  removeRecord(codexHome);
  return undefined;
}
