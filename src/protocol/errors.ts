// Turning schema failures into one line a person can act on.
import type { z } from "zod";

/**
 * "path.to.field: message" for the first problem, as JSON-RPC and proto errors report it. `unions: "closest"`
 * names, for a value that fits no form of a union, the problem inside the one form it got furthest into
 * (see closestBranchIssues).
 */
export function describeZodError(error: z.ZodError, options: { unions?: "closest" } = {}): string {
  const issues = options.unions === "closest" ? error.issues.flatMap(closestBranchIssues) : error.issues;
  const issue = issues[0];
  if (!issue) return "invalid value";
  const path = issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)";
  return `${path}: ${issue.message}`;
}

/**
 * A value that fits no form of a union (`approval_policy = { granular = { rules = true } }`): when exactly one
 * form got past the value's own type, its problems are the ones worth naming (`granular.sandbox_approval`),
 * not "Invalid input".
 */
export function closestBranchIssues(
  issue: z.core.$ZodIssue,
): Array<{ path: PropertyKey[]; message: string }> {
  if (issue.code !== "invalid_union") return [issue];
  const deeper = issue.errors.filter((errors) => errors.every((e) => e.path.length > 0));
  if (deeper.length !== 1) return [issue];
  return deeper[0]!.flatMap(closestBranchIssues).map((e) => ({ ...e, path: [...issue.path, ...e.path] }));
}
