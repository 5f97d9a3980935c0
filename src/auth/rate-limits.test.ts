import { describe, expect, it } from "vitest";
import { rateLimitsFromHeaders } from "./rate-limits.js";

describe("rateLimitsFromHeaders", () => {
  it("reads the primary and secondary windows", () => {
    expect(
      rateLimitsFromHeaders(
        {
          "x-codex-primary-used-percent": "42.5",
          "x-codex-primary-window-minutes": "300",
          "x-codex-primary-reset-after-seconds": "60",
          "x-codex-secondary-used-percent": "7",
          "x-codex-secondary-window-minutes": "10080",
          "x-codex-secondary-reset-at": "1800000000",
        },
        1_700_000_000_000,
      ),
    ).toEqual({
      primary: { used_percent: 42.5, window_minutes: 300, resets_at: 1_700_000_060 },
      secondary: { used_percent: 7, window_minutes: 10080, resets_at: 1_800_000_000 },
    });
  });

  it("gives nothing without a used-percent header, and skips a bad value", () => {
    expect(rateLimitsFromHeaders({ "content-type": "text/event-stream" })).toBeUndefined();
    expect(rateLimitsFromHeaders({ "x-codex-primary-used-percent": "lots" })).toBeUndefined();
    expect(rateLimitsFromHeaders({ "x-codex-secondary-used-percent": "1" })).toEqual({
      primary: null,
      secondary: { used_percent: 1, window_minutes: null, resets_at: null },
    });
  });
});
