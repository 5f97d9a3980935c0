// Thread files under $CODEX_HOME: find a thread's rollout, archive it (move into archived_sessions/) and
// unarchive it (move back to sessions/YYYY/MM/DD/, the date taken from the file name). Files are only
// ever moved, never rewritten. When an index is given, it answers lookups and is kept in step with moves.
import { copyFile, mkdir, rename, stat, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import { archivedDir, datedSessionsDir, isUuid, parseRolloutFileName } from "./paths.js";
import { scanForThread } from "./scan.js";

export type ThreadStoreErrorCode =
  | "invalid_thread_id"
  | "thread_not_found"
  | "already_archived"
  | "not_archived"
  | "invalid_rollout_name"
  | "destination_exists";

export class ThreadStoreError extends Error {
  constructor(
    readonly code: ThreadStoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface ThreadLocation {
  path: string;
  archived: boolean;
}

/** What the store needs from the SQLite index (ThreadIndex satisfies it). */
export interface ThreadLocator {
  get(id: string): ThreadLocation | undefined;
  markArchived(id: string, archived: boolean, path: string): boolean;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** rename, or copy and delete when the two paths are on different file systems. */
async function moveFile(from: string, to: string): Promise<void> {
  if (await exists(to))
    throw new ThreadStoreError("destination_exists", `cannot move ${from}: ${to} already exists`);
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await copyFile(from, to);
    await unlink(from);
  }
}

export class ThreadStore {
  constructor(
    readonly codexHome: string,
    private readonly index?: ThreadLocator,
  ) {}

  /** The rollout of a thread, active or archived: from the index when it knows (and the file is there), else by scanning names. */
  async findPathById(id: string): Promise<ThreadLocation | undefined> {
    if (!isUuid(id)) return undefined;
    const known = this.index?.get(id);
    if (known && (await exists(known.path))) return { path: known.path, archived: known.archived };
    const found = await scanForThread(this.codexHome, id);
    return found ? { path: found.path, archived: found.archived } : undefined;
  }

  /** Moves an active thread's rollout into archived_sessions/, keeping its file name. Returns the new path. */
  async archive(id: string): Promise<string> {
    const location = await this.locate(id);
    if (location.archived) throw new ThreadStoreError("already_archived", `thread ${id} is already archived`);
    const dir = archivedDir(this.codexHome);
    await mkdir(dir, { recursive: true });
    const target = join(dir, basename(location.path));
    await moveFile(location.path, target);
    this.index?.markArchived(id, true, target);
    return target;
  }

  /** Moves an archived rollout back to sessions/YYYY/MM/DD/ (from its file name). Returns the new path. */
  async unarchive(id: string): Promise<string> {
    const location = await this.locate(id);
    if (!location.archived) throw new ThreadStoreError("not_archived", `thread ${id} is not archived`);
    const fileName = basename(location.path);
    const name = parseRolloutFileName(fileName);
    if (!name || name.threadId.toLowerCase() !== id.toLowerCase()) {
      throw new ThreadStoreError(
        "invalid_rollout_name",
        `archived rollout ${location.path} has an unexpected file name`,
      );
    }
    const dir = datedSessionsDir(this.codexHome, name);
    await mkdir(dir, { recursive: true });
    const target = join(dir, fileName);
    await moveFile(location.path, target);
    this.index?.markArchived(id, false, target);
    return target;
  }

  private async locate(id: string): Promise<ThreadLocation> {
    if (!isUuid(id))
      throw new ThreadStoreError(
        "invalid_thread_id",
        `invalid thread id: ${JSON.stringify(id)} (expected a UUID)`,
      );
    const location = await this.findPathById(id);
    if (!location) throw new ThreadStoreError("thread_not_found", `no rollout found for thread ${id}`);
    return location;
  }
}
