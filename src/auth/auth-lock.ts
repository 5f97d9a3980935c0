// A lock across processes for refreshing the login in auth.json: `auth.json.lock`, created exclusively
// (O_EXCL) and holding its owner's pid. Two codex-ts processes never send one refresh token twice (the
// issuer would refuse the second, logging the user out): the second waits, then finds new tokens.
import { openSync, closeSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";

/** A lock older than this is a crashed owner's, whatever its pid says (a refresh takes seconds). */
const STALE_MS = 60_000;
const POLL_MS = 50;
const WAIT_LIMIT_MS = 90_000;

function ownerAlive(path: string): boolean {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    if (!Number.isInteger(pid) || pid <= 0) return false;
    if (Date.now() - statSync(path).mtimeMs > STALE_MS) return false;
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to someone else; anything else: no owner left.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryAcquire(path: string): boolean {
  try {
    const fd = openSync(path, "wx", 0o600);
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    // Left by a process that died (or is long stuck): taken over.
    if (!ownerAlive(path)) rmSync(path, { force: true });
    return false;
  }
}

/** Runs `fn` holding the lock at `path`. */
export async function withFileLock<T>(path: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!tryAcquire(path)) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${path} (another codex-ts refreshing?)`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await fn();
  } finally {
    rmSync(path, { force: true });
  }
}
