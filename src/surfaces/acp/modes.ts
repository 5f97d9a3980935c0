// Session modes (the approval presets and plan mode) and config options (the model) of an ACP session.
import type { SessionConfigOption, SessionMode, SessionModeState } from "@agentclientprotocol/sdk";
import type { Config } from "../../config/load.js";
import type { OpOf } from "../../protocol/core-protocol.js";
import {
  approvalPolicyLabel,
  sandboxPolicyFromMode,
  type ApprovalMode,
  type SandboxMode,
} from "../../protocol/policies.js";
import { builtInModels } from "../app-server/model-list.js";

type TurnSettings = Pick<OpOf<"user_turn">, "approval_policy" | "sandbox_policy" | "collaboration_mode">;

interface Preset {
  mode: SessionMode;
  sandbox: SandboxMode;
  approval: ApprovalMode;
  plan?: boolean;
}

const PRESETS: Preset[] = [
  {
    mode: {
      id: "read-only",
      name: "Read Only",
      description: "Reads files; asks before editing or running commands.",
    },
    sandbox: "read-only",
    approval: "on-request",
  },
  {
    mode: {
      id: "auto",
      name: "Auto",
      description: "Edits and runs commands in the workspace; asks to go beyond it.",
    },
    sandbox: "workspace-write",
    approval: "on-request",
  },
  {
    mode: {
      id: "full-access",
      name: "Full Access",
      description: "No sandbox and no approvals. Use with care.",
    },
    sandbox: "danger-full-access",
    approval: "never",
  },
  {
    mode: {
      id: "plan",
      name: "Plan",
      description: "Explores read-only and proposes a plan before changing anything.",
    },
    sandbox: "read-only",
    approval: "on-request",
    plan: true,
  },
];

/** The modes of one session: the presets, plus the configured policies when they match none of them. */
export class SessionModes {
  private current: string;
  private readonly custom: SessionMode | undefined;

  constructor(private readonly config: Config) {
    const match = PRESETS.find(
      (p) => !p.plan && p.sandbox === config.sandboxPolicy.type && p.approval === config.approvalPolicy,
    );
    this.custom = match
      ? undefined
      : {
          id: "config",
          name: "As configured",
          description: `sandbox ${config.sandboxPolicy.type}, approvals ${approvalPolicyLabel(config.approvalPolicy)}`,
        };
    this.current = match?.mode.id ?? "config";
  }

  get currentId(): string {
    return this.current;
  }

  state(): SessionModeState {
    return {
      currentModeId: this.current,
      availableModes: [...PRESETS.map((p) => p.mode), ...(this.custom ? [this.custom] : [])],
    };
  }

  /** False for a mode this session does not have. */
  set(id: string): boolean {
    if (id !== this.custom?.id && !PRESETS.some((p) => p.mode.id === id)) return false;
    this.current = id;
    return true;
  }

  /** What a turn in the current mode runs with. */
  turnSettings(): TurnSettings {
    const preset = PRESETS.find((p) => p.mode.id === this.current);
    if (!preset) {
      return {
        approval_policy: this.config.approvalPolicy,
        sandbox_policy: this.config.sandboxPolicy,
        collaboration_mode: "default",
      };
    }
    // A configured workspace-write policy keeps its extra roots and network setting.
    const sandbox =
      preset.sandbox === this.config.sandboxPolicy.type
        ? this.config.sandboxPolicy
        : sandboxPolicyFromMode(preset.sandbox);
    return {
      approval_policy: preset.approval,
      sandbox_policy: sandbox,
      collaboration_mode: preset.plan ? "plan" : "default",
    };
  }
}

export const MODEL_OPTION = "model";

/** The model selector: the built-in models, and the configured one when it is not among them. */
export function configOptions(config: Config, model: string): SessionConfigOption[] {
  const models = builtInModels(config.model).map((m) => ({
    value: m.id,
    name: m.displayName,
    description: m.description,
  }));
  if (!models.some((m) => m.value === model)) models.unshift({ value: model, name: model, description: "" });
  return [
    {
      id: MODEL_OPTION,
      name: "Model",
      category: "model",
      type: "select",
      currentValue: model,
      options: models,
    },
  ];
}
