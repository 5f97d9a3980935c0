// Engine error codes and token usage in the v2 wire's terms, for the event mapper.
import type { TokenUsage } from "../../protocol/core-protocol.js";
import type { CodexErrorInfo, TokenUsageBreakdown, TurnError } from "../../protocol/app-server/v2/common.js";

/** Error codes the engine reports -> the protocol's CodexErrorInfo. */
const KNOWN_ERROR_INFO: Record<string, CodexErrorInfo> = {
  context_length_exceeded: "contextWindowExceeded",
  insufficient_quota: "usageLimitExceeded",
  usage_limit_reached: "usageLimitExceeded",
  rate_limit_exceeded: "rateLimitExceeded",
  server_is_overloaded: "serverOverloaded",
  model_not_found: "modelNotFound",
  unauthorized: "unauthorized",
  missing_credentials: "unauthorized",
};

export function errorInfo(raw: unknown): CodexErrorInfo | null {
  if (typeof raw !== "string" || raw === "") return null;
  return KNOWN_ERROR_INFO[raw] ?? "other";
}

/** A turn's error on the wire, every key present as Codex sends it (codex-ts has no further details). */
export function wireTurnError(message: string, code: unknown): TurnError {
  return { message, codexErrorInfo: errorInfo(code), additionalDetails: null, misalignment: null };
}

export function breakdown(u: TokenUsage): TokenUsageBreakdown {
  return {
    totalTokens: u.total_tokens,
    inputTokens: u.input_tokens,
    cachedInputTokens: u.cached_input_tokens,
    cacheWriteInputTokens: u.cache_write_input_tokens ?? 0,
    outputTokens: u.output_tokens,
    reasoningOutputTokens: u.reasoning_output_tokens,
  };
}
