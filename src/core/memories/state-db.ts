// The memories job state, in SQLite (memories.sqlite beside the thread index): one row per thread whose
// rollout was read (its raw memory, or why there is none), and a lease row per memory folder so that two
// processes on one home never run the pipeline at once. Claims are taken in IMMEDIATE transactions; a lease
// that outlives its holder (a killed process) expires and is taken over.
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import { openSqlite } from "../../rollout/sqlite-open.js";

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS stage1 (
    thread_id TEXT PRIMARY KEY,
    rollout_path TEXT NOT NULL,
    cwd TEXT,
    -- The rollout's modification time (ms) the row was made from: a newer file is read again.
    source_updated_at INTEGER NOT NULL,
    -- running | done | empty | skipped | failed
    status TEXT NOT NULL,
    owner TEXT,
    lease_until INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    raw_memory TEXT,
    rollout_summary TEXT,
    rollout_slug TEXT,
    generated_at INTEGER
  );
  CREATE TABLE IF NOT EXISTS leases (
    job TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    lease_until INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS consolidations (
    root TEXT PRIMARY KEY,
    -- The threads (and their versions) the last successful consolidation was made from.
    selection TEXT NOT NULL,
    finished_at INTEGER NOT NULL
  );
`;

/** A failed extraction is tried again at later start-ups, this many times for one version of a rollout. */
export const MAX_ATTEMPTS = 3;

export interface Stage1Candidate {
  threadId: string;
  rolloutPath: string;
  cwd: string | null;
  /** The rollout file's modification time, in ms. */
  updatedAt: number;
}

export interface Stage1Memory {
  threadId: string;
  rolloutPath: string;
  cwd: string | null;
  sourceUpdatedAt: number;
  rawMemory: string;
  rolloutSummary: string;
  rolloutSlug: string | null;
  generatedAt: number;
}

interface Stage1Row {
  status: string;
  owner: string | null;
  source_updated_at: number;
  lease_until: number | null;
  attempts: number;
}

export class MemoryStateDb {
  private constructor(
    private readonly db: Database.Database,
    /** This process's claims. */
    readonly owner: string,
  ) {}

  static open(path: string): MemoryStateDb {
    mkdirSync(dirname(path), { recursive: true });
    const db = openSqlite(path);
    db.pragma("journal_mode = WAL");
    // Another process may hold the write lock for a moment (its own claim): wait rather than fail.
    db.pragma("busy_timeout = 5000");
    db.exec(SCHEMA);
    return new MemoryStateDb(db, `${hostname()}:${process.pid}:${randomUUID()}`);
  }

  close(): void {
    this.db.close();
  }

  /** Takes the lease on `job` unless another owner holds a live one. */
  acquireLease(job: string, now: number, ttlMs: number): boolean {
    return this.db
      .transaction(() => {
        const row = this.db.prepare("SELECT owner, lease_until FROM leases WHERE job = ?").get(job) as
          { owner: string; lease_until: number } | undefined;
        if (row && row.owner !== this.owner && row.lease_until > now && ownerAlive(row.owner)) return false;
        this.db
          .prepare(
            "INSERT INTO leases (job, owner, lease_until) VALUES (?, ?, ?) ON CONFLICT (job) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until",
          )
          .run(job, this.owner, now + ttlMs);
        return true;
      })
      .immediate();
  }

  releaseLease(job: string): void {
    this.db.prepare("DELETE FROM leases WHERE job = ? AND owner = ?").run(job, this.owner);
  }

  /**
   * Claims, in order, up to `max` candidates that need reading: never read, read from an older version of
   * the file, or failed fewer than MAX_ATTEMPTS times (a claim whose lease lapsed counts as failed).
   */
  claimStage1(
    candidates: readonly Stage1Candidate[],
    max: number,
    now: number,
    ttlMs: number,
  ): Stage1Candidate[] {
    return this.db
      .transaction(() => {
        const claimed: Stage1Candidate[] = [];
        const get = this.db.prepare(
          "SELECT status, owner, source_updated_at, lease_until, attempts FROM stage1 WHERE thread_id = ?",
        );
        const put = this.db.prepare(`
          INSERT INTO stage1 (thread_id, rollout_path, cwd, source_updated_at, status, owner, lease_until, attempts)
          VALUES (@threadId, @rolloutPath, @cwd, @updatedAt, 'running', @owner, @leaseUntil, @attempts)
          ON CONFLICT (thread_id) DO UPDATE SET rollout_path = excluded.rollout_path, cwd = excluded.cwd,
            source_updated_at = excluded.source_updated_at, status = 'running', owner = excluded.owner,
            lease_until = excluded.lease_until, attempts = excluded.attempts`);
        for (const candidate of candidates) {
          if (claimed.length >= max) break;
          const row = get.get(candidate.threadId) as Stage1Row | undefined;
          const attempts = needsReading(row, candidate.updatedAt, now);
          if (attempts === undefined) continue;
          put.run({ ...candidate, owner: this.owner, leaseUntil: now + ttlMs, attempts });
          claimed.push(candidate);
        }
        return claimed;
      })
      .immediate();
  }

  /** The extraction's result: a memory, or none worth keeping (`empty`), or a thread not to read (`skipped`). */
  finishStage1(
    threadId: string,
    outcome:
      | { status: "done"; rawMemory: string; rolloutSummary: string; rolloutSlug: string | null; at: number }
      | { status: "empty" | "skipped"; reason?: string; at: number },
  ): void {
    if (outcome.status === "done") {
      this.db
        .prepare(
          `UPDATE stage1 SET status = 'done', owner = NULL, lease_until = NULL, error = NULL, raw_memory = ?,
             rollout_summary = ?, rollout_slug = ?, generated_at = ? WHERE thread_id = ? AND owner = ?`,
        )
        .run(
          outcome.rawMemory,
          outcome.rolloutSummary,
          outcome.rolloutSlug,
          outcome.at,
          threadId,
          this.owner,
        );
      return;
    }
    // A thread with nothing to remember keeps no older memory either: its newest version is what counts.
    this.db
      .prepare(
        `UPDATE stage1 SET status = ?, owner = NULL, lease_until = NULL, error = ?, raw_memory = NULL,
           rollout_summary = NULL, rollout_slug = NULL, generated_at = ? WHERE thread_id = ? AND owner = ?`,
      )
      .run(outcome.status, outcome.reason ?? null, outcome.at, threadId, this.owner);
  }

  /**
   * A failed extraction: the row keeps any earlier memory and is tried again at a later start-up. A
   * transient failure (network, server overloaded, interrupted) does not count against MAX_ATTEMPTS.
   */
  failStage1(threadId: string, error: string, transient = false): void {
    this.db
      .prepare(
        `UPDATE stage1 SET status = 'failed', owner = NULL, lease_until = NULL, error = ?,
           attempts = attempts + ? WHERE thread_id = ? AND owner = ?`,
      )
      .run(error, transient ? 0 : 1, threadId, this.owner);
  }

  /**
   * Forgets rows older than `days` (by when they were made): their threads are past the age window and
   * their memories past max_unused_days, so nothing would read or select them again. At most 200 a run.
   */
  prune(now: number, days: number): number {
    const before = now - days * 86_400_000;
    return this.db
      .prepare(
        `DELETE FROM stage1 WHERE thread_id IN (SELECT thread_id FROM stage1
           WHERE status != 'running' AND generated_at IS NOT NULL AND generated_at < ? LIMIT 200)`,
      )
      .run(before).changes;
  }

  /** The memories to consolidate: the newest `limit` generated within `maxUnusedDays`, newest first. */
  selectForConsolidation(limit: number, maxUnusedDays: number, now: number): Stage1Memory[] {
    const since = now - maxUnusedDays * 86_400_000;
    const rows = this.db
      .prepare(
        `SELECT thread_id, rollout_path, cwd, source_updated_at, raw_memory, rollout_summary, rollout_slug, generated_at
         FROM stage1 WHERE raw_memory IS NOT NULL AND generated_at >= ?
         ORDER BY source_updated_at DESC, thread_id LIMIT ?`,
      )
      .all(since, limit) as Array<{
      thread_id: string;
      rollout_path: string;
      cwd: string | null;
      source_updated_at: number;
      raw_memory: string;
      rollout_summary: string;
      rollout_slug: string | null;
      generated_at: number;
    }>;
    return rows.map((r) => ({
      threadId: r.thread_id,
      rolloutPath: r.rollout_path,
      cwd: r.cwd,
      sourceUpdatedAt: r.source_updated_at,
      rawMemory: r.raw_memory,
      rolloutSummary: r.rollout_summary,
      rolloutSlug: r.rollout_slug,
      generatedAt: r.generated_at,
    }));
  }

  lastConsolidation(root: string): string | undefined {
    const row = this.db.prepare("SELECT selection FROM consolidations WHERE root = ?").get(root) as
      { selection: string } | undefined;
    return row?.selection;
  }

  recordConsolidation(root: string, selection: string, at: number): void {
    this.db
      .prepare(
        "INSERT INTO consolidations (root, selection, finished_at) VALUES (?, ?, ?) ON CONFLICT (root) DO UPDATE SET selection = excluded.selection, finished_at = excluded.finished_at",
      )
      .run(root, selection, at);
  }
}

/** The attempt count a claim starts from, or undefined when the row needs no reading now. */
function needsReading(row: Stage1Row | undefined, updatedAt: number, now: number): number | undefined {
  if (!row) return 0;
  const sameVersion = row.source_updated_at >= updatedAt;
  if (row.status === "running") {
    if (row.lease_until !== null && row.lease_until > now && ownerAlive(row.owner)) return undefined;
    // The holder died mid-read: that counts as a failed attempt.
    return sameVersion ? (row.attempts + 1 < MAX_ATTEMPTS ? row.attempts + 1 : undefined) : 0;
  }
  if (!sameVersion) return 0;
  if (row.status === "failed" && row.attempts < MAX_ATTEMPTS) return row.attempts;
  return undefined;
}

/**
 * Whether the process that wrote `owner` may still be running: on this machine its pid is asked; a lease of
 * a process that died (killed, crashed) is free at once rather than when it expires.
 */
function ownerAlive(owner: string | null): boolean {
  const [host, pidText] = (owner ?? "").split(":");
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
