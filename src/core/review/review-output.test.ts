import { describe, expect, it } from "vitest";
import { parseReviewOutput, renderReviewOutput } from "./review-output.js";

const finding = {
  title: "Off by one",
  body: "Loops past the end.",
  confidence_score: 0.5,
  priority: 2,
  code_location: { absolute_file_path: "/r/a.ts", line_range: { start: 3, end: 5 } },
};
const output = {
  findings: [finding],
  overall_correctness: "patch is incorrect",
  overall_explanation: "One bug.",
  overall_confidence_score: 0.7,
};

describe("review output", () => {
  it("reads bare JSON, JSON in a fence or prose, and keeps other text as the explanation", () => {
    expect(parseReviewOutput(JSON.stringify(output))).toEqual(output);
    expect(parseReviewOutput("Here:\n```json\n" + JSON.stringify(output) + "\n```")).toEqual(output);
    expect(parseReviewOutput("looks fine")).toEqual({
      findings: [],
      overall_correctness: "",
      overall_explanation: "looks fine",
      overall_confidence_score: 0,
    });
  });

  it("renders the explanation alone when there is no finding", () => {
    expect(renderReviewOutput({ ...output, findings: [] })).toBe("One bug.");
  });

  it("renders the explanation, then each finding with priority, location, body and confidence", () => {
    expect(renderReviewOutput(output)).toBe(
      "One bug.\n\nReview comment:\n\n" +
        "- [P2] Off by one — /r/a.ts:3-5\n  Loops past the end.\n  (confidence 0.50)",
    );
  });
});
