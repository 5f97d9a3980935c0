// Lets an agent blocked in `subagent_await` sleep until something happens that concerns it (a child's turn
// ended, a message arrived), its deadline passes, or its own turn is aborted. Waking is a hint: the waiter
// looks again at what changed.

export type WakeReason = "woken" | "timeout" | "aborted";

export class Wakeups {
  private readonly sleepers = new Map<number, Set<() => void>>();

  /** Wakes every sleeper of `agentId`. */
  wake(agentId: number): void {
    const set = this.sleepers.get(agentId);
    if (!set) return;
    this.sleepers.delete(agentId);
    for (const wake of set) wake();
  }

  wakeAll(): void {
    for (const id of [...this.sleepers.keys()]) this.wake(id);
  }

  /** Sleeps until woken, until `deadline` (epoch ms), or until `signal` aborts. */
  sleep(agentId: number, deadline: number, signal: AbortSignal): Promise<WakeReason> {
    if (signal.aborted) return Promise.resolve("aborted");
    const remaining = deadline - Date.now();
    if (remaining <= 0) return Promise.resolve("timeout");
    return new Promise((resolve) => {
      let set = this.sleepers.get(agentId);
      if (!set) this.sleepers.set(agentId, (set = new Set()));
      const finish = (reason: WakeReason) => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.sleepers.get(agentId)?.delete(onWake);
        resolve(reason);
      };
      const onWake = () => finish("woken");
      const onAbort = () => finish("aborted");
      const timer = setTimeout(() => finish("timeout"), remaining);
      signal.addEventListener("abort", onAbort, { once: true });
      set.add(onWake);
    });
  }
}
