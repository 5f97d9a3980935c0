// The app-server's access to the thread index: one connection, opened as soon as `initialize` is answered
// (an IDE lists threads right after start) and kept for the server's life, so a request pays neither the
// open nor a full catch-up. Each use checks that the file is still the one opened (another process may
// have rebuilt it) and, unless told otherwise, catches up with every rollout folder first, as an open
// did; listings catch up with the folders of their page only (thread-catalog.ts) and ask for a full
// catch-up after answering (`reconcileSoon`). This module imports nothing heavy.
import { statSync } from "node:fs";
import type * as indexModule from "../../../rollout/index.js";
import type { IndexHome, ThreadIndex } from "../../../rollout/index.js";

type IndexModule = typeof indexModule;

/** thread/list's default page (25 threads) and the one row more it reads to know whether more follow. */
const FIRST_PAGE_ROWS = 26;

interface OpenIndex {
  index: ThreadIndex;
  /** The file's identity when opened: a rebuild by another process makes a new file. */
  ino: number;
  dev: number;
  /** Uses in flight; a retired connection closes when the last one ends. */
  users: number;
  retired: boolean;
}

export class ThreadIndexHandle {
  private code: Promise<IndexModule> | undefined;
  private current: Promise<OpenIndex> | undefined;
  private reconcileQueued = false;
  private closed = false;
  /** The open index, once an open has finished (not a promise: a caller can tell without waiting). */
  private settled: OpenIndex | undefined;
  /** Whether the open under way is rebuilding the index from the files, and who waits to know. */
  private rebuilding = false;
  private readonly rebuildWatchers = new Set<() => void>();

  constructor(
    /** Where the index is, asked when it is first opened. */
    private readonly home: () => Promise<IndexHome>,
    private readonly onError: (message: string) => void = () => undefined,
  ) {}

  /**
   * Loads the index's code and opens the index (catching up with the folders), then reads the first page
   * clients ask for by default (its statement prepared, its pages in SQLite's cache, the row code run once)
   * while the server still loads its handlers; failures are reported. A page that fails (damage a query
   * met) retires the connection, so the next use opens the index again (and rebuilds it if it must)
   * instead of the warm-up (warm-up.ts) doing so in front of the waiting requests.
   */
  warm(): void {
    this.acquire()
      .then((open) => {
        try {
          open.index.list({ sortKey: "created_at", direction: "desc", limit: FIRST_PAGE_ROWS });
        } catch (err) {
          this.retire(open);
          throw err;
        } finally {
          this.release(open);
        }
      })
      .catch((err: unknown) => this.onError(`thread index unavailable: ${String(err)}`));
  }

  /**
   * Runs `use` on the open index, after a catch-up with every rollout folder unless `catchUp` is false.
   * Damage met by a query (the index is not integrity-checked at open) rebuilds it from the files, and
   * `use` runs again.
   */
  async use<T>(use: (index: ThreadIndex) => Promise<T> | T, options: { catchUp?: boolean } = {}): Promise<T> {
    const { isDamage } = await this.load();
    const open = await this.acquire();
    try {
      if (options.catchUp !== false) await open.index.catchUp();
      return await use(open.index);
    } catch (err) {
      if (!isDamage(err)) throw err;
      this.retire(open);
    } finally {
      this.release(open);
    }
    const rebuilt = await this.acquire({ rebuild: true });
    try {
      return await use(rebuilt.index);
    } finally {
      this.release(rebuilt);
    }
  }

  /**
   * Waits for an open under way unless it has to rebuild the index from the files: true once the index
   * is open, false at once when nothing is opening it, and as soon as the open turns to a rebuild or fails.
   */
  async openWithoutRebuild(): Promise<boolean> {
    const pending = this.current;
    if (this.isOpen() || !pending || this.rebuilding) return this.isOpen();
    let stop = (): void => undefined;
    const rebuild = new Promise<boolean>((resolve) => {
      stop = () => resolve(false);
      this.rebuildWatchers.add(stop);
    });
    try {
      return await Promise.race([
        pending.then(
          () => this.isOpen(),
          () => false,
        ),
        rebuild,
      ]);
    } finally {
      this.rebuildWatchers.delete(stop);
    }
  }

  /** Whether the index is open now (a use would not wait for an open or a rebuild). */
  isOpen(): boolean {
    return this.settled !== undefined && !this.settled.retired && !this.closed;
  }

  /** A full catch-up once the current work is done (after a listing that checked only its page's folders). */
  reconcileSoon(): void {
    if (this.reconcileQueued || this.closed) return;
    this.reconcileQueued = true;
    setImmediate(() => {
      this.reconcileQueued = false;
      if (this.closed) return;
      this.use(() => undefined).catch((err: unknown) =>
        this.onError(`thread index catch-up failed: ${String(err)}`),
      );
    });
  }

  /** Closes the connection once the uses in flight end. */
  close(): void {
    this.closed = true;
    const current = this.current;
    this.current = undefined;
    current?.then((open) => this.retire(open)).catch(() => undefined);
  }

  private async acquire(options: { rebuild?: boolean } = {}): Promise<OpenIndex> {
    if (this.closed) throw new Error("the thread index is closed");
    const pending = (this.current ??= this.open(options));
    let open: OpenIndex;
    try {
      open = await pending;
    } catch (err) {
      if (this.current === pending) this.current = undefined; // the next use tries again
      throw err;
    }
    if (!open.retired && isSameFile(open)) {
      this.settled = open;
      open.users++;
      return open;
    }
    if (this.current === pending) {
      this.current = undefined;
      this.retire(open);
    }
    return this.acquire(options);
  }

  private async open(options: { rebuild?: boolean }): Promise<OpenIndex> {
    const { ThreadIndex: Index } = await this.load();
    const beforeRebuild = (): void => {
      this.rebuilding = true;
      for (const watcher of this.rebuildWatchers) watcher();
    };
    const index = await Index.open(await this.home(), { ...options, beforeRebuild }).finally(() => {
      this.rebuilding = false;
    });
    try {
      const { ino, dev } = statSync(index.path);
      return { index, ino, dev, users: 0, retired: false };
    } catch (err) {
      index.close();
      throw err;
    }
  }

  private release(open: OpenIndex): void {
    open.users--;
    if (open.retired && open.users === 0) open.index.close();
  }

  private retire(open: OpenIndex): void {
    if (open.retired) return;
    open.retired = true;
    const current = this.current;
    current
      ?.then((o) => {
        // Only if it is still the current one: a new connection may have been opened meanwhile.
        if (o === open && this.current === current) this.current = undefined;
      })
      .catch(() => undefined);
    if (open.users === 0) open.index.close();
  }

  private load(): Promise<IndexModule> {
    const loading = (this.code ??= import("../../../rollout/index.js"));
    loading.catch(() => {
      if (this.code === loading) this.code = undefined; // the next use tries again
    });
    return loading;
  }
}

function isSameFile(open: OpenIndex): boolean {
  try {
    const { ino, dev } = statSync(open.index.path);
    return ino === open.ino && dev === open.dev;
  } catch {
    return false; // removed: the next open rebuilds it
  }
}
