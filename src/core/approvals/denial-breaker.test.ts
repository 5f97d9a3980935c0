import { describe, expect, it } from "vitest";
import { DenialBreaker } from "./denial-breaker.js";

describe("DenialBreaker", () => {
  it("trips on the third denial in a row, once", () => {
    const breaker = new DenialBreaker();
    expect(breaker.record(true)).toBeUndefined();
    expect(breaker.record(true)).toBeUndefined();
    expect(breaker.record(true)).toBe(
      "Automatic approval review rejected too many approval requests for this turn (3 consecutive, 3 in the last 50 reviews); interrupting the turn.",
    );
    expect(breaker.record(true)).toBeUndefined();
  });

  it("trips on ten denials among the last fifty reviews, however spread", () => {
    const breaker = new DenialBreaker();
    const said: Array<string | undefined> = [];
    for (let i = 0; i < 10; i++) {
      said.push(breaker.record(true));
      said.push(breaker.record(false));
    }
    expect(said.filter(Boolean)).toEqual([
      "Automatic approval review rejected too many approval requests for this turn (1 consecutive, 10 in the last 50 reviews); interrupting the turn.",
    ]);
  });
});
