// Token accounting across the responses of a session.
import { TokenUsage } from "../protocol/core-protocol.js";

export const ZERO_USAGE: TokenUsage = {
  input_tokens: 0,
  cached_input_tokens: 0,
  output_tokens: 0,
  reasoning_output_tokens: 0,
  total_tokens: 0,
};

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    cached_input_tokens: a.cached_input_tokens + b.cached_input_tokens,
    cache_write_input_tokens: (a.cache_write_input_tokens ?? 0) + (b.cache_write_input_tokens ?? 0),
    output_tokens: a.output_tokens + b.output_tokens,
    reasoning_output_tokens: a.reasoning_output_tokens + b.reasoning_output_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
}

/** The totals a resumed thread counts on from: those of its last recorded token_count (zero without one). */
export function resumedUsage(lastTokenCount: unknown): TokenUsage {
  const info = (lastTokenCount as { info?: { total_token_usage?: unknown } } | undefined)?.info;
  const parsed = TokenUsage.safeParse(info?.total_token_usage);
  return parsed.success ? parsed.data : ZERO_USAGE;
}
