// Keeps a thread's record in step with its session: each task's turn context and flush in the rollout,
// and the thread's row in the SQLite index after anything the listing shows has changed.
import type { ThreadIndexUpdater } from "./thread-index-updater.js";
import type { ThreadRollout } from "./thread-rollout.js";
import type { TurnContext } from "./turn-context.js";

export class ThreadUpkeep {
  constructor(
    private readonly rollout: ThreadRollout,
    private readonly index: ThreadIndexUpdater,
    /** Damaged lines found when the thread was read; the index row names them. */
    private readonly warnings: readonly string[],
  ) {}

  /** A task that runs turns starts: its turn context is recorded first, and the index opens meanwhile. */
  taskStarting(turn: TurnContext): void {
    this.rollout.recordTurnContext(turn);
    this.index.prepare();
  }

  async taskEnded(): Promise<void> {
    await this.rollout.flush();
    this.touch();
  }

  /** Writes the thread's index row from what the rollout knows in memory. */
  touch(): void {
    const { warnings } = this;
    const problem = warnings.length > 0 ? `${warnings.length} damaged line(s): ${warnings.join("; ")}` : null;
    this.index.update(this.rollout.summary(problem));
  }

  /** Opens the thread index now, while the client waits for its user (else the first turn opens it). */
  prepare(): void {
    this.index.prepare();
  }

  async close(): Promise<void> {
    await this.rollout.close();
    if (this.rollout.hasLines) this.touch();
    await this.index.close();
  }
}
