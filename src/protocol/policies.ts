// Approval and sandbox policies as they appear on the wire (core protocol, rollouts, config).
import { z } from "zod";

export const AskForApproval = z.enum(["untrusted", "on-failure", "on-request", "never"]);
export type AskForApproval = z.infer<typeof AskForApproval>;

export const SandboxMode = z.enum(["read-only", "workspace-write", "danger-full-access"]);
export type SandboxMode = z.infer<typeof SandboxMode>;

const WorkspaceWritePolicy = z.object({
  type: z.literal("workspace-write"),
  writable_roots: z.array(z.string()).default([]),
  network_access: z.boolean().default(false),
  /** With network_access: only these hosts, through the sandbox's proxy (see src/sandbox/network-proxy.ts). */
  allowed_domains: z.array(z.string()).optional(),
  exclude_tmpdir_env_var: z.boolean().default(false),
  exclude_slash_tmp: z.boolean().default(false),
});

const SandboxPolicyObject = z.discriminatedUnion("type", [
  z.object({ type: z.literal("danger-full-access") }),
  z.object({ type: z.literal("read-only") }),
  WorkspaceWritePolicy,
]);

/** Tagged like the real Codex (`{type: "workspace-write", ...}`); a bare mode string is accepted on input. */
export const SandboxPolicy = z.preprocess(
  (v) => (typeof v === "string" ? { type: v } : v),
  SandboxPolicyObject,
);
export type SandboxPolicy = z.infer<typeof SandboxPolicyObject>;

export function sandboxPolicyFromMode(
  mode: SandboxMode,
  workspaceWrite: Partial<Omit<z.infer<typeof WorkspaceWritePolicy>, "type">> = {},
): SandboxPolicy {
  if (mode === "workspace-write") {
    return WorkspaceWritePolicy.parse({ type: mode, ...workspaceWrite });
  }
  return { type: mode };
}

export const ReasoningEffort = z.enum(["none", "minimal", "low", "medium", "high", "xhigh"]);
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;

export const ReasoningSummary = z.enum(["auto", "concise", "detailed", "none"]);
export type ReasoningSummary = z.infer<typeof ReasoningSummary>;

export const ReviewDecision = z.enum(["approved", "approved_for_session", "denied", "abort"]);
export type ReviewDecision = z.infer<typeof ReviewDecision>;

export const CollaborationModeKind = z.enum(["default", "plan"]);
export type CollaborationModeKind = z.infer<typeof CollaborationModeKind>;

export const Personality = z.enum(["friendly", "pragmatic", "none"]);
export type Personality = z.infer<typeof Personality>;

/**
 * The config's `allowed_domains` applies to every workspace-write policy, including ones a client or the
 * user picks later (the wire's policy has no such field): a policy without a list gets the config's.
 */
export function withAllowedDomains(
  policy: SandboxPolicy,
  allowedDomains: readonly string[] | undefined,
): SandboxPolicy {
  if (policy.type !== "workspace-write" || allowedDomains === undefined) return policy;
  if (policy.allowed_domains !== undefined) return policy;
  return { ...policy, allowed_domains: [...allowedDomains] };
}
