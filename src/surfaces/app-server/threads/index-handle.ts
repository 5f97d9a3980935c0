// The app-server's access to the thread index. Each use opens the index (which catches up with the rollout
// folders) and closes it after; a connection kept for the server's life measured no faster on 10,000
// threads. What a server does ahead is load the index's code and SQLite's native module, started as soon
// as `initialize` is answered (an IDE lists threads right after start). This module imports nothing heavy.
import type * as indexModule from "../../../rollout/index.js";
import type { ThreadIndex } from "../../../rollout/index.js";

type IndexModule = typeof indexModule;

export class ThreadIndexHandle {
  private code: Promise<IndexModule> | undefined;

  constructor(private readonly codexHome: string) {}

  /** Starts loading the index's code; a failure is reported and the next use tries again. */
  warm(onError: (message: string) => void): void {
    this.load().catch((err: unknown) => onError(`thread index unavailable: ${String(err)}`));
  }

  /**
   * Runs `use` on the open index. Damage met by a query (the index is not integrity-checked at open)
   * rebuilds it from the files, and `use` runs again.
   */
  async use<T>(use: (index: ThreadIndex) => Promise<T> | T): Promise<T> {
    const { ThreadIndex: Index, isDamage } = await this.load();
    let index = await Index.open(this.codexHome);
    try {
      return await use(index);
    } catch (err) {
      if (!isDamage(err)) throw err;
      index.close();
      index = await Index.open(this.codexHome, { rebuild: true });
      return await use(index);
    } finally {
      index.close();
    }
  }

  private load(): Promise<IndexModule> {
    const loading = (this.code ??= import("../../../rollout/index.js"));
    loading.catch(() => {
      if (this.code === loading) this.code = undefined; // the next use tries again
    });
    return loading;
  }
}
