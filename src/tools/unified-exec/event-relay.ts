// Pairs the events of one `exec_command` call: begin, output deltas, end, all under that call's id, even when
// the process outlives the call and its end is only seen by a later `write_stdin` call. Output produced while
// no call is waiting is held back and streamed when the next call attaches.
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import type { OutputStream } from "./child-handle.js";
import type { SessionEnd } from "./exec-session.js";

export type EmitEvent = (msg: KnownEventMsg) => void;

/** Output held for the next call, at most; past that the user's view skips (the model's copy does not). */
const BACKLOG_BYTES = 256 * 1024;

export class ExecEventRelay {
  private command: string[] = [];
  private emit: EmitEvent | undefined;
  private backlog: { stream: OutputStream; chunk: Buffer }[] = [];
  private backlogBytes = 0;
  private begun = false;
  private ended = false;

  constructor(
    readonly callId: string,
    readonly cwd: string,
  ) {}

  get hasEnded(): boolean {
    return this.ended;
  }

  begin(command: string[], emit: EmitEvent, processId?: string): void {
    if (this.begun) return;
    this.begun = true;
    this.command = command;
    emit({
      type: "exec_command_begin",
      call_id: this.callId,
      command,
      cwd: this.cwd,
      ...(processId !== undefined ? { process_id: processId } : {}),
    });
  }

  /** Streams output through `emit` from now on (the emitter of the call that is waiting). */
  attach(emit: EmitEvent): void {
    this.emit = emit;
    if (this.begun) this.flush(emit);
  }

  detach(emit: EmitEvent): void {
    if (this.emit === emit) this.emit = undefined;
  }

  output(stream: OutputStream, chunk: Buffer): void {
    if (this.ended) return;
    if (this.emit && this.begun) {
      this.emitDelta(this.emit, stream, chunk);
    } else if (this.backlogBytes + chunk.length <= BACKLOG_BYTES) {
      this.backlog.push({ stream, chunk });
      this.backlogBytes += chunk.length;
    }
  }

  end(summary: SessionEnd, formattedOutput: string, emit: EmitEvent): void {
    if (this.ended || !this.begun) return;
    this.flush(emit);
    this.ended = true;
    this.emit = undefined;
    emit({
      type: "exec_command_end",
      call_id: this.callId,
      command: this.command,
      cwd: this.cwd,
      stdout: summary.stdout,
      stderr: summary.stderr,
      aggregated_output: summary.aggregatedOutput,
      exit_code: summary.exitCode,
      duration_ms: Math.round(summary.durationMs),
      formatted_output: formattedOutput,
    });
  }

  private flush(emit: EmitEvent): void {
    const held = this.backlog;
    this.backlog = [];
    this.backlogBytes = 0;
    for (const { stream, chunk } of held) this.emitDelta(emit, stream, chunk);
  }

  private emitDelta(emit: EmitEvent, stream: OutputStream, chunk: Buffer): void {
    emit({
      type: "exec_command_output_delta",
      call_id: this.callId,
      stream,
      chunk: chunk.toString("base64"),
    });
  }
}
