// One `app-server daemon start|stop|restart` at a time per CODEX_HOME: without it, two starts could both
// find no server, and the second would remove the first's socket and record. The lock is a file made with
// O_EXCL (`wx`) in app-server-daemon/, holding its owner's pid so that one left by a killed command is
// taken over.
import { mkdirSync, openSync, closeSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { daemonDir } from "./daemon-state.js";

export class DaemonLockError extends Error {}

const WAIT_MS = 40_000;
const POLL_MS = 50;

function ownerAlive(lock: string): boolean {
  try {
    const pid = Number(readFileSync(lock, "utf8").trim());
    if (!Number.isInteger(pid) || pid <= 1) return false;
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process runs there, not ours to judge; ENOENT: the lock went meanwhile (tried again).
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryLock(lock: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    if (!ownerAlive(lock)) rmSync(lock, { force: true });
    return false;
  }
  writeSync(fd, `${process.pid}\n`);
  closeSync(fd);
  return true;
}

/** Runs `work` holding the home's daemon lock, waiting (looked at every 50 ms) while another command holds it. */
export async function withDaemonLock<T>(codexHome: string, work: () => Promise<T>): Promise<T> {
  const dir = daemonDir(codexHome);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lock = join(dir, "daemon.lock");
  const deadline = Date.now() + WAIT_MS;
  while (!tryLock(lock)) {
    if (Date.now() > deadline) {
      throw new DaemonLockError(
        `another \`app-server daemon\` command holds ${lock}; remove it if none runs`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
