// The handler modules not called yet, imported once the server has been idle a moment: the first requests
// of a client's start-up (a thread list, its config) load only their own code, and the engine, tools and
// MCP code are in place before a person starts a turn. A request arriving meanwhile waits at most for the
// one module being imported.

/** How long no request must be in flight before the rest loads. */
export const IDLE_PRELOAD_MS = 250;

export class IdlePreload {
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private state: "waiting" | "loading" | "done" = "waiting";

  constructor(
    /** Imports the remaining modules, one at a time, until `stopped` says so. */
    private readonly load: (stopped: () => boolean) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly delayMs = IDLE_PRELOAD_MS,
  ) {}

  requestStarted(): void {
    this.inFlight++;
    clearTimeout(this.timer);
  }

  requestEnded(): void {
    this.inFlight--;
    if (this.inFlight > 0 || this.state !== "waiting") return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.start(), this.delayMs);
    this.timer.unref(); // never what keeps the process alive
  }

  stop(): void {
    clearTimeout(this.timer);
    this.state = "done";
  }

  private start(): void {
    if (this.inFlight > 0 || this.state !== "waiting") return;
    this.state = "loading";
    this.load(() => this.state === "done").then(
      () => (this.state = "done"),
      (err: unknown) => {
        this.state = "done";
        this.onError(err);
      },
    );
  }
}
