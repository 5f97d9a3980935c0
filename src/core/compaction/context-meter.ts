// How full the model's context is: the size the last response reported, plus a rough count of what was
// added since (tool outputs, new user messages), at ~4 characters per token.
import type { TokenUsage } from "../../protocol/core-protocol.js";
import type { ResponseItem } from "../../protocol/items.js";

const CHARS_PER_TOKEN = 4;

export function approxTokens(items: readonly ResponseItem[]): number {
  let chars = 0;
  for (const item of items) chars += JSON.stringify(item).length;
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

export class ContextMeter {
  /** Undefined until a response reports its size: a guess alone never triggers a compaction. */
  private reported: number | undefined;
  private historyLengthAtReport = 0;
  /**
   * The input of the first response since the history was last replaced: the prefix every request of this
   * window carries (instructions, tools, summary), which `body_after_prefix` does not count.
   */
  private prefixTokens: number | undefined;

  /** A response came back: the conversation it saw plus what it wrote is `input + output` tokens. */
  onResponse(usage: TokenUsage, historyLength: number): void {
    this.reported = usage.input_tokens + usage.output_tokens;
    this.historyLengthAtReport = historyLength;
    this.prefixTokens ??= usage.input_tokens;
  }

  /** After the history was replaced (compaction, rollback, resume): estimate from scratch. */
  reset(): void {
    this.reported = undefined;
    this.historyLengthAtReport = 0;
    this.prefixTokens = undefined;
  }

  /** The prefix of this window, once a response has reported it. */
  prefix(): number | undefined {
    return this.prefixTokens;
  }

  /** Undefined when no response has reported since the history was last replaced. */
  estimate(history: readonly ResponseItem[]): number | undefined {
    if (this.reported === undefined) return undefined;
    return this.reported + approxTokens(history.slice(this.historyLengthAtReport));
  }
}

/** The auto-compaction threshold: configured, else 90% of the context window; none when neither is known. */
export function autoCompactLimit(
  configured: number | undefined,
  contextWindow: number | undefined,
): number | undefined {
  if (configured !== undefined) return configured;
  return contextWindow !== undefined ? fullEnough(contextWindow) : undefined;
}

/** 90% of the window: past it, the summary request itself (history plus prompt) may no longer fit. */
const fullEnough = (contextWindow: number) => Math.floor(contextWindow * 0.9);

export type AutoCompactScope = "total" | "body_after_prefix";

/**
 * Whether the next request should be compacted first. `total`: the whole context against `limit`.
 * `body_after_prefix`: only what grew past the window's prefix counts against `limit`, and 90% of the
 * model's context window stays a hard limit for the whole (so the summary request still fits).
 */
export function autoCompactDue(
  estimate: number,
  prefix: number | undefined,
  limits: { scope: AutoCompactScope; limit: number | undefined; contextWindow: number | undefined },
): boolean {
  if (limits.scope === "total") return limits.limit !== undefined && estimate >= limits.limit;
  const body = estimate - (prefix ?? estimate);
  if (limits.limit !== undefined && body >= limits.limit) return true;
  return limits.contextWindow !== undefined && estimate >= fullEnough(limits.contextWindow);
}
