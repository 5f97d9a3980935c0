// What the model reads back from a command: exit code, wall time and output, the middle cut when long.

/** Rough tokens-to-bytes ratio used for output budgets. */
const BYTES_PER_TOKEN = 4;
export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;

export function truncateMiddle(text: string, maxTokens: number): { text: string; omittedLines: number } {
  const maxBytes = maxTokens * BYTES_PER_TOKEN;
  if (Buffer.byteLength(text) <= maxBytes) return { text, omittedLines: 0 };
  const half = Math.floor(maxBytes / 2);
  const head = text.slice(0, half);
  const tail = text.slice(text.length - half);
  const omitted = text.slice(half, text.length - half);
  const omittedLines = omitted.split("\n").length - 1;
  return {
    text: `${head}\n[... ${omittedLines} lines (${omitted.length} characters) omitted ...]\n${tail}`,
    omittedLines,
  };
}

export function formatExecOutput(result: {
  exitCode: number;
  durationMs: number;
  output: string;
  timedOut?: boolean;
  maxTokens?: number;
}): string {
  const { text } = truncateMiddle(result.output, result.maxTokens ?? DEFAULT_MAX_OUTPUT_TOKENS);
  const lines = [
    `Exit code: ${result.exitCode}`,
    `Wall time: ${(result.durationMs / 1000).toFixed(1)} seconds`,
  ];
  if (result.timedOut) lines.push("The command timed out and was killed.");
  lines.push("Output:", text);
  return lines.join("\n");
}
