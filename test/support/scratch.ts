// Scratch folders for tests, removed when the test file ends (test/support/scratch-cleanup.ts, a vitest setup
// file, runs cleanUpScratch after the file's own afterAll hooks, so processes are stopped first). Anything a
// test starts that outlives a test (a tmux server, a daemon) registers its own stop with onFileEnd.
import { appendFileSync, mkdtempSync, readdirSync, readlinkSync, rmSync, type Dirent } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Set by test/support/temp-guard.ts: the file listing every scratch folder made during the run. */
export const SCRATCH_LEDGER_ENV = "CODEX_TS_SCRATCH_LEDGER";

const dirs: string[] = [];
const stops: Array<() => void | Promise<void>> = [];

function removeDirs(): void {
  for (const dir of dirs.splice(0)) {
    removeLinkedDaemonSockets(dir);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

// Outside vitest (the benchmarks run these helpers as plain scripts) the folders go when the process exits.
if (!process.env.VITEST) process.once("exit", removeDirs);

/** A fresh folder `<tmpdir>/<prefix>XXXXXX`, removed with everything in it when the test file ends. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  const ledger = process.env[SCRATCH_LEDGER_ENV];
  if (ledger) appendFileSync(ledger, `${dir}\n`);
  return dir;
}

/** Runs `stop` when the test file ends, before its scratch folders are removed. */
export function onFileEnd(stop: () => void | Promise<void>): void {
  stops.push(stop);
}

/** The folder an app-server binds its Unix sockets in (src/surfaces/app-server/control-socket.ts). */
export const DAEMON_SOCKET_DIR = join("/tmp", `codex-daemon-${process.getuid?.() ?? 0}`);

/**
 * Removes the sockets that symlinks under `dir` lead to in the daemon's socket folder. A server killed
 * before it could remove its socket leaves it there; only those our own folders point at are touched, never
 * another server's. Symlinks are not followed (Node 20's recursive readdir would, into cycles too).
 */
export function removeLinkedDaemonSockets(dir: string, socketDir = DAEMON_SOCKET_DIR): string[] {
  const removed: string[] = [];
  const pending = [dir];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(next, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(next, entry.name);
      if (entry.isDirectory()) pending.push(path);
      if (!entry.isSymbolicLink()) continue;
      let target: string;
      try {
        target = readlinkSync(path);
      } catch {
        continue;
      }
      if (!target.startsWith(`${socketDir}/`)) continue;
      rmSync(target, { force: true });
      removed.push(target);
    }
  }
  return removed;
}

/** Stops what was registered, then removes every scratch folder (a race with a dying process is no failure). */
export async function cleanUpScratch(): Promise<void> {
  for (const stop of stops.splice(0).reverse()) {
    try {
      await stop();
    } catch {
      // Already stopped.
    }
  }
  removeDirs();
}
