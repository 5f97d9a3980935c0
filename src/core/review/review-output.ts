// The model's review answer read as findings, and findings written out for a person (and the model).
import { ReviewOutput, type ReviewFinding } from "../../protocol/review.js";

/** The JSON object in the text (bare, fenced, or inside prose); otherwise the text is the explanation. */
export function parseReviewOutput(text: string): ReviewOutput {
  const candidates = [text.trim()];
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      const parsed = ReviewOutput.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: try the next candidate.
    }
  }
  return {
    findings: [],
    overall_correctness: "",
    overall_explanation: text.trim(),
    overall_confidence_score: 0,
  };
}

function location(finding: ReviewFinding): string {
  const { absolute_file_path: path, line_range: range } = finding.code_location;
  return range.start === range.end ? `${path}:${range.start}` : `${path}:${range.start}-${range.end}`;
}

function findingBlock(finding: ReviewFinding): string {
  const priority =
    finding.priority !== null && finding.priority !== undefined && !/^\[P\d\]/.test(finding.title)
      ? `[P${finding.priority}] `
      : "";
  return (
    `- ${priority}${finding.title} — ${location(finding)}\n` +
    `  ${finding.body.split("\n").join("\n  ")}\n` +
    `  (confidence ${finding.confidence_score.toFixed(2)})`
  );
}

/**
 * The explanation, then one block per finding (title, location, body, confidence). Without findings, the
 * explanation alone, as Codex answers (the verdict itself stays in the structured output).
 */
export function renderReviewOutput(output: ReviewOutput): string {
  const parts: string[] = [];
  const explanation = output.overall_explanation.trim();
  if (explanation) parts.push(explanation);
  if (output.findings.length > 0) {
    const title = output.findings.length === 1 ? "Review comment:" : "Full review comments:";
    parts.push(`${title}\n\n${output.findings.map(findingBlock).join("\n\n")}`);
  }
  return parts.join("\n\n");
}
