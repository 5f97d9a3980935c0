import { describe, expect, it } from "vitest";
import { backoffMs, isRetryableStatus, parseRetryAfter } from "./retry.js";

describe("retry policy", () => {
  it("backs off exponentially with bounded jitter", () => {
    expect(backoffMs(1, () => 0.5)).toBe(200);
    expect(backoffMs(2, () => 0.5)).toBe(400);
    expect(backoffMs(3, () => 0)).toBe(720);
    expect(backoffMs(30, () => 1)).toBe(11_000);
  });

  it("reads Retry-After as seconds, HTTP date, or retry-after-ms", () => {
    expect(parseRetryAfter({ "retry-after": "2" })).toBe(2000);
    expect(parseRetryAfter({ "retry-after": "0.5" })).toBe(500);
    expect(parseRetryAfter({ "retry-after-ms": "150" })).toBe(150);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }, now)).toBe(3000);
    expect(parseRetryAfter({ "retry-after": "soon" })).toBeUndefined();
    expect(parseRetryAfter({})).toBeUndefined();
  });

  it("retries 429, 408 and 5xx only", () => {
    expect([429, 408, 500, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404].some(isRetryableStatus)).toBe(false);
  });
});
