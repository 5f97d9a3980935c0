// Approval and sandbox policies as they appear on the wire (core protocol, rollouts, config).
import { z } from "zod";

/** The four named policies (what a TUI preset, an ACP mode or `--ask-for-approval` picks). */
export const ApprovalMode = z.enum(["untrusted", "on-failure", "on-request", "never"]);
export type ApprovalMode = z.infer<typeof ApprovalMode>;

/**
 * Codex 0.169's granular policy: asks as `on-request` does, but a question of a kind whose flag is false is
 * not asked; the request is refused (or declined) as under `never`. Missing optional flags are false.
 */
export const GranularApprovalConfig = z.object({
  /** Commands leaving the sandbox (escalation, no sandbox available) and patches outside the writable roots. */
  sandbox_approval: z.boolean(),
  /** Commands a `prompt` rule of the command rules asks about. */
  rules: z.boolean(),
  skill_approval: z.boolean().default(false),
  request_permissions: z.boolean().default(false),
  /** Questions from MCP servers, and the approval of MCP tools marked destructive. */
  mcp_elicitations: z.boolean(),
});
export type GranularApprovalConfig = z.infer<typeof GranularApprovalConfig>;
export type ApprovalGate = keyof GranularApprovalConfig;

export const AskForApproval = z.union([ApprovalMode, z.strictObject({ granular: GranularApprovalConfig })]);
export type AskForApproval = z.infer<typeof AskForApproval>;

/** Whether a question of kind `gate` may be put to the user: never under `never`, per flag under granular. */
export function mayAsk(policy: AskForApproval, gate: ApprovalGate): boolean {
  if (typeof policy === "object") return policy.granular[gate];
  return policy !== "never";
}

/** Why a question of kind `gate` is not put to the user, as the model is told; undefined when it may be. */
export function whyNotAsked(policy: AskForApproval, gate: ApprovalGate): string | undefined {
  if (mayAsk(policy, gate)) return undefined;
  return typeof policy === "object"
    ? `the granular approval policy's ${gate} is false`
    : "approval_policy is never";
}

/** The named policy that says when to ask: a granular policy asks when `on-request` does. */
export function approvalModeOf(policy: AskForApproval): ApprovalMode {
  return typeof policy === "object" ? "on-request" : policy;
}

/** The policy's name as Codex shows it ("granular" for a granular one). */
export function approvalPolicyLabel(policy: AskForApproval): string {
  return typeof policy === "object" ? "granular" : policy;
}

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
