// When to retry a model request and how long to wait.

/** Exponential backoff with +-10% jitter: 200ms, 400ms, 800ms ... capped at 10s. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(200 * 2 ** Math.max(0, attempt - 1), 10_000);
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** Retry-After as seconds or an HTTP date; also the non-standard retry-after-ms. */
export function parseRetryAfter(
  headers: Record<string, string | string[] | undefined>,
  now: number = Date.now(),
): number | undefined {
  const ms = headerValue(headers["retry-after-ms"]);
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  const value = headerValue(headers["retry-after"]);
  if (value === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  if (!Number.isNaN(date)) return Math.max(0, date - now);
  return undefined;
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/** Model failures that no retry can fix. */
export const FATAL_FAILURE_CODES = new Set([
  "context_length_exceeded",
  "insufficient_quota",
  "invalid_prompt",
  "invalid_request_error",
]);

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
