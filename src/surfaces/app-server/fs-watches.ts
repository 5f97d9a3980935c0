// fs/watch subscriptions: per connection, by the client's watchId; each change batch becomes one
// `fs/changed` notification to that connection. Closed with the connection.
import { watch, statSync, type FSWatcher } from "node:fs";
import { join } from "node:path";
import type { Connection } from "./connection.js";
import { badRequest } from "./errors.js";

/** Changes that arrive together (an editor's save is several events) are sent as one notification. */
const BATCH_MS = 50;

interface Watch {
  watcher: FSWatcher;
  pending: Set<string>;
  timer: NodeJS.Timeout | undefined;
}

export class FsWatches {
  private readonly byConnection = new Map<Connection, Map<string, Watch>>();

  watch(connection: Connection, watchId: string, path: string): void {
    let watches = this.byConnection.get(connection);
    if (watches?.has(watchId)) throw badRequest(`watchId ${watchId} is already in use`);
    if (!watches) {
      const created = new Map<string, Watch>();
      watches = created;
      this.byConnection.set(connection, created);
      connection.onClose(() => {
        for (const id of [...created.keys()]) this.stop(created, id);
        this.byConnection.delete(connection);
      });
    }
    const isDir = statSync(path).isDirectory();
    const entry: Watch = { watcher: undefined as unknown as FSWatcher, pending: new Set(), timer: undefined };
    const flush = () => {
      entry.timer = undefined;
      const changedPaths = [...entry.pending].sort();
      entry.pending.clear();
      connection.notify({ method: "fs/changed", params: { watchId, changedPaths } });
    };
    entry.watcher = watch(path, { recursive: isDir }, (_event, name) => {
      entry.pending.add(isDir && name ? join(path, name.toString()) : path);
      entry.timer ??= setTimeout(flush, BATCH_MS);
    });
    entry.watcher.on("error", () => this.stop(watches, watchId));
    watches.set(watchId, entry);
  }

  /** An unknown id is not an error (Codex answers it too): the watch is gone either way. */
  unwatch(connection: Connection, watchId: string): void {
    const watches = this.byConnection.get(connection);
    if (watches) this.stop(watches, watchId);
  }

  closeAll(): void {
    for (const watches of this.byConnection.values())
      for (const id of [...watches.keys()]) this.stop(watches, id);
    this.byConnection.clear();
  }

  private stop(watches: Map<string, Watch>, watchId: string): void {
    const entry = watches.get(watchId);
    if (!entry) return;
    watches.delete(watchId);
    if (entry.timer) clearTimeout(entry.timer);
    entry.watcher.close();
  }
}
