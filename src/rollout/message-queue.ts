// Messages queued for a thread (`codex-ts queue`, thread/queue/add): $sqlite_home/queue.sqlite, one row per
// message in the order the thread is to take them. Several processes share it (the CLI writes while a
// daemon takes), so every change is one SQLite transaction; WAL lets readers go on meanwhile.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { openSqlite } from "./sqlite-open.js";

export const QUEUE_FILE_NAME = "queue.sqlite";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS queued_messages (
  id TEXT PRIMARY KEY NOT NULL,
  thread_id TEXT NOT NULL,
  payload_json TEXT NOT NULL,
  queue_order INTEGER NOT NULL,
  created_at_ms INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS queued_messages_order ON queued_messages(thread_id, queue_order);
`;

/** One queued message: what the thread takes as a user turn when its turn comes. */
export interface QueuedMessage {
  id: string;
  threadId: string;
  /** The turn's input, as the app-server protocol's UserInput list (kept as given). */
  input: unknown[];
  clientUserMessageId: string;
  responsesapiClientMetadata: Record<string, string> | null;
  createdAtMs: number;
}

interface Row {
  id: string;
  thread_id: string;
  payload_json: string;
  created_at_ms: number;
}

type Payload = Pick<QueuedMessage, "input" | "clientUserMessageId" | "responsesapiClientMetadata">;

function fromRow(row: Row): QueuedMessage {
  const payload = JSON.parse(row.payload_json) as Payload;
  return {
    id: row.id,
    threadId: row.thread_id,
    input: payload.input,
    clientUserMessageId: payload.clientUserMessageId,
    responsesapiClientMetadata: payload.responsesapiClientMetadata ?? null,
    createdAtMs: row.created_at_ms,
  };
}

export class MessageQueue {
  private constructor(private readonly db: Database.Database) {}

  /** Opens (creating when absent) the queue in the SQLite folder (`sqlite_home`). */
  static open(sqliteHome: string): MessageQueue {
    mkdirSync(sqliteHome, { recursive: true });
    const db = openSqlite(join(sqliteHome, QUEUE_FILE_NAME));
    // Another process may hold the write lock for a moment (a daemon taking a message).
    db.pragma("busy_timeout = 5000");
    db.pragma("journal_mode = WAL");
    db.exec(SCHEMA);
    return new MessageQueue(db);
  }

  /** Appends a message at the end of its thread's queue. */
  add(message: Omit<QueuedMessage, "createdAtMs">, now = Date.now()): QueuedMessage {
    const payload: Payload = {
      input: message.input,
      clientUserMessageId: message.clientUserMessageId,
      responsesapiClientMetadata: message.responsesapiClientMetadata,
    };
    this.db
      .transaction(() => {
        const last = this.db
          .prepare("SELECT MAX(queue_order) AS last FROM queued_messages WHERE thread_id = ?")
          .get(message.threadId) as { last: number | null };
        this.db
          .prepare(
            "INSERT INTO queued_messages (id, thread_id, payload_json, queue_order, created_at_ms) VALUES (?, ?, ?, ?, ?)",
          )
          .run(message.id, message.threadId, JSON.stringify(payload), (last.last ?? -1) + 1, now);
      })
      .immediate();
    return { ...message, createdAtMs: now };
  }

  /** The thread's queued messages, first to run first. */
  list(threadId: string): QueuedMessage[] {
    const rows = this.db
      .prepare("SELECT * FROM queued_messages WHERE thread_id = ? ORDER BY queue_order")
      .all(threadId) as Row[];
    return rows.map(fromRow);
  }

  /**
   * The thread's first message, left in place (undefined when its queue is empty): it is removed (`remove`)
   * once its turn has started, so a turn that fails to start loses nothing.
   */
  first(threadId: string): QueuedMessage | undefined {
    const row = this.db
      .prepare("SELECT * FROM queued_messages WHERE thread_id = ? ORDER BY queue_order LIMIT 1")
      .get(threadId) as Row | undefined;
    return row ? fromRow(row) : undefined;
  }

  /** Removes one message of the thread; false when it has no such message. */
  remove(threadId: string, id: string): boolean {
    const result = this.db
      .prepare("DELETE FROM queued_messages WHERE thread_id = ? AND id = ?")
      .run(threadId, id);
    return result.changes > 0;
  }

  /** Removes every message of the thread. */
  removeThread(threadId: string): void {
    this.db.prepare("DELETE FROM queued_messages WHERE thread_id = ?").run(threadId);
  }

  close(): void {
    this.db.close();
  }
}

/** Drops every message queued for these threads (deleted for good); a queue never written is left alone. */
export function forgetQueuedMessages(sqliteHome: string, threadIds: readonly string[]): void {
  if (threadIds.length === 0 || !existsSync(join(sqliteHome, QUEUE_FILE_NAME))) return;
  const queue = MessageQueue.open(sqliteHome);
  try {
    for (const id of threadIds) queue.removeThread(id);
  } finally {
    queue.close();
  }
}
