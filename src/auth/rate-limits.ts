// The account's usage limits as the model's HTTP responses announce them: `x-codex-{primary,secondary}-*`
// headers (used percent, window length, reset time). Pure: headers in, a snapshot (the core protocol's
// snake_case shape, as `token_count.rate_limits` carries it) out.
import type { IncomingHttpHeaders } from "node:http";

export interface RateLimitWindow {
  used_percent: number;
  window_minutes: number | null;
  /** Unix time in seconds. */
  resets_at: number | null;
}

export interface RateLimitSnapshot {
  primary: RateLimitWindow | null;
  secondary: RateLimitWindow | null;
}

function numberHeader(headers: IncomingHttpHeaders, name: string): number | undefined {
  const raw = headers[name];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function window(
  headers: IncomingHttpHeaders,
  which: "primary" | "secondary",
  nowMs: number,
): RateLimitWindow | null {
  const prefix = `x-codex-${which}-`;
  const used = numberHeader(headers, `${prefix}used-percent`);
  if (used === undefined) return null;
  const minutes = numberHeader(headers, `${prefix}window-minutes`);
  const resetAt = numberHeader(headers, `${prefix}reset-at`);
  const resetAfter = numberHeader(headers, `${prefix}reset-after-seconds`);
  let resetsAt: number | null = null;
  if (resetAt !== undefined) resetsAt = Math.round(resetAt);
  else if (resetAfter !== undefined) resetsAt = Math.round(nowMs / 1000 + resetAfter);
  return {
    used_percent: used,
    window_minutes: minutes === undefined ? null : Math.round(minutes),
    resets_at: resetsAt,
  };
}

/** The snapshot the headers give, or undefined when they carry no limits. */
export function rateLimitsFromHeaders(
  headers: IncomingHttpHeaders,
  nowMs = Date.now(),
): RateLimitSnapshot | undefined {
  const primary = window(headers, "primary", nowMs);
  const secondary = window(headers, "secondary", nowMs);
  return primary || secondary ? { primary, secondary } : undefined;
}
