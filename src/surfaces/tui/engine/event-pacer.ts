// Paces engine events into the UI. A fast stream delivers thousands of deltas within one turn of the event
// loop; reducing and drawing them as one block would hold the process for seconds, and keys typed meanwhile
// would wait for all of it. So events go to the UI in frames: at most one every FRAME_MS, each carrying a
// bounded amount of streamed text (frameBudget), and the event loop runs between frames, so a key is read and
// drawn within a frame or two. A key pre-empts the next frame: that frame waits FRAME_MS more, so the key's
// own render goes out first. A frame gives way once, whatever the number of keys: steady typing would
// otherwise put the stream off frame after frame.
//
// What a frame may carry is set by what frames cost, not by a fixed size: a frame of 32 KB of Markdown took
// 50-96 ms on a busy machine, far less on a quiet one, and a key typed meanwhile waits for all of it. Each
// frame's cost (the thread's busy time until the next frame) is measured, and the text cap follows so that a
// frame stays near FRAME_COST_MS.
import type { EventLoopUtilization } from "node:perf_hooks";
import type { Event } from "../../../protocol/core-protocol.js";
import type { ReplayedTurn } from "../../../rollout/replay.js";

/** 60 frames a second at most. */
export const FRAME_MS = 16;
/**
 * Characters of streamed text per frame while the UI keeps up, a few screenfuls. Finished answer text is
 * printed as plain terminal text (components/Scrollback.tsx), so most of a small frame's cost is the fixed
 * redraw of the live area: a frame of 4 KB costs about what one of 1 KB does.
 */
export const TEXT_BUDGET = 4_096;
/**
 * When text waits (a model sends faster than frames go out), a frame takes this share of it, up to the cap:
 * a 200 KB backlog drains in a few dozen frames instead of fifty 4 KB ones, each paying the live area's
 * redraw once.
 */
export const BACKLOG_SHARE = 1 / 4;
/** The cap's bounds: it never goes below MIN_TEXT_BUDGET (the stream always moves) nor above MAX_TEXT_BUDGET. */
export const MIN_TEXT_BUDGET = 4_096;
export const MAX_TEXT_BUDGET = 32_768;
/** The cap before any frame was timed. */
export const START_TEXT_CAP = 8_192;
/** What one frame should cost: about what a key read while it runs waits, before its own render. */
export const FRAME_COST_MS = 12;

/** The streamed text the next frame may carry when `backlog` characters of it are waiting. */
export function frameBudget(backlog: number, cap = MAX_TEXT_BUDGET): number {
  const share = Math.max(TEXT_BUDGET, Math.ceil(backlog * BACKLOG_SHARE));
  return Math.max(MIN_TEXT_BUDGET, Math.min(cap, share));
}

/**
 * The cap after a frame of `chars` characters of text cost `costMs`: scaled so a frame that size would cost
 * FRAME_COST_MS. It drops at once when frames cost too much and at most doubles per frame when they are
 * cheap, and only frames that carried a good part of the cap say how cheap text is (a small frame's cost is
 * mostly the live area's redraw).
 */
export function nextTextCap(cap: number, chars: number, costMs: number): number {
  if (chars < MIN_TEXT_BUDGET) return cap;
  const fitting = (chars * FRAME_COST_MS) / Math.max(costMs, 0.5);
  if (costMs > FRAME_COST_MS) return Math.max(MIN_TEXT_BUDGET, Math.min(cap, Math.floor(fitting)));
  if (chars < cap / 2) return cap;
  return Math.min(MAX_TEXT_BUDGET, 2 * cap, Math.max(cap, Math.floor(fitting)));
}

export type FrameSink = (events: Event[], replayed?: readonly ReplayedTurn[]) => void;

function textSize(event: Event): number {
  const msg = event.msg as { delta?: unknown; chunk?: unknown };
  if (typeof msg.delta === "string") return msg.delta.length;
  if (typeof msg.chunk === "string") return msg.chunk.length;
  return 0;
}

