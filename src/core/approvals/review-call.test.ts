import { describe, expect, it } from "vitest";
import { parseAssessment } from "./review-call.js";

describe("parseAssessment", () => {
  it("reads the reviewer's JSON, even with text around it", () => {
    expect(parseAssessment('ok: {"outcome":"allow","risk_level":"low","rationale":"fine"}')).toEqual({
      outcome: "allow",
      riskLevel: "low",
      rationale: "fine",
    });
  });

  it("denies when the answer cannot be read or names no outcome", () => {
    expect(parseAssessment("sure, go ahead")).toMatchObject({ outcome: "deny", riskLevel: "high" });
    expect(parseAssessment('{"outcome":"maybe"}').rationale).toMatch(/no outcome; denied to be safe/);
  });
});
