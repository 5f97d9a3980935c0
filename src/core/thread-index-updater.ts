// Keeps the SQLite thread index in step with a session's rollout. The index (and its native module) is
// loaded only when there is something to write, so start-up never pays for it.
import type { ThreadIndex } from "../rollout/index.js";

export class ThreadIndexUpdater {
  private index: Promise<ThreadIndex | undefined> | undefined;
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly codexHome: string,
    private readonly onError: (message: string) => void,
  ) {}

  /**
   * Re-reads the thread's summary (preview, cwd, updated time) from its file. `problem` is damage found
   * reading the whole file (the summary reads only its head), kept on the row.
   */
  touch(path: string, known?: { id: string; problem: string }): void {
    this.work = this.work.then(async () => {
      const index = await this.open();
      try {
        index?.refreshFromFile(path, false);
        if (known) index?.setProblem(known.id, known.problem);
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
      .then(({ ThreadIndex: Index }) => Index.open(this.codexHome))
      .catch((err: unknown) => {
        this.onError(`thread index unavailable: ${(err as Error).message}`);
        return undefined;
      });
    return this.index;
  }
}
