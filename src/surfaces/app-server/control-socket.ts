// Where a Unix-socket app-server listens. A socket's path must fit sun_path (108 bytes on Linux, 104 on
// macOS), which a deep CODEX_HOME easily passes; so, as Codex 0.169 does, the socket itself lives at a short
// path, /tmp/codex-daemon-<uid>/<sha256 of the path asked for>, and the path asked for is a symlink to it.
// connect(2) has the same limit, so clients (`proxy`, the daemon commands) resolve the symlink and connect
// to the short path (connectPath).
import { createHash } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, readlinkSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join, resolve } from "node:path";

export class ControlSocketError extends Error {}

/** The home's control socket: bare `--listen unix://`, `proxy` without `--sock`, the daemon. */
export function controlSocketPath(codexHome: string): string {
  return join(codexHome, "app-server-control", "app-server-control.sock");
}

function uid(): number {
  return process.getuid?.() ?? 0;
}

/** The short path the socket is bound at for `path`. */
export function backingSocketPath(path: string): string {
  return join("/tmp", `codex-daemon-${uid()}`, createHash("sha256").update(path).digest("hex"));
}

/** The path to connect to for `path`: where its symlink leads (short enough for sun_path), else itself. */
export function connectPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether a server answers on `path` (a refused or missing socket is a dead one; a full backlog is not). */
export function socketIsLive(path: string): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const probe = connect(connectPath(path));
    probe.once("connect", () => {
      probe.destroy();
      resolvePromise(true);
    });
    probe.once("error", (err: NodeJS.ErrnoException) => resolvePromise(err.code === "EAGAIN"));
  });
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A private directory of ours: made 0700, and refused if it is someone else's or not a directory. */
function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== uid()) {
    throw new ControlSocketError(`${dir} is not a directory owned by this user; remove it and try again`);
  }
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * Removes what a server killed before it could clean up left at `path`: its symlink to the backing socket
 * and that socket, while nothing answers there.
 */
export async function removeStaleSocket(path: string): Promise<void> {
  const backing = backingSocketPath(resolve(path));
  let target: string;
  try {
    target = readlinkSync(path);
  } catch {
    return; // None, or not a symlink of ours.
  }
  if (target !== backing || (await socketIsLive(path))) return;
  rmSync(path, { force: true });
  rmSync(backing, { force: true });
}

export interface BoundSocket {
  /** The path clients are given (the symlink). */
  path: string;
  /** Where the server binds. */
  backing: string;
  /** After the server listens: the socket made private and the symlink laid. */
  publish(): void;
  /** On exit: the socket and the symlink removed (the symlink only while it is still ours). */
  remove(): void;
}

/**
 * Makes room for a server at `requested`: a live server there is an error, a stale socket of a dead one is
 * replaced.
 */
export async function prepareSocket(
  requested: string,
  options: { privateParent: boolean },
): Promise<BoundSocket> {
  const path = resolve(requested);
  const backing = backingSocketPath(path);
  const parent = dirname(path);
  // The home's control directory is ours alone; a directory the user named is only made if missing.
  if (options.privateParent) privateDir(parent);
  else if (!exists(parent)) mkdirSync(parent, { recursive: true, mode: 0o700 });
  privateDir(dirname(backing));
  if ((exists(path) && (await socketIsLive(path))) || (exists(backing) && (await socketIsLive(backing)))) {
    throw new ControlSocketError(`app-server control socket is already in use at ${path}`);
  }
  if (exists(path)) {
    const stat = lstatSync(path);
    if (!stat.isSymbolicLink() && !stat.isSocket()) {
      throw new ControlSocketError(`${path} exists and is not a socket; remove it or pick another path`);
    }
    rmSync(path, { force: true });
  }
  rmSync(backing, { force: true });
  return {
    path,
    backing,
    publish() {
      chmodSync(backing, 0o600);
      symlinkSync(backing, path);
    },
    remove() {
      try {
        if (readlinkSync(path) === backing) rmSync(path, { force: true });
      } catch {
        // Already gone, or replaced by something not ours: left alone.
      }
      rmSync(backing, { force: true });
    },
  };
}
