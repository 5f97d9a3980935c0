// What the model is asked to review, and how a person reads it, from a review target.
import { spawnSync } from "node:child_process";
import type { ReviewRequest, ReviewTarget } from "../../protocol/review.js";

export interface ReviewPrompt {
  /** The user message of the review turn. */
  prompt: string;
  /** "current changes", "changes against 'main'", "commit 1a2b3c4: Fix it". */
  hint: string;
}

/** The merge base of HEAD and `branch` (its upstream when newer), or undefined outside git or on error. */
function mergeBase(cwd: string, branch: string): string | undefined {
  const run = (args: string[]) => {
    const res = spawnSync("git", args, { cwd, encoding: "utf8", timeout: 10_000 });
    return res.status === 0 ? res.stdout.trim() : undefined;
  };
  return run(["merge-base", "HEAD", branch]) || undefined;
}

/** How a person reads the target (no git needed). */
export function reviewHint(target: ReviewTarget): string {
  switch (target.type) {
    case "uncommittedChanges":
      return "current changes";
    case "baseBranch":
      return `changes against '${target.branch}'`;
    case "commit": {
      const short = target.sha.slice(0, 7);
      return target.title ? `commit ${short}: ${target.title}` : `commit ${short}`;
    }
    case "custom":
      return target.instructions.trim();
  }
}

export function reviewPrompt(target: ReviewTarget, cwd: string): ReviewPrompt {
  const hint = reviewHint(target);
  switch (target.type) {
    case "uncommittedChanges":
      return {
        prompt:
          "Review the current code changes (staged, unstaged, and untracked files) and provide prioritized findings.",
        hint,
      };
    case "baseBranch": {
      const base = mergeBase(cwd, target.branch);
      const prompt = base
        ? `Review the code changes against the base branch '${target.branch}'. Their merge base is commit ${base}: run \`git diff ${base}\` to see the changes relative to ${target.branch}. Provide prioritized, actionable findings.`
        : `Review the code changes against the base branch '${target.branch}'. Find the merge base of the current branch and ${target.branch} (\`git merge-base HEAD ${target.branch}\`), then run \`git diff\` against it to see the changes. Provide prioritized, actionable findings.`;
      return { prompt, hint };
    }
    case "commit": {
      const title = target.title ? ` ("${target.title}")` : "";
      return {
        prompt: `Review the code changes introduced by commit ${target.sha}${title}. Provide prioritized, actionable findings.`,
        hint,
      };
    }
    case "custom":
      return { prompt: target.instructions, hint };
  }
}

/** The request with its hint filled in. */
export function withHint(request: ReviewRequest, cwd: string): ReviewRequest & { prompt: string } {
  const { prompt, hint } = reviewPrompt(request.target, cwd);
  return { ...request, user_facing_hint: request.user_facing_hint ?? hint, prompt };
}
