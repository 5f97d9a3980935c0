// Review mode: what to review, and the findings a review returns (the real Codex's shapes).
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

export const ReviewTarget = lazySchema(() =>
  z.discriminatedUnion("type", [
    /** The working tree: staged, unstaged and untracked files. */
    z.object({ type: z.literal("uncommittedChanges") }),
    /** The current branch against a base branch (from their merge base). */
    z.object({ type: z.literal("baseBranch"), branch: z.string().min(1) }),
    /** What one commit introduced. */
    z.object({ type: z.literal("commit"), sha: z.string().min(1), title: z.string().nullish() }),
    /** Free-form review instructions. */
    z.object({ type: z.literal("custom"), instructions: z.string().min(1) }),
  ]),
);
export type ReviewTarget = z.infer<typeof ReviewTarget>;

export const ReviewRequest = lazySchema(() =>
  z.object({
    target: ReviewTarget,
    /** What is being reviewed, as a person reads it ("current changes", "commit abc1234"). */
    user_facing_hint: z.string().nullish(),
  }),
);
export type ReviewRequest = z.infer<typeof ReviewRequest>;

export const ReviewFinding = lazySchema(() =>
  z.object({
    title: z.string(),
    body: z.string(),
    confidence_score: z.number(),
    /** 0 (drop everything) to 3 (nice to have). */
    priority: z.number().int().nullish(),
    code_location: z.object({
      absolute_file_path: z.string(),
      line_range: z.object({ start: z.number().int(), end: z.number().int() }),
    }),
  }),
);
export type ReviewFinding = z.infer<typeof ReviewFinding>;

export const ReviewOutput = lazySchema(() =>
  z.object({
    findings: z.array(ReviewFinding),
    overall_correctness: z.string(),
    overall_explanation: z.string(),
    overall_confidence_score: z.number(),
  }),
);
export type ReviewOutput = z.infer<typeof ReviewOutput>;