export class EventPacer {
  private pending: Event[] = [];
  /** Characters of streamed text in `pending`. */
  private pendingText = 0;
  /** The history that came with a `session_configured` still pending: it goes with that event's frame. */
  private replayed: { event: Event; turns: readonly ReplayedTurn[] } | undefined;
  private scheduled = false;
  private lastFrame = -Infinity;
  private stopped = false;
  /** A key arrived since the last frame and the next frame has not yet given way to it. */
  private inputPending = false;
  /** The scheduled frame already gave way to a key. */
  private deferred = false;
  /** The most streamed text a frame may carry now (nextTextCap). */
  private textCap = START_TEXT_CAP;
  /** The text the last frame carried and the event loop's use when it started, to time it by. */
  private timed: { chars: number; since: EventLoopUtilization } | undefined;

  constructor(private readonly sink: FrameSink) {}

  push(event: Event, replayed?: readonly ReplayedTurn[]): void {
    if (replayed) this.replayed = { event, turns: replayed };
    this.pending.push(event);
    this.pendingText += textSize(event);
    this.schedule();
  }

  /** A key was read: a frame already scheduled yields to the key's render. */
  yieldToInput(): void {
    if (this.scheduled && !this.deferred) this.inputPending = true;
  }

  /** Drops what is pending and schedules nothing more. */
  stop(): void {
    this.stopped = true;
    this.pending = [];
    this.pendingText = 0;
  }

  private schedule(): void {
    if (this.scheduled || this.stopped || this.pending.length === 0) return;
    this.scheduled = true;
    const wait = FRAME_MS - (performance.now() - this.lastFrame);
    if (wait > 0) setTimeout(this.afterInput, wait);
    else setImmediate(this.frame);
  }

  /**
   * Timers run before the event loop reads input: a frame that falls due while a key waits to be read would
   * go first, and the key would wait for the frame's render. The frame hops to the check phase instead,
   * after input is read, so a key read meanwhile puts it off (yieldToInput).
   */
  private readonly afterInput = (): void => {
    setImmediate(this.frame);
  };

  private readonly frame = (): void => {
    this.scheduled = false;
    if (this.stopped) return;
    if (this.inputPending) {
      this.inputPending = false;
      this.deferred = true;
      this.scheduled = true;
      setTimeout(this.afterInput, FRAME_MS);
      return;
    }
    this.deferred = false;
    this.lastFrame = performance.now();
    this.learnCost();
    const before = this.pendingText;
    const events = this.take();
    this.timed = { chars: before - this.pendingText, since: performance.eventLoopUtilization() };
    const replayed = this.replayed && events.includes(this.replayed.event) ? this.replayed.turns : undefined;
    if (replayed) this.replayed = undefined;
    this.sink(events, replayed);
    this.schedule();
  };

  /**
   * The last frame's cost: the time the thread was busy from its start to now. The UI reduces, renders and
   * writes a frame's events over several turns of the event loop (React renders in slices, then commits and
   * prints at once, Ink draws on a timer), so no single callback holds the whole cost; whatever else ran
   * meanwhile (a key, the model stream) counts too, which keeps frames small while the thread is busy.
   */
  private learnCost(): void {
    if (!this.timed) return;
    const { chars, since } = this.timed;
    this.timed = undefined;
    if (chars > 0)
      this.textCap = nextTextCap(this.textCap, chars, performance.eventLoopUtilization(since).active);
  }

  /** The next frame's events: all that are pending, or up to the frame's text budget (at least one). */
  private take(): Event[] {
    const budget = frameBudget(this.pendingText, this.textCap);
    let size = 0;
    let count = 0;
    while (count < this.pending.length) {
      const next = size + textSize(this.pending[count] as Event);
      if (next > budget && count > 0) break;
      size = next;
      count++;
    }
    this.pendingText -= size;
    return this.pending.splice(0, count);
  }
}
