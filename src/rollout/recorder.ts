// Appends lines to one rollout file. The file is created on the first write (a thread that never says
// anything leaves no file), directories as needed. Lines are buffered by `append` and written by `flush`
// in one synchronous write; if that write fails the file is cut back to its previous length, so a line is only ever
// on disk whole, and the error (with the path) reaches the caller with the lines still buffered.
import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import { stat } from "node:fs/promises";
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
  private fd: number | undefined;
  private tailChecked = false;
  private closed = false;

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
    try {
      this.flushSync();
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /**
   * Writes everything buffered now. Synchronous on purpose: a few microseconds per line, and a process
   * killed right after `append` + `flushSync` has the line on disk (an async write could still be queued).
   * Throws a RolloutWriteError; the lines then stay buffered.
   */
  flushSync(): void {
    if (this.buffer.length === 0) return;
    const taken = this.buffer;
    this.buffer = [];
    let fd: number | undefined;
    let sizeBefore = 0;
    try {
      fd = this.openFd();
      sizeBefore = fstatSync(fd).size;
      // A file that ends in a torn line (a crash mid-write) gets a newline first, so our first line does
      // not glue onto it; the torn line stays a single unparsable line the reader skips.
      const prefix = !this.tailChecked && sizeBefore > 0 && !endsWithNewline(fd, sizeBefore) ? "\n" : "";
      this.tailChecked = true;
      const data = Buffer.from(prefix + taken.join(""), "utf8");
      let written = 0;
      while (written < data.length) written += writeSync(fd, data, written, data.length - written);
    } catch (err) {
      if (fd !== undefined) {
        try {
          ftruncateSync(fd, sizeBefore);
        } catch {
          // Nothing more can be done; the reader tolerates a torn last line.
        }
        // Reopen on the next flush rather than reuse a descriptor that may be broken.
        this.closeFd();
      }
      this.buffer = taken.concat(this.buffer);
      throw new RolloutWriteError(this.path, err);
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    try {
      this.flushSync();
    } finally {
      this.closed = true;
      this.closeFd();
    }
    return Promise.resolve();
  }

  private openFd(): number {
    if (this.fd !== undefined) return this.fd;
    if (!this.mustExist) mkdirSync(dirname(this.path), { recursive: true });
    // Append mode: every write goes to the end, whatever else has the file open. "+" lets us read the
    // last byte to check for a torn line.
    this.fd = openSync(this.path, "a+");
    this.tailChecked = false;
    return this.fd;
  }

  private closeFd(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // Already closed.
    }
    this.fd = undefined;
  }
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}
