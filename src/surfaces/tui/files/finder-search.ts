// The `@` finder's searches: each query typed goes to the same search as the app-server's fuzzyFileSearch
// (files/search-root.ts: the root's listing kept in memory while provably current, else a new walk that
// streams into the ranking), so the finder lists files and folders, hidden ones and `.git` included, as
// Codex's does. One search runs at a time; keys typed meanwhile leave only the latest query waiting, so
// fast typing never piles up searches. The matches shown stay those of the last search that ended until
// the next one lands, so typing never blanks the list; a key that inserts a match waits for its query's
// search (whenFound), so it never inserts an earlier query's.
import type { FuzzyMatch } from "../../../files/fuzzy.js";

/** The matches of one search. */
export interface FinderResult {
  query: string;
  matches: readonly FuzzyMatch[];
}

export interface FinderSnapshot {
  /** The last search that ended; undefined until one has. */
  found?: FinderResult;
  /** A search is under way (its matches will replace `found`). */
  searching: boolean;
}

export interface FinderSearchOptions {
  /** The best matches for a query; a failed search counts as no match. */
  search: (query: string) => Promise<readonly FuzzyMatch[]>;
  /** Called when the snapshot changes. */
  onChange: (snapshot: FinderSnapshot) => void;
}

export class FinderSearch {
  private snapshot: FinderSnapshot = { searching: false };
  /** The query last asked for, and whether a search for it has started. */
  private wanted: string | undefined;
  private started = false;
  /** Those waiting for a query's search to land (whenFound). */
  private waiters: Array<{ query: string; done: () => void }> = [];

  constructor(private readonly options: FinderSearchOptions) {}

  get current(): FinderSnapshot {
    return this.snapshot;
  }

  /**
   * The finder shows `query`: searches for it unless it was the last query asked for; `again` searches
   * even then (files may have changed: a turn ended).
   */
  request(query: string, again = false): void {
    if (query === this.wanted && !again) return;
    this.wanted = query;
    this.started = false;
    if (!this.snapshot.searching) this.next();
  }

  /**
   * Resolves once the matches of `query` are known (searching for it unless it is the query asked for), or
   * the finder closed. An accepting key typed right after a letter waits on this: the effect that asks for
   * the new query runs only after React renders.
   */
  whenFound(query: string): Promise<void> {
    if (this.snapshot.found?.query === query && this.wanted === query) return Promise.resolve();
    this.request(query);
    return new Promise((done) => this.waiters.push({ query, done }));
  }

  /**
   * The finder closed: the next request searches whatever its query, and the matches of this word are not
   * shown for the next one (Tab there must not insert a path it never matched).
   */
  forget(): void {
    this.wanted = undefined;
    this.snapshot = { searching: this.snapshot.searching };
    this.wake(() => true);
  }

  private wake(which: (query: string) => boolean): void {
    const woken = this.waiters.filter((w) => which(w.query));
    this.waiters = this.waiters.filter((w) => !which(w.query));
    for (const w of woken) w.done();
  }

  private next(): void {
    const query = this.wanted;
    if (query === undefined || this.started) return this.publish({ ...this.snapshot, searching: false });
    this.started = true;
    // An empty query lists nothing (the finder asks for a word, as Codex's does): no walk for it.
    if (query.trim() === "") return this.land(query, []);
    this.publish({ ...this.snapshot, searching: true });
    void this.options.search(query).then(
      (matches) => this.land(query, matches),
      () => this.land(query, []),
    );
  }

  /** A search ended: its matches are kept, and published with what comes next (the waiting query's search). */
  private land(query: string, matches: readonly FuzzyMatch[]): void {
    this.snapshot = { ...this.snapshot, found: { query, matches } };
    this.next();
    this.wake((waiting) => waiting === query);
  }

  private publish(next: FinderSnapshot): void {
    this.snapshot = next;
    this.options.onChange(next);
  }
}
