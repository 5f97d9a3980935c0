// The TUI's link to the engine: an in-process Codex, driven through its queue pair like any other client.
// `/new` swaps in a fresh Codex (a new thread); events of the old one are not shown after the swap.
// A resumed thread first runs the messages queued for it (`codex-ts queue`), one turn each, as an app-server
// does when it loads one; the user's own turns sent meanwhile wait for them (a user_turn sent while a turn
// runs would replace it), and an interrupt or a failed queued turn stops the queue there (the rest stays
// queued). Only the end of the queued message's own submission moves the queue on, not a shell command's.
import type { Config } from "../../../config/load.js";
import type { Codex } from "../../../core/codex.js";
import { createCodex } from "../../../engine/create-codex.js";
import type { Event, Op, OpOf } from "../../../protocol/core-protocol.js";
import type { ReplayedTurn } from "../../../rollout/replay.js";
import type { QueuedTurnSource } from "../../threads/queued-on-resume.js";

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
  /** While the resumed thread's queued messages run: the user's turns held back until they have. */
  private held: Array<{ id: string; op: Op }> | undefined;
  private queued: QueuedTurnSource | undefined;
  /** The submission of the queued message's turn now running. */
  private queuedSub: string | undefined;
  private heldCounter = 0;

  constructor(
    private readonly config: Config,
    /** With `session_configured`: the thread's earlier turns, as typed items read from its rollout. */
    private readonly onEvent: (event: Event, replayed?: readonly ReplayedTurn[]) => void,
    configure: OpOf<"configure_session">,
  ) {
    this.codex = this.start(configure);
  }

  submit(op: Op): string {
    if (!this.held || op.type !== "user_turn") return this.codex.submit(op);
    const id = `held-${++this.heldCounter}`;
    this.held.push({ id, op });
    return id;
  }

  /** Replaces the engine with a fresh one (a new thread), configured with `configure`. */
  async restart(configure: OpOf<"configure_session">): Promise<void> {
    const old = this.codex;
    this.codex = this.start(configure);
    await old.close();
  }

  /** Shuts the engine down (a running task is interrupted) and waits for it. */
  async close(): Promise<void> {
    this.queued?.close();
    this.queued = undefined;
    this.held = undefined;
    await this.codex.close();
    await Promise.all(this.pumps);
  }

  private start(configure: OpOf<"configure_session">): Codex {
    const codex = createCodex({ config: this.config });
    // The turns held for the engine this one replaces went with it.
    this.queued?.close();
    this.queued = undefined;
    this.held = configure.resume_path ? [] : undefined;
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
        if (this.queued && event.id === this.queuedSub) this.queuedEvent(codex, event.msg.type);
        if (event.msg.type === "session_configured") {
          if (configure.resume_path) void this.openQueue(codex, event.msg.session_id, configure.resume_path);
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

  private async openQueue(codex: Codex, id: string, path: string): Promise<void> {
    try {
      // Loaded here: SQLite is not on the path of the first frames.
      const { openQueuedTurns } = await import("../../threads/queued-on-resume.js");
      const queued = await openQueuedTurns(this.config.sqliteHome, { id, path });
      // A `/new` or another resume came meanwhile: this queue belongs to a thread no longer shown.
      if (codex !== this.codex) {
        queued?.close();
        return;
      }
      this.queued = queued;
    } catch {
      // An unreadable queue holds nothing up: the thread goes on without it.
    }
    if (codex === this.codex) this.runQueued(codex);
  }

  /** An event of the queued message's own submission: its start takes it off the queue, its end moves on. */
  private queuedEvent(codex: Codex, type: Event["msg"]["type"]): void {
    if (type === "task_started") this.queued?.started();
    else if (type === "task_complete") this.runQueued(codex);
    // Interrupted, or failed: the queue stops there and the user's held turns go.
    else if (type === "turn_aborted" || type === "error") this.release();
  }

  /** Sends the next queued message as a turn; none left: the held turns go, in order. */
  private runQueued(codex: Codex): void {
    const op = this.queued?.next();
    if (op) this.queuedSub = codex.submit(op);
    else this.release();
  }

  /** The queue is done with (or stopped by an interrupt): the user's held turns are sent. */
  private release(): void {
    this.queued?.close();
    this.queued = undefined;
    this.queuedSub = undefined;
    const held = this.held ?? [];
    this.held = undefined;
    for (const submission of held) this.codex.submitWithId(submission);
  }
}
