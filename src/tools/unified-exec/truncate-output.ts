// Fits a command's output into the model's token budget: keeps the head and the tail, and says in the middle
// how much was cut. Tokens are estimated at 4 bytes each, the same rough ratio the shell tool uses.
import { BYTES_PER_TOKEN, estimateTokens, truncationNote } from "../../core/tool-output-limit.js";
import type { OutputSlice } from "./head-tail-buffer.js";
import { charBoundaryAtOrAfter, charBoundaryAtOrBefore } from "./utf8-boundaries.js";

export { BYTES_PER_TOKEN, estimateTokens, truncationNote };
export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;

export interface RenderedOutput {
  text: string;
  /** Estimated tokens of everything the process printed, before any cut. */
  originalTokenCount: number;
  /** Bytes left out of `text` (cut here or already dropped by the buffer). */
  omittedBytes: number;
}

export function renderWithinBudget(slice: OutputSlice, maxTokens: number): RenderedOutput {
  const originalTokenCount = estimateTokens(slice.totalBytes);
  const maxBytes = Math.max(0, Math.floor(maxTokens)) * BYTES_PER_TOKEN;
  const bytes = Buffer.concat([slice.head, slice.tail]);
  if (slice.omittedBytes === 0 && bytes.length <= maxBytes) {
    return { text: bytes.toString("utf8"), originalTokenCount, omittedBytes: 0 };
  }

  let headEnd: number;
  let tailStart: number;
  if (bytes.length <= maxBytes) {
    // Only the buffer dropped something: the cut is where its head met its tail.
    headEnd = charBoundaryAtOrBefore(bytes, slice.head.length);
    tailStart = charBoundaryAtOrAfter(bytes, slice.head.length);
  } else {
    const headBudget = Math.floor(maxBytes / 2);
    headEnd = charBoundaryAtOrBefore(bytes, headBudget);
    tailStart = charBoundaryAtOrAfter(bytes, bytes.length - (maxBytes - headBudget));
  }
  const omittedBytes = tailStart - headEnd + slice.omittedBytes;
  const head = bytes.subarray(0, headEnd).toString("utf8");
  const tail = bytes.subarray(tailStart).toString("utf8");
  const before = head === "" || head.endsWith("\n") ? "" : "\n";
  const after = tail === "" || tail.startsWith("\n") ? "" : "\n";
  return {
    text: `${head}${before}${truncationNote(omittedBytes)}${after}${tail}`,
    originalTokenCount,
    omittedBytes,
  };
}

/** The whole slice as text, with a note where the buffer dropped bytes (for transcripts in events). */
export function sliceText(slice: OutputSlice): string {
  return renderWithinBudget(slice, Number.MAX_SAFE_INTEGER / BYTES_PER_TOKEN).text;
}
