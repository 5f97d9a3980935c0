// The app-server's one open thread index. Opening loads SQLite's native module and catches up with the
// rollout folders, so the server starts it as soon as `initialize` is answered, beside loading its
// handlers: an IDE lists threads right after start. This module imports nothing heavy itself.
import type { ThreadIndex } from "../../../rollout/index.js";

export class ThreadIndexHandle {
  private index: Promise<ThreadIndex> | undefined;

  constructor(private readonly codexHome: string) {}

  /** Starts opening the index; a failure is reported and the next use tries again. */
  warm(onError: (message: string) => void): void {
    this.open().catch((err: unknown) => onError(`thread index unavailable: ${String(err)}`));
  }

  /**
   * Runs `use` on the open index, caught up with the files first. Damage met by a query (the index is not
   * integrity-checked at open) rebuilds it from the files, and `use` runs again.
   */
  async use<T>(use: (index: ThreadIndex) => Promise<T> | T): Promise<T> {
    const justOpened = this.index === undefined; // then opening has just caught up
    const opening = this.open();
    const index = await opening;
    try {
      if (!justOpened) await index.catchUp();
      return await use(index);
    } catch (err) {
      const { isDamage } = await import("../../../rollout/index.js");
      if (!isDamage(err)) throw err;
      if (this.index === opening) {
        this.index = undefined;
        index.close();
      }
      return use(await this.open(true));
    }
  }

  async close(): Promise<void> {
    const index = this.index;
    this.index = undefined;
    await index?.then((i) => i.close()).catch(() => undefined);
  }

  private open(rebuild = false): Promise<ThreadIndex> {
    if (this.index) return this.index;
    const opening = import("../../../rollout/index.js").then(({ ThreadIndex: Index }) =>
      Index.open(this.codexHome, { rebuild }),
    );
    this.index = opening;
    // A failed open is forgotten, so the next request tries again.
    opening.catch(() => {
      if (this.index === opening) this.index = undefined;
    });
    return opening;
  }
}
