// The SQLite index of threads ($CODEX_HOME/threads.sqlite): one row per rollout file, for listing and
// search without opening files. The files are the truth: the index is rebuilt from them whenever it is
// missing, unreadable, corrupt, or of another schema version, and `rebuild` can be run at any time. Each
// open also catches up with folders changed behind its back (files another process wrote).
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, sep } from "node:path";
import type Database from "better-sqlite3";
import type { ThreadSortKey } from "./cursor.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { inSpan, rolloutFolders, type DaySpan, type FolderMark } from "./folders.js";
import { archivedDir, parseRolloutFileName, sessionsDir } from "./paths.js";
import { escapeLike, fromRow, SCHEMA, toRow, UPSERT, type Row } from "./index-rows.js";
import { openSqlite } from "./sqlite-open.js";
import { scanRolloutFiles, type RolloutFileRef } from "./scan.js";
import type { ThreadSummary } from "./summary.js";
import { readThreadSummaries, readThreadSummary } from "./summary.js";

export type { ThreadSortKey } from "./cursor.js";
export type { ThreadSummary } from "./summary.js";

export const INDEX_FILE_NAME = "threads.sqlite";
/** Bump when the table changes: an index of another version is thrown away and rebuilt. */
export const SCHEMA_VERSION = 3;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export interface ThreadListQuery {
  cursor?: string;
  /** Default 25, at most 100. */
  limit?: number;
  /** Sorted by this key; default created_at. */
  sortKey?: ThreadSortKey;
  /** Default "desc" (newest first). */
  direction?: "asc" | "desc";
  cwd?: string;
  modelProvider?: string;
  source?: string;
  /** true: archived threads only; false or absent: active threads only. */
  archived?: boolean;
  /** Case-insensitive substring of the preview (the first user message). */
  search?: string;
}

export interface ThreadPage {
  items: ThreadSummary[];
  nextCursor?: string;
}

/** Why `open` rebuilt the index, or "existing" when it did not need to. */
export type OpenOutcome = "existing" | "missing" | "corrupt" | "schema_mismatch";

/** Opens an existing index if it is sound and current; otherwise says why not. */
function openExisting(path: string): Database.Database | Exclude<OpenOutcome, "existing"> {
  if (!existsSync(path)) return "missing";
  let db: Database.Database | undefined;
  try {
    db = openSqlite(path, { fileMustExist: true });
    if (db.pragma("user_version", { simple: true }) !== SCHEMA_VERSION) {
      db.close();
      return "schema_mismatch";
    }
    // No integrity check here: it reads the whole file at every open. Damage found by a later query
    // is repaired by `withIndex` (src/surfaces/threads/locate.ts), which rebuilds and retries.
    return db;
  } catch (err) {
    db?.close();
    // Only damage is a reason to delete; a busy or unopenable database is someone else's problem to report.
    if (isDamage(err)) return "corrupt";
    throw err;
  }
}

/** Whether an error from SQLite means the database file is damaged (and is to be rebuilt). */
export function isDamage(err: unknown): boolean {
  const code = typeof err === "object" && err !== null && "code" in err ? String(err.code) : "";
  return code.startsWith("SQLITE_NOTADB") || code.startsWith("SQLITE_CORRUPT");
}

function configure(db: Database.Database): void {
  db.pragma("journal_mode = WAL");
  // With WAL, NORMAL loses at most the last commits on power loss, never consistency; the files are the truth.
  db.pragma("synchronous = NORMAL");
}

function removeDatabaseFiles(path: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true });
}

/** The rollout files' CODEX_HOME and the folder of their index (config.ts's Config fits). */
export interface IndexHome {
  codexHome: string;
  sqliteHome: string;
}

