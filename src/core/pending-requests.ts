// Requests the engine waits on the client for (approvals, user input), keyed by id.
export class PendingRequests<T> {
  private readonly waiting = new Map<string, (value: T) => void>();

  /** Resolves with the client's answer, or with `onAbort` if the task is aborted first. */
  wait(id: string, signal: AbortSignal, onAbort: T): Promise<T> {
    return new Promise((resolve) => {
      if (signal.aborted) {
        resolve(onAbort);
        return;
      }
      const abort = () => {
        this.waiting.delete(id);
        resolve(onAbort);
      };
      signal.addEventListener("abort", abort, { once: true });
      this.waiting.set(id, (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      });
    });
  }

  /** False when nothing waits under that id. */
  has(id: string): boolean {
    return this.waiting.has(id);
  }

  resolve(id: string, value: T): boolean {
    const resolver = this.waiting.get(id);
    if (!resolver) return false;
    this.waiting.delete(id);
    resolver(value);
    return true;
  }

  get size(): number {
    return this.waiting.size;
  }
}
