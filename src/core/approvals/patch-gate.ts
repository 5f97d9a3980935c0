// Decides whether a patch applies without asking: inside the writable roots it does (except under
// `untrusted`); outside them, or under a read-only sandbox, the user is asked (or, under `never`, refused).
import { dirname } from "node:path";
import {
  approvalModeOf,
  whyNotAsked,
  type AskForApproval,
  type SandboxPolicy,
} from "../../protocol/policies.js";
import { askAndInterpret, type AskUser, type PatchDecision } from "./decisions.js";

export interface PatchTargetInfo {
  /** Absolute path the patch writes (or deletes). */
  path: string;
  /** Inside the sandbox's writable roots. */
  writable: boolean;
}

export interface PatchRequest {
  approvalPolicy: AskForApproval;
  sandboxPolicy: SandboxPolicy;
  targets: readonly PatchTargetInfo[];
  reason?: string;
}

export class PatchGate {
  /** Folders the user approved patches in for the rest of the session. */
  private readonly approvedRoots = new Set<string>();

  async authorize(request: PatchRequest, ask: AskUser): Promise<PatchDecision> {
    const { approvalPolicy, sandboxPolicy, targets } = request;
    const roots = [...new Set(targets.map((t) => dirname(t.path)))];
    const approvedBefore = roots.every((root) => this.approvedRoots.has(root));
    const fullAccess = sandboxPolicy.type === "danger-full-access";
    const allWritable = fullAccess || targets.every((t) => t.writable);

    if (approvedBefore) return { kind: "apply", approvedOutsideRoots: !allWritable, userApproved: false };
    if (approvalModeOf(approvalPolicy) !== "untrusted" && allWritable) {
      return { kind: "apply", approvedOutsideRoots: false, userApproved: false };
    }
    // A patch outside the writable roots is a sandbox question: granular's sandbox_approval decides.
    const why = whyNotAsked(approvalPolicy, "sandbox_approval");
    if (why !== undefined) {
      const outside = targets.filter((t) => !t.writable).map((t) => t.path);
      return {
        kind: "rejected",
        message: `patch rejected: ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside the writable roots (sandbox ${sandboxPolicy.type}), and ${why}`,
      };
    }
    // As Codex: a patch asked about only because the policy is untrusted carries no reason.
    const reason =
      request.reason ?? (allWritable ? undefined : "the patch writes outside the writable roots");
    const answer = await askAndInterpret(ask, reason, () => roots.forEach((r) => this.approvedRoots.add(r)));
    return answer === true
      ? { kind: "apply", approvedOutsideRoots: !allWritable, userApproved: true }
      : answer;
  }
}
