// One long-running command: its child, the output produced since the model last looked, a capped transcript
// for the end event, and how it ended.
import type { ChildHandle, ChildListener, ChildSpec, OutputStream } from "./child-handle.js";
import { HeadTailBuffer, type OutputSlice } from "./head-tail-buffer.js";
import { spawnPipeChild } from "./spawn-pipe-child.js";
import { spawnPtyChild } from "./spawn-pty-child.js";
import { sliceText } from "./truncate-output.js";
import { incompleteUtf8TailLength } from "./utf8-boundaries.js";

/** Output kept between two polls; more is dropped from the middle (and reported as cut). */
const PENDING_OUTPUT_BYTES = 1024 * 1024;
/** Output kept per stream for the `exec_command_end` event. */
const TRANSCRIPT_BYTES = 256 * 1024;

export const INTERRUPT_CHARACTER = "\u0003";
const EOF_CHARACTER = "\u0004";

export interface SessionEnd {
  exitCode: number;
  durationMs: number;
  stdout: string;
  stderr: string;
  aggregatedOutput: string;
  /** True when we killed it (abort, pruning, shutdown) rather than it ending on its own. */
  killed: boolean;
}

export interface ExecSessionSpec extends ChildSpec {
  id: number;
  tty: boolean;
  /** Starts the child somewhere else than a local pipe or PTY (the editor's terminal). */
  spawn?: (spec: ChildSpec, listener: ChildListener) => Promise<ChildHandle>;
  onOutput?: (stream: OutputStream, chunk: Buffer) => void;
}

export class ExecSession {
  readonly id: number;
  readonly tty: boolean;
  readonly startedAt = performance.now();
  /** For pruning: the least recently used idle session goes first. */
  lastUsedAt = this.startedAt;
  /** Calls currently waiting on this session; a session in use is never pruned. */
  activeCalls = 0;
  /** Resolves once the child exited and its output was read to the end. */
  readonly finished: Promise<void>;

  private child: ChildHandle | undefined;
  private readonly pending = new HeadTailBuffer(PENDING_OUTPUT_BYTES);
  private readonly aggregated = new HeadTailBuffer(TRANSCRIPT_BYTES);
  private readonly stdout = new HeadTailBuffer(TRANSCRIPT_BYTES);
  private readonly stderr = new HeadTailBuffer(TRANSCRIPT_BYTES);
  private readonly onOutput: ExecSessionSpec["onOutput"];
  private exitCode: number | undefined;
  private endedAt: number | undefined;
  private killed = false;
  private markFinished: () => void = () => undefined;

  private constructor(spec: ExecSessionSpec) {
    this.id = spec.id;
    this.tty = spec.tty;
    this.onOutput = spec.onOutput;
    this.finished = new Promise((resolve) => (this.markFinished = resolve));
  }

  static async start(spec: ExecSessionSpec): Promise<ExecSession> {
    const session = new ExecSession(spec);
    const listener = {
      onOutput: (stream: OutputStream, chunk: Buffer) => session.record(stream, chunk),
      onFinished: (exitCode: number) => session.finish(exitCode),
    };
    session.child = spec.spawn
      ? await spec.spawn(spec, listener)
      : spec.tty
        ? await spawnPtyChild(spec, listener)
        : spawnPipeChild(spec, listener);
    return session;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether text can be written to the child (not to a command in the editor's terminal). */
  get takesInput(): boolean {
    return this.child?.takesInput !== false;
  }

  get hasFinished(): boolean {
    return this.exitCode !== undefined;
  }

  touch(): void {
    this.lastUsedAt = performance.now();
  }

  /** On a pipe there is no terminal to turn Ctrl-C and Ctrl-D into a signal and an end of input: we do it. */
  write(text: string): void {
    const child = this.child;
    if (!child || text === "") return;
    if (this.tty) {
      child.write(text);
      return;
    }
    let plain = "";
    for (const char of text) {
      if (char !== INTERRUPT_CHARACTER && char !== EOF_CHARACTER) {
        plain += char;
        continue;
      }
      if (plain !== "") child.write(plain);
      plain = "";
      if (char === INTERRUPT_CHARACTER) child.interrupt();
      else child.closeInput();
    }
    if (plain !== "") child.write(plain);
  }

  kill(): void {
    if (this.hasFinished) return;
    this.killed = true;
    this.child?.kill();
  }

  /** Resolves when the child has finished, `ms` have passed, or `signal` aborts, whichever comes first. */
  async waitForFinish(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.hasFinished || signal?.aborted) return;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      await Promise.race([
        this.finished,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, ms);
          onAbort = resolve;
          signal?.addEventListener("abort", onAbort, { once: true });
        }),
      ]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    }
  }

  /** The output since the last call. While running, a character cut in half waits for its other bytes. */
  takeOutput(): OutputSlice {
    const slice = this.pending.take();
    if (this.hasFinished || slice.omittedBytes > 0) return slice;
    const inTail = slice.tail.length > 0;
    const last = inTail ? slice.tail : slice.head;
    const held = incompleteUtf8TailLength(last);
    if (held === 0) return slice;
    this.pending.push(last.subarray(last.length - held));
    const kept = last.subarray(0, last.length - held);
    return {
      head: inTail ? slice.head : kept,
      tail: inTail ? kept : slice.tail,
      omittedBytes: 0,
      totalBytes: slice.totalBytes - held,
    };
  }

  /** How it ended; only meaningful once finished. */
  summary(): SessionEnd {
    const aggregatedOutput = sliceText(this.aggregated.peek());
    return {
      exitCode: this.exitCode ?? -1,
      durationMs: (this.endedAt ?? performance.now()) - this.startedAt,
      // A terminal has one stream: everything reads as stdout.
      stdout: this.tty ? aggregatedOutput : sliceText(this.stdout.peek()),
      stderr: this.tty ? "" : sliceText(this.stderr.peek()),
      aggregatedOutput,
      killed: this.killed,
    };
  }

  private record(stream: OutputStream, chunk: Buffer): void {
    this.pending.push(chunk);
    this.aggregated.push(chunk);
    if (!this.tty) (stream === "stdout" ? this.stdout : this.stderr).push(chunk);
    this.onOutput?.(stream, chunk);
  }

  private finish(exitCode: number): void {
    this.exitCode = exitCode;
    this.endedAt = performance.now();
    this.markFinished();
  }
}
