// What a /model or /approvals choice does: the op for the engine, the change to the session shown, and the
// note printed. Pure, so the app only carries it out.
import type { Config } from "../../../config/load.js";
import type { OpOf } from "../../../protocol/core-protocol.js";
import { sandboxPolicyFromMode, type ReasoningEffort } from "../../../protocol/policies.js";
import type { ApprovalPreset } from "../slash/approval-presets.js";
import type { NewCell } from "../state/cells.js";
import type { TuiAction } from "../state/tui-reducer.js";

export interface SettingsChange {
  op: OpOf<"override_turn_context">;
  action: TuiAction;
  notice: NewCell;
}

export function modelChange(model: string, effort: ReasoningEffort | undefined): SettingsChange {
  return {
    op: { type: "override_turn_context", model, effort: effort ?? null },
    action: { type: "turn_context_overridden", model, effort: effort ?? null },
    notice: {
      kind: "notice",
      level: "info",
      text: `Model changed to ${model}${effort ? ` (reasoning ${effort})` : ""}.`,
    },
  };
}

export function approvalsChange(preset: ApprovalPreset, config: Config): SettingsChange {
  const ww = config.toml.sandbox_workspace_write ?? {};
  const sandboxPolicy = sandboxPolicyFromMode(preset.sandbox, {
    ...(ww.writable_roots ? { writable_roots: ww.writable_roots } : {}),
    ...(ww.network_access !== undefined ? { network_access: ww.network_access } : {}),
    ...(ww.allowed_domains !== undefined ? { allowed_domains: ww.allowed_domains } : {}),
  });
  return {
    op: { type: "override_turn_context", approval_policy: preset.approval, sandbox_policy: sandboxPolicy },
    action: { type: "turn_context_overridden", approvalPolicy: preset.approval, sandboxPolicy },
    notice: {
      kind: "notice",
      level: "info",
      text: `Approval mode: ${preset.label} (approval ${preset.approval}, sandbox ${preset.sandbox}).`,
    },
  };
}
