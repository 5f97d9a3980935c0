// What an approval check concludes, and how a user's review decision maps onto it.
import type { ReviewDecision } from "../../protocol/policies.js";

export type CommandDecision =
  | {
      kind: "run";
      argv: string[];
      env: Record<string, string>;
      sandboxed: boolean;
      /**
       * Set when the command goes through the allowlist proxy: call once it ended (closes the proxy);
       * resolves with a note for the model when connections were refused.
       */
      finishNetwork?: () => Promise<string | undefined>;
    }
  | { kind: "rejected"; message: string }
  | { kind: "abort" };

export type PatchDecision =
  | {
      kind: "apply";
      approvedOutsideRoots: boolean;
      /** The user was asked now (not auto-approved). */ userApproved: boolean;
    }
  | { kind: "rejected"; message: string }
  | { kind: "abort" };

/**
 * Asks the user; resolves with their decision. `reason` is shown to them; `proposedAmendment` is the
 * command prefix they may allow for good ("approve commands like this").
 */
export type AskUser = (reason: string | undefined, proposedAmendment?: string[]) => Promise<ApprovalAnswer>;

/** The user's decision, or a denial that carries its own message for the model (an automatic reviewer's). */
export type ApprovalAnswer = ReviewDecision | { decision: "denied"; message: string };

export const REJECTED_BY_USER = "rejected by user: the user declined to run this; do not retry it as is";

/** approved / approved_for_session -> true; denied -> a rejection; abort -> abort. */
export async function askAndInterpret(
  ask: AskUser,
  reason: string | undefined,
  rememberForSession: () => void,
  proposedAmendment?: string[],
): Promise<true | { kind: "rejected"; message: string } | { kind: "abort" }> {
  const decision = await ask(reason, proposedAmendment);
  if (typeof decision === "object") return { kind: "rejected", message: decision.message };
  switch (decision) {
    case "approved":
      return true;
    case "approved_for_session":
      rememberForSession();
      return true;
    case "denied":
      return { kind: "rejected", message: REJECTED_BY_USER };
    case "abort":
      return { kind: "abort" };
  }
}
