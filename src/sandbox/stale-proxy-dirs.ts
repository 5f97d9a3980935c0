// The allowlist proxy's socket folder (`<tmpdir>/codex-net-XXXXXX/proxy.sock`) is removed when the proxy
// closes, but a codex-ts killed mid-command (SIGTERM from an SDK's abort, SIGKILL) cannot close it. So each
// new proxy first removes the folders of dead ones: this user's, old enough not to be one being set up, and
// whose socket refuses connections. A folder with no socket at all goes only after a day: its proxy may have
// been suspended (a laptop asleep) between making it and listening.
import { lstat, readdir, rm } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";

export const PROXY_DIR_PREFIX = "codex-net-";
export const PROXY_SOCKET_NAME = "proxy.sock";

/** A folder younger than this may belong to a proxy between making it and listening. */
const SETUP_GRACE_MS = 60_000;
/** A folder with no socket this old is one whose proxy never listened and never will. */
const NO_SOCKET_GRACE_MS = 24 * 60 * 60_000;

/** Whether the Unix socket `socketPath` refuses connections: nobody listens on it any more. */
function refuses(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.once("connect", () => {
      probe.destroy();
      resolve(false);
    });
    // A full backlog (EAGAIN) or anything else unexpected: not known to be dead.
    probe.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}

async function isStale(dir: string, now: number): Promise<boolean> {
  const stat = await lstat(dir);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || now - stat.mtimeMs < SETUP_GRACE_MS) {
    return false;
  }
  const socketPath = path.join(dir, PROXY_SOCKET_NAME);
  const socket = await lstat(socketPath).catch(() => undefined);
  if (socket === undefined) return now - stat.mtimeMs >= NO_SOCKET_GRACE_MS;
  return socket.isSocket() && (await refuses(socketPath));
}

/** Removes the proxy folders under `parent` whose proxy is gone; returns their names. Never throws. */
export async function removeStaleProxyDirs(parent: string, now = Date.now()): Promise<string[]> {
  const names = await readdir(parent).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.filter((n) => n.startsWith(PROXY_DIR_PREFIX))) {
    const dir = path.join(parent, name);
    try {
      if (!(await isStale(dir, now))) continue;
      await rm(dir, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed;
}
