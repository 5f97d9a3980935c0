// Turning schema failures into one line a person can act on.
import type { z } from "zod";

/** "path.to.field: message" for the first problem, as JSON-RPC and proto errors report it. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid value";
  const path = issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)";
  return `${path}: ${issue.message}`;
}
