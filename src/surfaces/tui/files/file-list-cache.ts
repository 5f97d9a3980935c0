// The `@` finder's file list, kept fresh without making typing wait. The list shown is always the last one
// read; a new read runs in the background (one at a time) and replaces it when it lands:
// - each time the finder opens (a new `@` word), as the real Codex does: files the user or the agent
//   created or deleted since the last `@` show up;
// - while the finder stays open, on a key press once the list is more than REREAD_WHILE_TYPING_MS old;
// - after a turn ended (the agent may have changed files), on the next key press in the finder.
// No file watcher: a recursive fs.watch on Linux walks the whole tree at start (ignored folders too, one
// inotify watch per folder); on 100k files it blocked for seconds and took hundreds of MiB (see
// docs/performance.md), while a read costs ~0.2 s of a child process and ~15-40 ms of this thread.

/** While the finder stays open, a key press reads the list again once it is this old. */
export const REREAD_WHILE_TYPING_MS = 2_000;

/** Why the finder asks for the list: it just opened, or a key was pressed while it was open. */
export type FileListAsk = "open" | "typing";

export interface FileListFreshness {
  /** A list has been read (it may be empty). */
  hasList: boolean;
  /** When the read that produced the list started (files created after that may be missing). */
  readStartedAt?: number;
  /** Something may have changed the files since that read started (a turn ended). */
  invalidated: boolean;
}

/** The refresh policy: whether the finder's ask, at `now`, calls for reading the files again. */
export function needsRead(
  freshness: FileListFreshness,
  ask: FileListAsk,
  now: number,
  maxAgeMs = REREAD_WHILE_TYPING_MS,
): boolean {
  if (!freshness.hasList || freshness.invalidated || ask === "open") return true;
  return freshness.readStartedAt === undefined || now - freshness.readStartedAt >= maxAgeMs;
}

export interface FileListSnapshot {
  /** The last list read; undefined until the first read lands. */
  files?: readonly string[];
  /** A read is under way (its result will replace `files`). */
  reading: boolean;
}

export interface FileListCacheOptions {
  /** Reads the files (relative paths, sorted); a failed read keeps the list there was. */
  list: () => Promise<readonly string[]>;
  /** Called when the snapshot changes: a read starts, or ends with a different list. */
  onChange: (snapshot: FileListSnapshot) => void;
  now?: () => number;
  maxAgeMs?: number;
}

const sameList = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((path, i) => path === b[i]);

/** One directory's file list for the finder: at most one read at a time, one more queued behind it. */
export class FileListCache {
  private snapshot: FileListSnapshot = { reading: false };
  private readStartedAt: number | undefined;
  private invalidated = false;
  /** An ask arrived during a read that may have started too early for it: read again when it ends. */
  private again = false;
  private readonly now: () => number;

  constructor(private readonly options: FileListCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get current(): FileListSnapshot {
    return this.snapshot;
  }

  /** The finder wants the list: starts a background read when the policy says the list may be stale. */
  request(ask: FileListAsk): void {
    // A read under way counts as the list it will give: typing does not queue another behind it.
    const { reading } = this.snapshot;
    const freshness = {
      hasList: reading || this.snapshot.files !== undefined,
      ...(this.readStartedAt !== undefined ? { readStartedAt: this.readStartedAt } : {}),
      invalidated: this.invalidated,
    };
    if (!needsRead(freshness, ask, this.now(), this.options.maxAgeMs)) return;
    if (reading) this.again = true;
    else this.read();
  }

  /** The files may have changed (a turn ended): the next ask reads them again, whatever the list's age. */
  invalidate(): void {
    this.invalidated = true;
  }

  private read(): void {
    this.readStartedAt = this.now();
    this.invalidated = false;
    this.again = false;
    this.publish({ ...this.snapshot, reading: true });
    void this.options.list().then(
      (files) => this.landed(files),
      () => this.landed(this.snapshot.files ?? []),
    );
  }

  private landed(files: readonly string[]): void {
    // An unchanged list keeps its identity, so nothing downstream recomputes.
    const kept = sameList(this.snapshot.files, files) ? (this.snapshot.files ?? files) : files;
    if (!this.again) return this.publish({ files: kept, reading: false });
    this.publish({ files: kept, reading: true });
    this.read();
  }

  private publish(next: FileListSnapshot): void {
    if (next.files === this.snapshot.files && next.reading === this.snapshot.reading) return;
    this.snapshot = next;
    this.options.onChange(next);
  }
}
