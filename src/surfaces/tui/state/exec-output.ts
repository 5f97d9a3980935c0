// Command output as the TUI keeps it: decoded chunks appended to a bounded buffer, shown as a short tail.

/** Enough for any tail we show; a command printing megabytes must not grow the state. */
export const MAX_LIVE_OUTPUT_CHARS = 16 * 1024;

export function decodeChunk(base64: string): string {
  return Buffer.from(base64, "base64").toString("utf8");
}

export function appendOutput(buffer: string, text: string, max = MAX_LIVE_OUTPUT_CHARS): string {
  const joined = buffer + text;
  return joined.length > max ? joined.slice(joined.length - max) : joined;
}

export interface OutputTail {
  lines: string[];
  /** How many lines came before the ones shown. */
  hidden: number;
}

/** The last `count` lines of the output, trailing blank lines dropped, carriage-return progress collapsed. */
export function outputTail(output: string, count: number): OutputTail {
  const lines = output
    .replace(/\r\n/g, "\n")
    .split("\n")
    // A progress bar redraws with \r: only what is left on the line after the last \r is visible.
    .map((line) => line.slice(line.lastIndexOf("\r") + 1));
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
  if (lines.length <= count) return { lines, hidden: 0 };
  return { lines: lines.slice(lines.length - count), hidden: lines.length - count };
}
