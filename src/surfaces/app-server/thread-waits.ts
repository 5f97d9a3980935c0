// What this thread's running turn is waiting on (an approval, an answer to questions), shown as the
// activeFlags of its status: thread/status/changed whenever the set of flags changes.
import type { ThreadStatus } from "../../protocol/app-server/v2/common.js";
import type { OutputBuffer } from "./mapper-output.js";

type ActiveFlag = "waitingOnApproval" | "waitingOnUserInput";

export class ThreadWaits {
  private readonly pending = new Map<string, ActiveFlag>();

  constructor(private readonly out: OutputBuffer) {}

  /** The status of the thread while a turn runs (idle otherwise). */
  status(turnRunning: boolean): ThreadStatus {
    return turnRunning ? { type: "active", activeFlags: this.flags() } : { type: "idle" };
  }

  asked(callId: string, flag: ActiveFlag): void {
    this.change(() => this.pending.set(callId, flag));
  }

  answered(callId: string): void {
    this.change(() => this.pending.delete(callId));
  }

  /** The turn ended: nothing is waited on any more (its end says the thread is idle). */
  clear(): void {
    this.pending.clear();
  }

  private flags(): ActiveFlag[] {
    const set = new Set(this.pending.values());
    return (["waitingOnApproval", "waitingOnUserInput"] as const).filter((f) => set.has(f));
  }

  private change(update: () => void): void {
    const before = this.flags().join();
    update();
    if (this.flags().join() === before) return;
    this.out.notify({
      method: "thread/status/changed",
      params: { threadId: this.out.threadId, status: this.status(true) },
    });
  }
}
