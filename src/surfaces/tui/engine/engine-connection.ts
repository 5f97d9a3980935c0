// The TUI's link to the engine: an in-process Codex, driven through its queue pair like any other client.
// `/new` swaps in a fresh Codex (a new thread); events of the old one are not shown after the swap.
import type { Config } from "../../../config/load.js";
import type { Codex } from "../../../core/codex.js";
import { createCodex } from "../../../engine/create-codex.js";
import type { Event, Op, OpOf } from "../../../protocol/core-protocol.js";
import type { ReplayedTurn } from "../../../rollout/replay.js";

/** How long the engine's events may hold the event loop before keys and frames get a turn. */
const SLICE_MS = 8;
/**
 * After the thread opens, the UI waits for its user: the thread index (a native module and a SQLite file)
 * opens then, a little after the first frames, rather than in the middle of the first answer's stream.
 */
const PREPARE_INDEX_AFTER_MS = 300;

export class EngineConnection {
  private codex: Codex;
  private readonly pumps = new Set<Promise<void>>();

  constructor(
    private readonly config: Config,
    /** With `session_configured`: the thread's earlier turns, as typed items read from its rollout. */
    private readonly onEvent: (event: Event, replayed?: readonly ReplayedTurn[]) => void,
    configure: OpOf<"configure_session">,
  ) {
    this.codex = this.start(configure);
  }

  submit(op: Op): string {
    return this.codex.submit(op);
  }

  /** Replaces the engine with a fresh one (a new thread), configured with `configure`. */
  async restart(configure: OpOf<"configure_session">): Promise<void> {
    const old = this.codex;
    this.codex = this.start(configure);
    await old.close();
  }

  /** Shuts the engine down (a running task is interrupted) and waits for it. */
  async close(): Promise<void> {
    await this.codex.close();
    await Promise.all(this.pumps);
  }

  private start(configure: OpOf<"configure_session">): Codex {
    const codex = createCodex({ config: this.config });
    const pump = (async () => {
      let sliceStart = performance.now();
      for await (const event of codex) {
        // A stream read in one go is parsed in microtasks that never let the event loop run: break it up, so
        // frames are drawn and keys are read while it pours in.
        if (performance.now() - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
        if (codex !== this.codex) continue;
        if (event.msg.type === "session_configured") {
          this.onEvent(event, codex.replayedTurns);
          setTimeout(() => codex.prepareIndex(), PREPARE_INDEX_AFTER_MS).unref();
        } else this.onEvent(event);
      }
    })();
    this.pumps.add(pump);
    void pump.finally(() => this.pumps.delete(pump));
    codex.submit(configure);
    return codex;
  }
}
