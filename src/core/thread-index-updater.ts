// Keeps the SQLite thread index in step with a session's rollout. The index (and its native module) is
// loaded only when there is something to write, so start-up never pays for it.
import type { IndexHome, ThreadIndex, ThreadSummary } from "../rollout/index.js";

export class ThreadIndexUpdater {
  private index: Promise<ThreadIndex | undefined> | undefined;
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly home: IndexHome,
    private readonly onError: (message: string) => void,
  ) {}

  /** Starts opening the index in the background (it overlaps the first model request). */
  prepare(): void {
    void this.open();
  }

  /** Writes the thread's row (its summary comes from memory; nothing is re-read). */
  update(summary: ThreadSummary | undefined): void {
    if (!summary) return;
    this.work = this.work.then(async () => {
      const index = await this.open();
      try {
        index?.upsert(summary);
      } catch (err) {
        this.onError(`thread index not updated: ${(err as Error).message}`);
      }
    });
  }

  async close(): Promise<void> {
    await this.work;
    const index = await this.index;
    index?.close();
  }

  private open(): Promise<ThreadIndex | undefined> {
    this.index ??= import("../rollout/index.js")
      .then(({ ThreadIndex: Index }) => Index.open(this.home, { catchUp: false }))
      .catch((err: unknown) => {
        this.onError(`thread index unavailable: ${(err as Error).message}`);
        return undefined;
      });
    return this.index;
  }
}
