// The collaboration mode a session starts in: `collaboration_mode = "plan"` in config (or `-c
// collaboration_mode=plan`, which is how `codex-ts exec` runs a plan-mode turn). Ops may change it per turn.
import { CollaborationModeKind } from "../../protocol/policies.js";

export function configuredCollaborationMode(toml: Readonly<Record<string, unknown>>): {
  mode: CollaborationModeKind;
  problem?: string;
} {
  const value = toml.collaboration_mode;
  if (value === undefined) return { mode: "default" };
  const parsed = CollaborationModeKind.safeParse(value);
  if (parsed.success) return { mode: parsed.data };
  return {
    mode: "default",
    problem: `config collaboration_mode: expected "default" or "plan", got ${JSON.stringify(value)}; using "default"`,
  };
}
