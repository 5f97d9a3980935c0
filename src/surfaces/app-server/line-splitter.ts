// Newline-delimited input: chunks in, complete lines out. A line longer than the limit is dropped as it
// arrives (never buffered whole) and reported once, so one huge message cannot exhaust memory.
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface LineSink {
  line(text: string): void;
  tooLong(length: number): void;
}

export class LineSplitter {
  private buffer = "";
  private skipping = 0;

  constructor(
    private readonly sink: LineSink,
    private readonly maxLength = MAX_LINE_BYTES,
  ) {}

  push(chunk: string): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf("\n", start);
      if (newline < 0) break;
      this.finishLine(chunk.slice(start, newline));
      start = newline + 1;
    }
    this.append(chunk.slice(start));
  }

  /** End of input: a last line without a newline still counts. */
  end(): void {
    if (this.buffer !== "" || this.skipping > 0) this.finishLine("");
  }

  private append(part: string): void {
    if (part === "") return;
    if (this.skipping > 0) {
      this.skipping += part.length;
      return;
    }
    this.buffer += part;
    if (this.buffer.length > this.maxLength) {
      this.skipping = this.buffer.length;
      this.buffer = "";
    }
  }

  private finishLine(tail: string): void {
    if (this.skipping > 0) {
      const length = this.skipping + tail.length;
      this.skipping = 0;
      this.sink.tooLong(length);
      return;
    }
    const text = this.buffer + tail;
    this.buffer = "";
    if (text.length > this.maxLength) {
      this.sink.tooLong(text.length);
      return;
    }
    const trimmed = text.endsWith("\r") ? text.slice(0, -1) : text;
    if (trimmed.trim() !== "") this.sink.line(trimmed);
  }
}
