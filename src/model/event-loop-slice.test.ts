import { describe, expect, it } from "vitest";
import { EventLoopSlice } from "./event-loop-slice.js";

/** Holds the thread for `ms`, as parsing a buffered stream does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe("EventLoopSlice", () => {
  it("lets I/O callbacks run between slices of a long run of work", async () => {
    const slice = new EventLoopSlice(4);
    let ranAt: number | undefined;
    let step = 0;
    setImmediate(() => (ranAt = step));
    for (; step < 20; step++) {
      busy(1);
      if (slice.spent()) await slice.yieldTurn();
    }
    // The callback ran after the first slice (about 4 steps), not after all 20.
    expect(ranAt).toBeDefined();
    expect(ranAt).toBeLessThan(10);
  });

  it("does not yield before its slice is used up", () => {
    const slice = new EventLoopSlice(1_000);
    busy(2);
    expect(slice.spent()).toBe(false);
  });
});
