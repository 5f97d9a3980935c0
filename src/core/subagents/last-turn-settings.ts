// The settings a child's thread last ran with (cwd, approval and sandbox policies), from its rollout: a
// resumed engine starts from the config's defaults, and a child must keep what its parent gave it.
import type { OpOf } from "../../protocol/core-protocol.js";
import { AskForApproval, SandboxPolicy } from "../../protocol/policies.js";
import type { RolloutLine } from "../../rollout/lines.js";

type TurnSettings = Pick<OpOf<"configure_session">, "cwd" | "approval_policy" | "sandbox_policy">;

export function lastTurnSettings(lines: readonly RolloutLine[]): TurnSettings {
  const last = lines.findLast((line) => line.type === "turn_context");
  if (last?.type !== "turn_context") return {};
  const approval = AskForApproval.safeParse(last.payload.approval_policy);
  const sandbox = SandboxPolicy.safeParse(last.payload.sandbox_policy);
  return {
    cwd: last.payload.cwd,
    ...(approval.success ? { approval_policy: approval.data } : {}),
    ...(sandbox.success ? { sandbox_policy: sandbox.data } : {}),
  };
}
