import { describe, expect, it } from "vitest";
import { parseAssessment } from "./review-call.js";

describe("parseAssessment", () => {
  it("reads the reviewer's JSON, even with text around it", () => {
    expect(
      parseAssessment(
        'ok: {"outcome":"allow","risk_level":"low","user_authorization":"high","rationale":"fine"}',
      ),
    ).toEqual({ outcome: "allow", riskLevel: "low", userAuthorization: "high", rationale: "fine" });
  });

  it("fills what the answer leaves out with Codex's defaults", () => {
    expect(parseAssessment('{"outcome":"allow"}')).toEqual({
      outcome: "allow",
      riskLevel: "low",
      userAuthorization: "unknown",
      rationale: "Auto-review returned a low-risk allow decision.",
    });
    expect(parseAssessment('{"outcome":"deny"}')).toMatchObject({
      riskLevel: "high",
      userAuthorization: "unknown",
    });
  });

  it("denies when the answer cannot be read or names no outcome", () => {
    expect(parseAssessment("sure, go ahead")).toMatchObject({
      outcome: "deny",
      riskLevel: "high",
      failed: true,
    });
    expect(parseAssessment('{"outcome":"maybe"}').rationale).toBe(
      "Automatic approval review failed because the reviewer returned an unreadable response: no outcome",
    );
  });
});
