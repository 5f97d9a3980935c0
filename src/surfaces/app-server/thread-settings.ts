// The settings a thread's next turn runs with, as thread/settings/updated reports them. Codex 0.169 sends
// that notification when a turn/start leaves the thread with settings other than it had: a turn's
// overrides persist for the turns after it, so every subscriber learns what the thread now uses.
import { isDeepStrictEqual } from "node:util";
import type { EventMsgOf, OpOf } from "../../protocol/core-protocol.js";
import type { CollaborationModeKind } from "../../protocol/policies.js";
import type { MultiAgentMode, ThreadSettings } from "../../protocol/app-server/v2/thread.js";
import { readPackageFile } from "../../core/package-files.js";
import { toWireApproval, toWireSandbox } from "./wire-conversions.js";

type TurnOverrides = Omit<OpOf<"user_turn">, "type" | "items">;

/** The engine-side values the overrides of a user_turn can change. */
interface Current {
  cwd: string;
  approval: OpOf<"user_turn">["approval_policy"] & {};
  sandbox: OpOf<"user_turn">["sandbox_policy"] & {};
  model: string;
  effort: ThreadSettings["effort"];
  summary: ThreadSettings["summary"];
  personality: ThreadSettings["personality"];
  mode: CollaborationModeKind;
  serviceTier: string | null;
}

/** What plan mode tells the model (the engine's own developer message); the default mode adds none. */
function modeInstructions(mode: CollaborationModeKind): string | null {
  return mode === "plan" ? readPackageFile("prompts/collaboration_mode/plan.md").trimEnd() : null;
}

export class ThreadSettingsTracker {
  private current: Current;

  constructor(
    private readonly threadId: string,
    private readonly session: EventMsgOf<"session_configured">,
    configure: Pick<TurnOverrides, "personality" | "summary">,
    mode: CollaborationModeKind,
    /** The config's `approvals_reviewer`. */
    private readonly approvalsReviewer: "user" | "auto_review" | "guardian_subagent" = "user",
    /** The config's permission profile: reported while the thread keeps the sandbox it made. */
    private readonly permissionProfile?: { id: string; extends: string | null },
    /** "proactive" when the subagent tools are offered (their description invites parallel use). */
    private readonly multiAgentMode: MultiAgentMode = "explicitRequestOnly",
  ) {
    this.current = {
      cwd: session.cwd,
      approval: session.approval_policy,
      sandbox: session.sandbox_policy,
      model: session.model,
      effort: session.reasoning_effort ?? null,
      summary: configure.summary ?? null,
      personality: configure.personality ?? null,
      mode,
      serviceTier: session.service_tier ?? null,
    };
  }

  /**
   * Applies a turn's overrides; returns the notification when they change what the thread uses, else
   * undefined (an override equal to the current value changes nothing, as in Codex).
   */
  apply(op: TurnOverrides): { threadId: string; threadSettings: ThreadSettings } | undefined {
    const before = this.wire();
    const c = this.current;
    this.current = {
      cwd: op.cwd ?? c.cwd,
      approval: op.approval_policy ?? c.approval,
      sandbox: op.sandbox_policy ?? c.sandbox,
      model: op.model ?? c.model,
      effort: op.effort ?? c.effort,
      summary: op.summary ?? c.summary,
      personality: op.personality ?? c.personality,
      mode: op.collaboration_mode ?? c.mode,
      serviceTier: op.service_tier === undefined ? c.serviceTier : op.service_tier,
    };
    const after = this.wire();
    return isDeepStrictEqual(before, after) ? undefined : { threadId: this.threadId, threadSettings: after };
  }

  /** The settings in Codex's field order. */
  wire(): ThreadSettings {
    const c = this.current;
    return {
      disabledPluginIds: [],
      cwd: c.cwd,
      environments: [{ environmentId: "local", cwd: c.cwd, runtimeWorkspaceRoots: [c.cwd] }],
      approvalPolicy: toWireApproval(c.approval),
      approvalsReviewer: this.approvalsReviewer,
      sandboxPolicy: toWireSandbox(c.sandbox),
      activePermissionProfile:
        this.permissionProfile && isDeepStrictEqual(c.sandbox, this.session.sandbox_policy)
          ? this.permissionProfile
          : null,
      model: c.model,
      modelProvider: this.session.model_provider_id,
      serviceTier: c.serviceTier,
      effort: c.effort,
      summary: c.summary,
      collaborationMode: {
        mode: c.mode,
        settings: {
          model: c.model,
          reasoning_effort: c.effort,
          developer_instructions: modeInstructions(c.mode),
        },
      },
      personality: c.personality,
      multiAgentMode: this.multiAgentMode,
    };
  }
}
