// Writing to stdout when the reader may go away (`codex-ts exec --json | head`): a closed pipe stops the
// printing, never the process, so the thread is still recorded and shut down cleanly.
export class ProtocolOutput {
  private closed = false;

  constructor(private readonly stream: NodeJS.WritableStream = process.stdout) {
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") this.closed = true;
      else throw err;
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  line(text: string): void {
    if (!this.closed) this.stream.write(`${text}\n`);
  }
}
