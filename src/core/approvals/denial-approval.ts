// `thread/approveGuardianDeniedAction`: the user overrides one auto-review denial. As Codex does, nothing
// runs at once: a developer message tells the model that exactly this action is now approved, so it may
// retry it; the retry is reviewed again, and the reviewer is shown the user's approval (review-transcript.ts).
import { userTextMessage, type MessageItem } from "../../protocol/items.js";

export const DENIAL_APPROVAL_MARKER =
  "The user has approved an action the automatic approval reviewer had denied.";

/** The message to add to the thread's history for a denied review's event, or why there is none. */
export function denialApprovalMessage(
  event: unknown,
): { message: MessageItem } | { error: string } | { ignored: true } {
  if (!event || typeof event !== "object" || Array.isArray(event)) {
    return { error: "event must be the auto-review's assessment event (an object)" };
  }
  const e = event as { status?: unknown; action?: unknown };
  if (typeof e.status !== "string") return { error: "event.status must be a string" };
  if (!e.action || typeof e.action !== "object") return { error: "event.action must be an object" };
  // Only a denial can be approved; Codex ignores the others the same way.
  if (e.status !== "denied") return { ignored: true };
  const text = [
    DENIAL_APPROVAL_MARKER,
    "This approves that exact action, once, where it was first asked for; it does not approve similar actions with other arguments.",
    "The approved action:",
    JSON.stringify({ action: e.action, outcome: "allowed" }, null, 2),
  ].join("\n");
  return { message: userTextMessage(text, "developer") };
}
