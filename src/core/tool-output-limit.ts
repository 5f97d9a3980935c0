// `tool_output_token_limit`: the budget every tool output is held to before it enters the history the model
// reads (10,000 tokens unless configured, as Codex's default truncation policy). Command tools cut their own
// output to the budget; this cap, with some room for their headers, catches every other tool (MCP and the
// rest). Tokens are estimated at 4 bytes each, the ratio the command tools use.
import type { ContentItem, FunctionCallOutputPayload } from "../protocol/items.js";

export const DEFAULT_TOOL_OUTPUT_TOKENS = 10_000;
export const BYTES_PER_TOKEN = 4;
/** Room over the budget for what a command tool adds around output it already cut (exit code, wall time). */
const HEADER_ROOM = 1.2;
const HEADER_BYTES = 256;

export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

/** What every cut output says where it was cut (the command tools' too). */
export function truncationNote(omittedBytes: number): string {
  return `[... ${estimateTokens(omittedBytes)} tokens (${omittedBytes} bytes) truncated ...]`;
}

/**
 * The first `headBytes` and the last `tailBytes` of `bytes`, decoded. Decoding a cut mid-character would
 * leave a replacement character: that character is dropped instead (the cut's marker stands for it).
 */
export function keepEnds(
  bytes: Buffer,
  headBytes: number,
  tailBytes: number,
): { head: string; tail: string } {
  const head = bytes
    .subarray(0, headBytes)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
  const tail = bytes
    .subarray(bytes.length - tailBytes)
    .toString("utf8")
    .replace(/^\uFFFD/, "");
  return { head, tail };
}

/** Keeps the head and the tail of `text` within `maxBytes`, saying in the middle how much was cut. */
export function cutMiddle(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  const half = Math.floor(maxBytes / 2);
  const { head, tail } = keepEnds(bytes, half, half);
  const omitted = bytes.length - Buffer.byteLength(head) - Buffer.byteLength(tail);
  return `${head}\n${truncationNote(omitted)}\n${tail}`;
}

/** A tool output held to `limitTokens` (with header room): text, or the text parts of content in order. */
export function capToolOutput(
  output: FunctionCallOutputPayload,
  limitTokens: number = DEFAULT_TOOL_OUTPUT_TOKENS,
): FunctionCallOutputPayload {
  let budget = Math.floor(limitTokens * BYTES_PER_TOKEN * HEADER_ROOM) + HEADER_BYTES;
  if (typeof output === "string") return cutMiddle(output, budget);
  return output.map((item): ContentItem => {
    if ((item.type !== "input_text" && item.type !== "output_text") || typeof item.text !== "string")
      return item;
    const text = cutMiddle(item.text, Math.max(0, budget));
    budget -= Buffer.byteLength(text);
    return { ...item, text };
  });
}
