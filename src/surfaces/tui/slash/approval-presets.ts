// What `/approvals` offers: an approval policy and a sandbox together, as the real Codex presents them.
import type { ApprovalMode, AskForApproval, SandboxMode } from "../../../protocol/policies.js";

export interface ApprovalPreset {
  label: string;
  description: string;
  approval: ApprovalMode;
  sandbox: SandboxMode;
}

export const APPROVAL_PRESETS: readonly ApprovalPreset[] = [
  {
    label: "Read Only",
    description: "reads files; asks before editing or running anything that needs more",
    approval: "on-request",
    sandbox: "read-only",
  },
  {
    label: "Auto",
    description: "reads, edits and runs commands in the workspace; asks before going further",
    approval: "on-request",
    sandbox: "workspace-write",
  },
  {
    label: "Ask Every Time",
    description: "asks before any command that is not known to be read-only",
    approval: "untrusted",
    sandbox: "workspace-write",
  },
  {
    label: "Full Access",
    description: "no sandbox and no questions; use with care",
    approval: "never",
    sandbox: "danger-full-access",
  },
];

export function presetIndex(approval: AskForApproval | undefined, sandbox: SandboxMode | undefined): number {
  return APPROVAL_PRESETS.findIndex((p) => p.approval === approval && p.sandbox === sandbox);
}
