// Unloading threads nobody subscribes to, as Codex 0.169 does: a thread whose last client unsubscribed (or
// disconnected) stays loaded for `thread_unload_delay_secs` (60 s by default, 0: at once); a client that
// subscribes again in the meantime keeps it, and a running turn restarts the wait when it ends.
import type { ServerNotification } from "../../../protocol/app-server/v2/notifications.js";
import type { ThreadRuntime } from "../thread-runtime.js";

export class ThreadUnloader {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly threads: Map<string, ThreadRuntime>,
    private readonly broadcast: (notification: ServerNotification) => void,
  ) {}

  /** Unloads `thread` once it has had no subscriber and no running turn for its delay. */
  schedule(thread: ThreadRuntime): void {
    this.cancel(thread.threadId);
    const delay = thread.unloadDelayMs;
    if (delay === 0) {
      void this.unload(thread);
      return;
    }
    // Unref'd: a pending unload never keeps the process alive.
    const timer = setTimeout(() => {
      this.timers.delete(thread.threadId);
      void this.unload(thread);
    }, delay).unref();
    this.timers.set(thread.threadId, timer);
  }

  /** Keeps the thread loaded (a client subscribed again, or it was unloaded another way). */
  cancel(threadId: string): void {
    clearTimeout(this.timers.get(threadId));
    this.timers.delete(threadId);
  }

  private async unload(thread: ThreadRuntime): Promise<void> {
    if (this.threads.get(thread.threadId) !== thread || thread.subscribers.size > 0) return;
    if (thread.busy) {
      // Activity: the wait starts over when the turn ends.
      await thread.turnEnded();
      if (this.threads.get(thread.threadId) === thread && thread.subscribers.size === 0)
        this.schedule(thread);
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
