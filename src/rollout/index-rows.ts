// The thread index's table (threads.sqlite): its schema, the upsert, and the mapping between a row and a
// ThreadSummary. Used by index.ts only.
import type { GitInfo } from "./lines.js";
import type { ThreadSummary } from "./summary.js";

export interface Row {
  id: string;
  path: string;
  created_at: number;
  updated_at: number;
  cwd: string | null;
  model_provider: string | null;
  source: string | null;
  preview: string;
  archived: number;
  forked_from: string | null;
  parent_thread_id: string | null;
  problem: string | null;
  model: string | null;
  originator: string | null;
  cli_version: string | null;
  /** GitInfo as JSON. */
  git: string | null;
}

export const SCHEMA = `
  CREATE TABLE IF NOT EXISTS threads (
    id TEXT PRIMARY KEY,
    path TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    cwd TEXT,
    model_provider TEXT,
    source TEXT,
    preview TEXT NOT NULL DEFAULT '',
    archived INTEGER NOT NULL DEFAULT 0,
    forked_from TEXT,
    parent_thread_id TEXT,
    problem TEXT,
    model TEXT,
    originator TEXT,
    cli_version TEXT,
    git TEXT
  );
  CREATE INDEX IF NOT EXISTS threads_by_created ON threads (archived, created_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS threads_by_updated ON threads (archived, updated_at DESC, id DESC);
  CREATE INDEX IF NOT EXISTS threads_by_path ON threads (path);
  CREATE TABLE IF NOT EXISTS folders (path TEXT PRIMARY KEY, mtime_ms REAL NOT NULL);
`;

export const UPSERT = `
  INSERT INTO threads (id, path, created_at, updated_at, cwd, model_provider, source, preview, archived,
                       forked_from, parent_thread_id, problem, model, originator, cli_version, git)
  VALUES (@id, @path, @created_at, @updated_at, @cwd, @model_provider, @source, @preview, @archived,
          @forked_from, @parent_thread_id, @problem, @model, @originator, @cli_version, @git)
  ON CONFLICT (id) DO UPDATE SET
    path = excluded.path, created_at = excluded.created_at, updated_at = excluded.updated_at,
    cwd = excluded.cwd, model_provider = excluded.model_provider, source = excluded.source,
    preview = excluded.preview, archived = excluded.archived, forked_from = excluded.forked_from,
    parent_thread_id = excluded.parent_thread_id, problem = excluded.problem, model = excluded.model,
    originator = excluded.originator, cli_version = excluded.cli_version, git = excluded.git`;

export function toRow(s: ThreadSummary): Row {
  return {
    id: s.id,
    path: s.path,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    cwd: s.cwd,
    model_provider: s.modelProvider,
    source: s.source,
    preview: s.preview,
    archived: s.archived ? 1 : 0,
    forked_from: s.forkedFrom,
    parent_thread_id: s.parentThreadId,
    problem: s.problem,
    model: s.facts?.model ?? null,
    originator: s.facts?.originator ?? null,
    cli_version: s.facts?.cliVersion ?? null,
    git: s.facts?.git ? JSON.stringify(s.facts.git) : null,
  };
}

export function fromRow(r: Row): ThreadSummary {
  return {
    id: r.id,
    path: r.path,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    cwd: r.cwd,
    modelProvider: r.model_provider,
    source: r.source,
    preview: r.preview,
    archived: r.archived !== 0,
    forkedFrom: r.forked_from,
    parentThreadId: r.parent_thread_id,
    problem: r.problem,
    facts: {
      model: r.model,
      originator: r.originator,
      cliVersion: r.cli_version,
      git: r.git ? (JSON.parse(r.git) as GitInfo) : null,
    },
  };
}

/** A LIKE pattern matching `text` literally (with `ESCAPE '\\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
