// The `/status` report: the session's settings, token usage and thread id, as labelled rows.
import { approvalPolicyLabel, type SandboxPolicy } from "../../../protocol/policies.js";
import { tildePath } from "../render/tilde-path.js";
import type { NewCell } from "../state/cells.js";
import { contextLeftPercent, formatTokens } from "../state/context-left.js";
import type { TuiState } from "../state/tui-state.js";

export function describeSandbox(policy: SandboxPolicy): string {
  if (policy.type !== "workspace-write") return policy.type;
  const extras = [policy.network_access ? "network on" : "network off"];
  if (policy.writable_roots.length > 0) extras.push(`also writes ${policy.writable_roots.join(", ")}`);
  return `workspace-write (${extras.join("; ")})`;
}

export function statusCard(state: TuiState, version: string): Extract<NewCell, { kind: "status_card" }> {
  const s = state.session;
  const rows: Array<[string, string]> = [];
  if (s) {
    rows.push(
      ["Model", s.effort ? `${s.model} (reasoning ${s.effort})` : s.model],
      ["Provider", s.providerId],
      ["Directory", tildePath(s.cwd)],
      ["Sandbox", describeSandbox(s.sandboxPolicy)],
      ["Approval policy", approvalPolicyLabel(s.approvalPolicy)],
    );
  }
  rows.push(["Collaboration mode", state.collaborationMode]);
  const total = state.tokens?.total;
  rows.push([
    "Tokens used",
    total
      ? `${formatTokens(total.total_tokens)} (input ${formatTokens(total.input_tokens)}, cached ${formatTokens(total.cached_input_tokens)}, output ${formatTokens(total.output_tokens)})`
      : "0",
  ]);
  const left = contextLeftPercent(state.tokens, state.contextWindow);
  const window = state.tokens?.contextWindow ?? state.contextWindow;
  rows.push(["Context left", left === undefined ? "unknown" : `${left}% of ${formatTokens(window ?? 0)}`]);
  rows.push(["Thread id", s?.threadId ?? "(not started)"]);
  return { kind: "status_card", title: `codex-ts v${version}`, rows };
}
