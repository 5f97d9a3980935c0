// Deleting a thread for good: its rollout file (active or archived), its index row, its names, the messages
// queued for it, and the same for every subagent thread it spawned. The file goes first: an index row whose file is gone is
// dropped by the next catch-up (the folder's mtime moved), while a row dropped before a failed unlink
// would leave a file the index no longer knows until a rebuild.
import { unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { forgetThreadState } from "./forget-thread.js";
import type { ThreadIndex } from "./index.js";
import { ThreadStore } from "./store.js";
import { forgetThreadNames } from "./thread-names.js";
import { forgetQueuedMessages } from "./message-queue.js";

export class ThreadDeleteError extends Error {
  override name = "ThreadDeleteError";
  /** The threads deleted before the failure (their names and state are forgotten too). */
  readonly deleted: readonly string[];

  constructor(message: string, deleted: readonly string[] = [], options?: ErrorOptions) {
    super(message, options);
    this.deleted = deleted;
  }
}

/** Deletes the thread and its subagents' threads; returns the ids deleted, the thread's own first. */
export async function deleteThread(codexHome: string, index: ThreadIndex, id: string): Promise<string[]> {
  const store = new ThreadStore(codexHome, index);
  const root = await store.findPathById(id);
  if (!root) throw new ThreadDeleteError(`no rollout found for thread ${id}`);
  const deleted: string[] = [];
  try {
    await deleteTree(store, index, { id, path: root.path }, deleted);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ThreadDeleteError(`could not delete thread ${id}: ${reason}`, [...deleted], { cause: err });
  } finally {
    // Whatever went, went for good: its names and side state go with it, even when a later unlink failed.
    forgetThreadNames(codexHome, deleted);
    forgetThreadState(codexHome, deleted);
    // The queue sits beside the index, in the SQLite folder.
    forgetQueuedMessages(dirname(index.path), deleted);
  }
  return deleted;
}

async function deleteTree(
  store: ThreadStore,
  index: ThreadIndex,
  root: { id: string; path: string },
  deleted: string[],
): Promise<void> {
  const pending = [root];
  const seen = new Set([root.id.toLowerCase()]);
  for (let next = pending.shift(); next; next = pending.shift()) {
    // Children are found before the parent's row goes.
    for (const child of index.childIds(next.id)) {
      if (seen.has(child.toLowerCase())) continue;
      seen.add(child.toLowerCase());
      const location = await store.findPathById(child);
      if (location) pending.push({ id: child, path: location.path });
      else index.remove(child);
    }
    try {
      await unlink(next.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    index.remove(next.id);
    deleted.push(next.id);
  }
}
