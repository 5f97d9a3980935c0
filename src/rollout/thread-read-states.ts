// Which threads have results the user has not seen, as Codex 0.169 keeps it: a completed turn makes a thread
// unread from its earliest unseen turn; a client marks it read or unread (thread/readState/update) naming
// the revision it saw, so a mark never hides a result that came after. Kept in
// $CODEX_HOME/thread_read_state.json by thread id; each change rewrites the file whole (a temporary file
// renamed over it), so a crash never leaves half a file.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ThreadReadState } from "../protocol/app-server/v2/thread-read-state.js";

export const READ_STATE_FILE = "thread_read_state.json";

export class ThreadReadStateStore {
  constructor(private readonly codexHome: string) {}

  /** The stored state; undefined while none was recorded. */
  get(threadId: string): ThreadReadState | undefined {
    return this.readAll()[threadId.toLowerCase()];
  }

  /** getOrInitial of several threads, reading the file once (thread/list). */
  getManyOrInitial(threadIds: readonly string[]): Record<string, ThreadReadState> {
    const all = this.readAll();
    const states: Record<string, ThreadReadState> = {};
    for (const id of threadIds)
      states[id] = all[id.toLowerCase()] ?? { firstUnread: null, revision: `initial:${id}` };
    return states;
  }

  /** As thread/list shows a thread never marked: read, with an initial revision. */
  getOrInitial(threadId: string): ThreadReadState {
    return this.get(threadId) ?? { firstUnread: null, revision: `initial:${threadId}` };
  }

  /** A turn completed: the thread is unread from its earliest unseen turn (this one if it was read). */
  turnCompleted(threadId: string, turnId: string): ThreadReadState {
    const current = this.get(threadId);
    const firstUnread = current?.firstUnread ?? { type: "turn" as const, turnId };
    return this.write(threadId, { firstUnread, revision: randomUUID() });
  }

  /** Marks the thread; `{conflict}` (nothing changed) when its revision is not the one the client saw. */
  mark(
    threadId: string,
    operation: "read" | "unread",
    expectedRevision: string,
  ): { readState: ThreadReadState; conflict: boolean } {
    const current = this.getOrInitial(threadId);
    if (current.revision !== expectedRevision) return { readState: current, conflict: true };
    const firstUnread = operation === "read" ? null : { type: "threadStart" as const };
    return { readState: this.write(threadId, { firstUnread, revision: randomUUID() }), conflict: false };
  }

  delete(threadId: string): void {
    const all = this.readAll();
    if (!(threadId.toLowerCase() in all)) return;
    delete all[threadId.toLowerCase()];
    this.save(all);
  }

  private write(threadId: string, state: ThreadReadState): ThreadReadState {
    const all = this.readAll();
    all[threadId.toLowerCase()] = state;
    this.save(all);
    return state;
  }

  private save(all: Record<string, ThreadReadState>): void {
    const path = join(this.codexHome, READ_STATE_FILE);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`);
    renameSync(tmp, path);
  }

  private readAll(): Record<string, ThreadReadState> {
    const path = join(this.codexHome, READ_STATE_FILE);
    if (!existsSync(path)) return {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
      return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, ThreadReadState>) : {};
    } catch {
      return {};
    }
  }
}
