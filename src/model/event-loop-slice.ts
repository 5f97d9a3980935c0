// A model stream that arrives faster than it is handled (a local server, a fast model, a big buffered
// response) is parsed and handed on in one chain of microtasks: the engine's whole reaction to every event
// (items, legacy events, rollout lines, the client's projection) runs before the event loop polls again, so
// a terminal UI on the same thread reads no key and draws no frame until the whole buffer is handled. The
// reader gives the event loop a turn once per slice of work, which costs one setImmediate every few ms.

/** How long the stream reader may hold the event loop before it lets I/O and timers run. */
export const STREAM_SLICE_MS = 4;

export class EventLoopSlice {
  private started = performance.now();

  constructor(private readonly sliceMs = STREAM_SLICE_MS) {}

  /** True once this slice of work has run for its time: the caller should `await yieldTurn()`. */
  spent(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  /** Lets pending I/O and timers run, then starts a new slice. */
  async yieldTurn(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }
}
