// One `app-server daemon start|stop|restart` at a time per CODEX_HOME: without it, two starts could both
// find no server, and the second would remove the first's socket and record. The lock is a file made with
// O_EXCL (`wx`) in app-server-daemon/, holding its owner's pid so that one left by a killed command is
// taken over.
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { DaemonError, ensureDir, osReason } from "./daemon-error.js";
import { daemonDir } from "./daemon-state.js";

const WAIT_MS = 40_000;
const POLL_MS = 50;

function readOwner(lock: string): string | undefined {
  try {
    return readFileSync(lock, "utf8");
  } catch {
    return undefined;
  }
}

function alive(owner: string): boolean {
  const pid = Number(owner.trim());
  if (!Number.isInteger(pid) || pid <= 1) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process runs there, not ours to judge.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes a lock whose owner is gone. Another command may take the stale lock over at the same moment and
 * lay its own: the lock is moved aside first (atomic), and put back when what was moved is not the stale one.
 */
function takeOver(lock: string, stale: string): void {
  const aside = `${lock}.${process.pid}`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // Gone meanwhile: tried again.
  }
  if (readOwner(aside) !== stale) {
    try {
      linkSync(aside, lock);
    } catch {
      // A third command laid one meanwhile: it holds the lock.
    }
  }
  rmSync(aside, { force: true });
}

function tryLock(lock: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") {
      throw new DaemonError(`failed to create lock file ${lock}`, osReason(err));
    }
    const owner = readOwner(lock);
    if (owner !== undefined && !alive(owner)) takeOver(lock, owner);
    return false;
  }
  writeSync(fd, `${process.pid}\n`);
  closeSync(fd);
  return true;
}

/** Runs `work` holding the home's daemon lock, waiting (looked at every 50 ms) while another command holds it. */
export async function withDaemonLock<T>(codexHome: string, work: () => Promise<T>): Promise<T> {
  const dir = daemonDir(codexHome);
  ensureDir(dir, "daemon state directory");
  const lock = join(dir, "daemon.lock");
  const deadline = Date.now() + WAIT_MS;
  while (!tryLock(lock)) {
    if (Date.now() > deadline) {
      throw new DaemonError(`another \`app-server daemon\` command holds ${lock}; remove it if none runs`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
