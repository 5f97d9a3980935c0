// Unloading threads nobody subscribes to, as Codex 0.169 does: a thread whose last client unsubscribed (or
// disconnected) stays loaded for `thread_unload_delay_secs` (60 s by default, 0: at once); a client that
// subscribes again in the meantime keeps it, and a running turn restarts the wait when it ends.
import type { ServerNotification } from "../../../protocol/app-server/v2/notifications.js";
import type { ThreadRuntime } from "../thread-runtime.js";

export class ThreadUnloader {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Unloads under way, which the server's shutdown waits for (a thread's file is complete once closed). */
  private readonly unloading = new Set<Promise<void>>();

  constructor(
    private readonly threads: Map<string, ThreadRuntime>,
    private readonly broadcast: (notification: ServerNotification) => void,
  ) {}

  /** Unloads `thread` once it has had no subscriber and no running turn for its delay. */
  schedule(thread: ThreadRuntime): void {
    this.cancel(thread.threadId);
    const delay = thread.unloadDelayMs;
    if (delay === 0) {
      this.track(this.unload(thread));
      return;
    }
    // Unref'd: a pending unload never keeps the process alive.
    const timer = setTimeout(() => {
      this.timers.delete(thread.threadId);
      this.track(this.unload(thread));
    }, delay).unref();
    this.timers.set(thread.threadId, timer);
  }

  /** Keeps the thread loaded (a client subscribed again, or it was unloaded another way). */
  cancel(threadId: string): void {
    clearTimeout(this.timers.get(threadId));
    this.timers.delete(threadId);
  }

  /** On shutdown: no more waits; the unloads under way finish. */
  async drain(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.unloading);
  }

  private track(unload: Promise<void>): void {
    // A thread that fails to close is gone from the map all the same; the failure is not the client's.
    const settled = unload.catch(() => undefined);
    this.unloading.add(settled);
    void settled.then(() => this.unloading.delete(settled));
  }

  private async unload(thread: ThreadRuntime): Promise<void> {
    if (this.threads.get(thread.threadId) !== thread || thread.subscribers.size > 0) return;
    if (thread.busy) {
      // Activity: the wait starts over when the turn ends.
      // Not awaited: a shutdown does not wait for a turn that may never end.
      void thread.turnEnded().then(() => {
        if (this.threads.get(thread.threadId) === thread && thread.subscribers.size === 0)
          this.schedule(thread);
      });
      return;
    }
    this.threads.delete(thread.threadId);
    await thread.close();
    this.broadcast({
      method: "thread/status/changed",
      params: { threadId: thread.threadId, status: { type: "notLoaded" } },
    });
    this.broadcast({ method: "thread/closed", params: { threadId: thread.threadId } });
  }
}