export class ThreadIndex {
  private readonly upsertStatement: Database.Statement<Row>;
  private readonly statements = new Map<string, Database.Statement>();
  private catchingUp: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Database.Database,
    readonly codexHome: string,
    readonly path: string,
    /** Whether opening found a usable index, or why it rebuilt one. */
    readonly openOutcome: OpenOutcome,
  ) {
    this.upsertStatement = db.prepare<Row>(UPSERT);
  }

  /**
   * Opens threads.sqlite in the SQLite folder (`sqlite_home`; a bare path: that CODEX_HOME for both), rebuilding it from the rollout files when it is not usable, and
   * catching up with folders changed since (`beforeRebuild` is told when it rebuilds). `catchUp: false` skips reading the folders changed since the last open: for a writer of its own rows
   * (a session), which never lists, so the next reader catches up instead.
   */
  static async open(
    home: IndexHome | string,
    options: { rebuild?: boolean; catchUp?: boolean; beforeRebuild?: () => void } = {},
  ): Promise<ThreadIndex> {
    const { codexHome, sqliteHome } = typeof home === "string" ? { codexHome: home, sqliteHome: home } : home;
    mkdirSync(sqliteHome, { recursive: true });
    const path = join(sqliteHome, INDEX_FILE_NAME);
    let outcome = options.rebuild ? "corrupt" : openExisting(path);
    if (typeof outcome !== "string") {
      configure(outcome);
      const index = new ThreadIndex(outcome, codexHome, path, "existing");
      try {
        // Its queries are also the first read of the file's pages: damage usually shows here.
        if (options.catchUp !== false) await index.catchUp();
        return index;
      } catch (err) {
        index.close();
        if (!isDamage(err)) throw err;
        outcome = "corrupt";
      }
    }
    options.beforeRebuild?.();
    removeDatabaseFiles(path);
    const db = openSqlite(path);
    configure(db);
    db.exec(SCHEMA);
    const index = new ThreadIndex(db, codexHome, path, outcome);
    await index.rebuild();
    return index;
  }

  upsert(summary: ThreadSummary): void {
    this.upsertStatement.run(toRow(summary));
  }

  /** Re-reads one rollout file's head and updates its row; false if the name is not a rollout name. */
  refreshFromFile(path: string, archived: boolean): boolean {
    const summary = readThreadSummary(path, archived);
    if (summary) this.upsert(summary);
    return summary !== undefined;
  }

  /** Records a move into or out of archived_sessions/; false if the thread has no row. */
  markArchived(id: string, archived: boolean, path: string): boolean {
    const result = this.db
      .prepare("UPDATE threads SET archived = ?, path = ? WHERE id = ?")
      .run(archived ? 1 : 0, path, id);
    return result.changes > 0;
  }

  /** Records what a full read of the file found (see describeProblems); null clears it. */
  setProblem(id: string, problem: string | null): boolean {
    return this.statement("UPDATE threads SET problem = ? WHERE id = ?").run(problem, id).changes > 0;
  }

  get(id: string): ThreadSummary | undefined {
    const row = this.statement("SELECT * FROM threads WHERE id = ?").get(id) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  remove(id: string): boolean {
    return this.statement("DELETE FROM threads WHERE id = ?").run(id).changes > 0;
  }

  /** The subagent threads a thread spawned (its children only, active and archived). */
  childIds(id: string): string[] {
    const rows = this.statement("SELECT id FROM threads WHERE parent_thread_id = ?").all(id) as {
      id: string;
    }[];
    return rows.map((r) => r.id);
  }

  list(query: ThreadListQuery = {}): ThreadPage {
    const sortKey: ThreadSortKey = query.sortKey ?? "created_at";
    const column = sortKey === "created_at" ? "created_at" : "updated_at";
    const asc = query.direction === "asc";
    const order = asc ? "ASC" : "DESC";
    // Past a row means past its (timestamp, id); an anchor (id null) keeps every row of its own timestamp.
    const beyond = asc ? ">" : "<";
    const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE_SIZE)));
    const where: string[] = [];
    const params: (string | number)[] = [];
    const filter = (clause: string, ...values: (string | number)[]): void => {
      where.push(clause);
      params.push(...values);
    };
    filter("archived = ?", query.archived ? 1 : 0);
    if (query.cwd !== undefined) filter("cwd = ?", query.cwd);
    if (query.modelProvider !== undefined) filter("model_provider = ?", query.modelProvider);
    if (query.source !== undefined) filter("source = ?", query.source);
    if (query.search) filter("preview LIKE ? ESCAPE '\\'", `%${escapeLike(query.search)}%`);
    if (query.cursor !== undefined) {
      const after = decodeCursor(query.cursor, sortKey);
      if (after.id === null) filter(`${column} ${beyond}= ?`, after.value);
      else
        filter(
          `(${column} ${beyond} ? OR (${column} = ? AND id ${beyond} ?))`,
          after.value,
          after.value,
          after.id,
        );
    }
    const sql = `SELECT * FROM threads WHERE ${where.join(" AND ")} ORDER BY ${column} ${order}, id ${order} LIMIT ?`;
    // One extra row tells whether there is a next page.
    const rows = this.statement(sql).all(...params, limit + 1) as Row[];
    const items = rows.slice(0, limit).map(fromRow);
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return last
      ? { items, nextCursor: encodeCursor({ sortKey, value: last[column], id: last.id }) }
      : { items };
  }

  /** Re-creates every row from the files under sessions/ and archived_sessions/. Returns the row count. */
  async rebuild(codexHome: string = this.codexHome): Promise<number> {
    // Marked before the scan: a folder that changes during it is read again at the next open.
    const folders = rolloutFolders(codexHome);
    const summaries = await readThreadSummaries(await scanRolloutFiles(codexHome));
    this.db.transaction(() => {
      this.db.exec("DELETE FROM threads");
      for (const summary of summaries) this.upsert(summary);
      this.db.exec("DELETE FROM folders");
      this.markFolders(folders);
      // Set last, in the same transaction: an interrupted rebuild leaves an index that will be rebuilt.
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
    return this.count();
  }

  /**
   * Reads again the folders whose mtime moved since the index last saw them: rows for files that are gone
   * are removed and new files are summarized (files already indexed are not opened). Returns the number of
   * rows added or removed.
   */
  catchUp(): Promise<number> {
    return this.catchUpFolders({});
  }

  /**
   * `catchUp` for the day folders of `span` and archived_sessions/ only (what a page sorted by creation
   * time can hold). Folders in `skip` are left alone; the ones looked at are added to it, so a caller can
   * widen the span and call again without reading a folder twice.
   */
  catchUpFolders(span: DaySpan, skip: Set<string> = new Set()): Promise<number> {
    // One catch-up at a time: each compares the folders with the marks the one before recorded.
    const run = this.catchingUp.then(() => this.catchUpNow(span, skip));
    this.catchingUp = run.catch(() => undefined);
    return run;
  }

  private async catchUpNow(span: DaySpan, skip: Set<string>): Promise<number> {
    const now = rolloutFolders(this.codexHome, span);
    const known = new Map<string, number>();
    for (const r of this.knownFolders(span)) if (!skip.has(r.path)) known.set(r.path, r.mtime_ms);
    for (const dir of skip) now.delete(dir);
    const changed = [...now].filter(([dir, m]) => m.mtimeMs === -1 || known.get(dir) !== m.mtimeMs);
    const gone = [...known.keys()].filter((dir) => !now.has(dir));
    for (const dir of now.keys()) skip.add(dir);
    for (const dir of gone) skip.add(dir);
    if (changed.length === 0 && gone.length === 0) return 0;
    const removed: string[] = [];
    const added: RolloutFileRef[] = [];
    for (const dir of gone) removed.push(...this.pathsIn(dir));
    for (const [dir, m] of changed) {
      const onDisk = new Set(filesIn(dir));
      const indexed = new Set(this.pathsIn(dir));
      for (const path of indexed) if (!onDisk.has(path)) removed.push(path);
      for (const path of onDisk) {
        const name = parseRolloutFileName(path.slice(dir.length + 1));
        if (name && !indexed.has(path)) added.push({ path, archived: m.archived, name });
      }
    }
    const summaries = await readThreadSummaries(added);
    this.db.transaction(() => {
      // Removals first: a file moved between folders is removed under its old path, then added again.
      const remove = this.statement("DELETE FROM threads WHERE path = ?");
      for (const path of removed) remove.run(path);
      for (const summary of summaries) this.upsert(summary);
      const forget = this.statement("DELETE FROM folders WHERE path = ?");
      for (const dir of gone) forget.run(dir);
      this.markFolders(new Map(changed));
    })();
    return removed.length + summaries.length;
  }

  /** The recorded folders of a span (all of them for an open one). */
  private knownFolders(span: DaySpan): { path: string; mtime_ms: number }[] {
    if (span.first === undefined && span.last === undefined)
      return this.statement("SELECT path, mtime_ms FROM folders").all() as {
        path: string;
        mtime_ms: number;
      }[];
    const sessions = sessionsDir(this.codexHome);
    // Day folder paths sort as their dates (fixed-width names), so the primary key serves the range.
    const dayPath = (key: string): string => join(sessions, ...key.split("-"));
    const low = span.first !== undefined ? dayPath(span.first) : sessions + sep;
    const high =
      span.last !== undefined ? dayPath(span.last) : sessions + String.fromCharCode(sep.charCodeAt(0) + 1);
    const rows = this.statement(
      "SELECT path, mtime_ms FROM folders WHERE (path >= ? AND path <= ?) OR path = ?",
    ).all(low, high, archivedDir(this.codexHome)) as { path: string; mtime_ms: number }[];
    return rows.filter((r) => inSpan(this.codexHome, r.path, span));
  }

  /** A prepared statement, kept for the life of the connection (an index can stay open for a server's life). */
  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private pathsIn(dir: string): string[] {
    // Paths under `dir/` sort between `dir/` and `dir0` ('0' follows the separator), so the path index serves it.
    const rows = this.statement("SELECT path FROM threads WHERE path >= ? AND path < ?").all(
      dir + sep,
      dir + String.fromCharCode(sep.charCodeAt(0) + 1),
    ) as { path: string }[];
    return rows.map((r) => r.path).filter((p) => !p.slice(dir.length + 1).includes(sep));
  }

  private markFolders(folders: Map<string, FolderMark>): void {
    const upsert = this.statement(
      "INSERT INTO folders (path, mtime_ms) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET mtime_ms = excluded.mtime_ms",
    );
    for (const [dir, m] of folders) upsert.run(dir, m.mtimeMs);
  }

  count(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM threads").get() as { n: number }).n;
  }

  close(): void {
    this.db.close();
  }
}

/** The files directly in a folder, as full paths (none when it is gone). */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(dir, e.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}
