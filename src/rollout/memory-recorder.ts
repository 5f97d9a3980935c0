// A recorder that keeps a thread's lines in memory and writes nothing: an ephemeral thread (`exec
// --ephemeral`) leaves no rollout file, yet a rollback or a compaction can still replay what it said.
import type { RolloutLine } from "./lines.js";

export class MemoryRecorder {
  /** No file: an ephemeral thread has no path to show or resume from. */
  readonly path = "";
  private readonly kept: RolloutLine[];

  constructor(lines: readonly RolloutLine[] = []) {
    this.kept = [...lines];
  }

  get lines(): readonly RolloutLine[] {
    return this.kept;
  }

  append(lines: RolloutLine | readonly RolloutLine[]): void {
    // Copied now, like the file recorder serializes now: later changes to the objects do not leak in.
    const list: readonly RolloutLine[] = Array.isArray(lines) ? lines : [lines as RolloutLine];
    for (const line of list) this.kept.push(structuredClone(line));
  }

  flushSync(): void {}

  flush(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
