// Appends lines to one rollout file. The file is created on the first write (a thread that never says
// anything leaves no file), directories as needed. Lines are buffered by `append` and written by `flush`
// in one call; if that write fails the file is cut back to its previous length, so a line is only ever
// on disk whole, and the error (with the path) reaches the caller with the lines still buffered.
import { mkdir, open, stat } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import type { RolloutLine } from "./lines.js";
import { rolloutPath } from "./paths.js";

export class RolloutWriteError extends Error {
  readonly code = "rollout_write_failed";
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`cannot write rollout ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

export class RolloutRecorder {
  private buffer: string[] = [];
  private handle: FileHandle | undefined;
  private closed = false;
  /** Flushes run one after another, in call order. */
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly mustExist: boolean,
  ) {}

  /** A recorder for a new thread; the file appears at the first flush. */
  static create(codexHome: string, threadId: string, createdAt: Date = new Date()): RolloutRecorder {
    return new RolloutRecorder(rolloutPath(codexHome, threadId, createdAt), false);
  }

  /** A recorder that writes to `path`, creating it on the first flush if needed. */
  static atPath(path: string): RolloutRecorder {
    return new RolloutRecorder(path, false);
  }

  /** Appends to an existing rollout (resume); fails now if the file is not there. */
  static async resume(path: string): Promise<RolloutRecorder> {
    try {
      await stat(path);
    } catch (err) {
      throw new RolloutWriteError(path, err);
    }
    return new RolloutRecorder(path, true);
  }

  get pendingLines(): number {
    return this.buffer.length;
  }

  /** Buffers lines (serialized now, so later changes to the objects do not leak into the file). */
  append(lines: RolloutLine | readonly RolloutLine[]): void {
    if (this.closed) throw new RolloutWriteError(this.path, new Error("recorder is closed"));
    const list: readonly RolloutLine[] = Array.isArray(lines) ? lines : [lines as RolloutLine];
    for (const line of list) this.buffer.push(JSON.stringify(line) + "\n");
  }

  /** Writes everything buffered. Rejects with a RolloutWriteError; the lines then stay buffered. */
  flush(): Promise<void> {
    const run = this.queue.then(() => this.writeBuffered());
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }

  private async writeBuffered(): Promise<void> {
    if (this.buffer.length === 0) return;
    const taken = this.buffer;
    this.buffer = [];
    let handle: FileHandle | undefined;
    let sizeBefore = 0;
    try {
      handle = await this.openHandle();
      sizeBefore = (await handle.stat()).size;
      // A file that ends in a torn line (a crash mid-write) gets a newline first, so our first line
      // does not glue onto it; the torn line stays a single unparsable line the reader skips.
      const prefix = sizeBefore > 0 && !(await this.endsWithNewline(handle, sizeBefore)) ? "\n" : "";
      await handle.appendFile(prefix + taken.join(""));
    } catch (err) {
      if (handle) {
        await handle.truncate(sizeBefore).catch(() => undefined);
        // Reopen on the next flush rather than reuse a handle that may be broken.
        this.handle = undefined;
        await handle.close().catch(() => undefined);
      }
      this.buffer = taken.concat(this.buffer);
      throw new RolloutWriteError(this.path, err);
    }
  }

  private async openHandle(): Promise<FileHandle> {
    if (this.handle) return this.handle;
    if (!this.mustExist) await mkdir(dirname(this.path), { recursive: true });
    // Append mode: every write goes to the end, whatever else has the file open. "+" lets us read the
    // last byte to check for a torn line.
    this.handle = await open(this.path, "a+");
    return this.handle;
  }

  private async endsWithNewline(handle: FileHandle, size: number): Promise<boolean> {
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] === 0x0a;
  }
}
