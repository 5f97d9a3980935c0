// `thread/approveGuardianDeniedAction`: the user overrides one auto-review denial. As Codex does, nothing
// runs at once: a developer message tells the model that exactly this action is now approved, so it may
// retry it; the retry is reviewed again, and the reviewer is shown the user's approval (review-transcript.ts).
import { userTextMessage, type MessageItem } from "../../protocol/items.js";

/** Codex's prefix: the reviewer's transcript keeps developer messages that start with it. */
export const DENIAL_APPROVAL_MARKER =
  "The user has manually approved a specific action that was previously `Rejected`.";

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
  // Codex's words.
  const text = [
    DENIAL_APPROVAL_MARKER,
    "",
    "Treat this as approval to perform that exact action in the same context in which it was originally requested.",
    "Do not assume this also authorizes similar operations with different payloads.",
    "",
    "Approved action:",
    JSON.stringify({ action: e.action, outcome: "allowed" }, null, 2),
  ].join("\n");
  return { message: userTextMessage(text, "developer") };
}
