// "N% context left": how much of the model's context window the conversation has not used yet.
import type { TokenInfo } from "./tui-state.js";

/** Percent of the window left after the last request, or undefined when the window is unknown. */
export function contextLeftPercent(
  tokens: TokenInfo | undefined,
  fallbackWindow?: number,
): number | undefined {
  const window = tokens?.contextWindow ?? fallbackWindow;
  if (window === undefined || window <= 0) return undefined;
  // The last request's input plus what the model wrote is what the next request starts from.
  const used = tokens ? tokens.last.input_tokens + tokens.last.output_tokens : 0;
  return Math.max(0, Math.min(100, Math.round(((window - used) / window) * 100)));
}

export function formatTokens(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1)}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(n >= 10_000 ? 0 : 1)}K`;
  return String(n);
}
