// The settings one turn runs with. Ops may override them per turn; the overrides persist for later turns.
import type { CyberAccessProgram, OpOf } from "../protocol/core-protocol.js";
import type {
  AskForApproval,
  CollaborationModeKind,
  Personality,
  ReasoningEffort,
  ReasoningSummary,
  SandboxPolicy,
} from "../protocol/policies.js";

export interface TurnContext {
  cwd: string;
  model: string;
  effort?: ReasoningEffort;
  summary: ReasoningSummary;
  approvalPolicy: AskForApproval;
  sandboxPolicy: SandboxPolicy;
  collaborationMode: CollaborationModeKind;
  personality?: Personality;
  /** `model_verbosity`: the request's `text.verbosity`. */
  verbosity?: "low" | "medium" | "high";
  /** `service_tier`: the request's `service_tier` (see request.ts). */
  serviceTier?: string;
  /** The turn's own Cyber access program (never carried to later turns): `access_programs.cyber`. */
  cyberAccessProgram?: CyberAccessProgram;
}

type TurnOverrides = Partial<
  Pick<
    OpOf<"override_turn_context">,
    | "cwd"
    | "model"
    | "effort"
    | "summary"
    | "approval_policy"
    | "sandbox_policy"
    | "collaboration_mode"
    | "personality"
    | "service_tier"
  >
>;

export function applyTurnOverrides(base: TurnContext, o: TurnOverrides): TurnContext {
  const next: TurnContext = { ...base };
  if (o.cwd !== undefined) next.cwd = o.cwd;
  if (o.model !== undefined) next.model = o.model;
  if (o.effort === null) delete next.effort;
  else if (o.effort !== undefined) next.effort = o.effort;
  if (o.summary !== undefined) next.summary = o.summary;
  if (o.approval_policy !== undefined) next.approvalPolicy = o.approval_policy;
  if (o.sandbox_policy !== undefined) next.sandboxPolicy = o.sandbox_policy;
  if (o.collaboration_mode !== undefined) next.collaborationMode = o.collaboration_mode;
  if (o.personality !== undefined) next.personality = o.personality;
  if (o.service_tier === null) delete next.serviceTier;
  else if (o.service_tier !== undefined) next.serviceTier = o.service_tier;
  return next;
}

/**
 * A user turn's Cyber access program, for that turn only. Only OpenAI's own API (the built-in `openai`
 * provider) is asked; with another provider nothing is sent and nothing said, as Codex does.
 */
export function withCyberProgram(
  turn: TurnContext,
  program: CyberAccessProgram | undefined,
  providerId: string,
): TurnContext {
  return program && providerId === "openai" ? { ...turn, cyberAccessProgram: program } : turn;
}
