// A session's turn defaults and what goes with them: the default turn context (cwd, model, effort, policies,
// collaboration mode), instruction overrides, and the model client of the chosen provider. configure_session,
// override_turn_context and user_turn change them; every later turn starts from them.
import type { ModelAuthHooks } from "../auth/model-auth.js";
import type { Config } from "../config/load.js";
import type { ModelClient } from "../model/model-client.js";
import { contextWindowFor } from "../model/model-info.js";
import type { OpOf } from "../protocol/core-protocol.js";
import { makeModelClient } from "./model-client.js";
import { configuredCollaborationMode } from "./plan-mode/configured-mode.js";
import { applyTurnOverrides, type TurnContext } from "./turn-context.js";
import { featureOn } from "../config/features.js";
import type { Personality } from "../protocol/policies.js";

export interface SessionSettingsOptions {
  config: Config;
  env: NodeJS.ProcessEnv;
  threadId: string;
  originator: string;
  auth?: ModelAuthHooks;
}

/** `personality` from config; `[features] personality = false` leaves it out, as Codex does. */
export function configuredPersonality(toml: Config["toml"]): { personality?: Personality } {
  return toml.personality && featureOn(toml, "personality") ? { personality: toml.personality } : {};
}

export class SessionSettings {
  defaults: TurnContext;
  providerId: string;
  client: ModelClient;
  baseInstructions: string | undefined;
  developerInstructions: string | undefined;
  /** Why the configured collaboration mode was not used, if it was not. */
  readonly configProblem: string | undefined;

  constructor(private readonly options: SessionSettingsOptions) {
    const { config } = options;
    const configuredMode = configuredCollaborationMode(config.toml);
    this.configProblem = configuredMode.problem;
    this.defaults = {
      cwd: config.cwd,
      model: config.model,
      summary: config.reasoningSummary,
      approvalPolicy: config.approvalPolicy,
      sandboxPolicy: config.sandboxPolicy,
      collaborationMode: configuredMode.mode,
      ...(config.reasoningEffort ? { effort: config.reasoningEffort } : {}),
      ...(config.toml.model_verbosity ? { verbosity: config.toml.model_verbosity } : {}),
      ...(config.toml.service_tier ? { serviceTier: config.toml.service_tier } : {}),
      ...configuredPersonality(config.toml),
    };
    this.developerInstructions = config.developerInstructions;
    // A thread's own base instructions (configure_session) still win over model_instructions_file.
    this.baseInstructions = config.baseInstructions;
    this.providerId = config.modelProviderId;
    this.client = this.makeClient(this.providerId);
  }

  /** What a configure_session op sets: the provider (a new client), instructions, turn overrides. */
  configure(op: OpOf<"configure_session">): void {
    if (op.model_provider && op.model_provider !== this.providerId) {
      this.client = this.makeClient(op.model_provider);
      this.providerId = op.model_provider;
    }
    if (op.base_instructions !== undefined) this.baseInstructions = op.base_instructions;
    if (op.user_instructions !== undefined) this.developerInstructions = op.user_instructions;
    this.defaults = applyTurnOverrides(this.defaults, op);
  }

  /** override_turn_context and user_turn: their overrides persist for later turns, as in Codex. */
  override(op: OpOf<"override_turn_context"> | OpOf<"user_turn">): void {
    this.defaults = applyTurnOverrides(this.defaults, op);
  }

  /**
   * The turn a task runs: the defaults, with `plan_mode_reasoning_effort` as the effort of a plan-mode
   * turn unless the turn's own op chose one.
   */
  forTask(explicitEffort: boolean): TurnContext {
    const planEffort = this.options.config.toml.plan_mode_reasoning_effort;
    const turn = this.defaults;
    if (turn.collaborationMode !== "plan" || planEffort === undefined || explicitEffort) return turn;
    return { ...turn, effort: planEffort };
  }

  /** A review's turn: `review_model` when set, else the thread's model. */
  forReview(): TurnContext {
    const model = this.options.config.toml.review_model;
    return model === undefined ? this.defaults : { ...this.defaults, model };
  }

  /** The window of the model a turn uses: configured, else known for that model (it may change per turn). */
  contextWindow(model: string): number | undefined {
    return this.options.config.toml.model_context_window ?? contextWindowFor(model);
  }

  private makeClient(providerId: string): ModelClient {
    return makeModelClient({
      config: this.options.config,
      env: this.options.env,
      providerId,
      threadId: this.options.threadId,
      originator: this.options.originator,
      ...(this.options.auth ? { auth: this.options.auth } : {}),
    });
  }
}
