// A Session: the engine's configuration and state for one thread, and at most one running Task.
import { resolveCredentials } from "../auth/credentials.js";
import type { Config } from "../config/load.js";
import { ResponsesClient } from "../model/responses-client.js";
import { resolveProvider } from "../model/providers.js";
import type { Event, KnownEventMsg, OpOf, TokenUsage, UserInputAnswers } from "../protocol/core-protocol.js";
import { userTextMessage } from "../protocol/items.js";
import type { ReviewDecision } from "../protocol/policies.js";
import { detectBwrap } from "../sandbox/detect.js";
import { CommandGate } from "./approvals/command-gate.js";
import { PatchGate } from "./approvals/patch-gate.js";
import type { TurnServices } from "./turn-services.js";
import type { ToolRegistry } from "../tools/registry.js";
import { VERSION } from "../version.js";
import { ConversationHistory } from "./history.js";
import { uuidv7 } from "./ids.js";
import { buildInitialContext, renderEnvironmentContext } from "./initial-context.js";
import { PendingRequests } from "./pending-requests.js";
import { runTask, TaskAbort } from "./task.js";
import type { TurnHost } from "./turn.js";
import { applyTurnOverrides, type TurnContext } from "./turn-context.js";
import { addUsage, ZERO_USAGE } from "./usage.js";

export interface SessionOptions {
  config: Config;
  env: NodeJS.ProcessEnv;
  tools: ToolRegistry;
  originator: () => string;
  emit: (event: Event) => void;
  /** False when nobody can answer questions (exec): request_user_input says so to the model. */
  interactive: boolean;
}

interface RunningTask {
  subId: string;
  controller: AbortController;
  done: Promise<void>;
}

export class Session {
  readonly threadId = uuidv7();
  private defaults: TurnContext;
  private providerId: string;
  private client: ResponsesClient;
  private readonly history = new ConversationHistory();
  private lastEnvironmentContext: string | undefined;
  private running: RunningTask | undefined;
  private readonly execApprovals = new PendingRequests<ReviewDecision>();
  private readonly patchApprovals = new PendingRequests<ReviewDecision>();
  private readonly userInputs = new PendingRequests<UserInputAnswers | undefined>();
  private readonly commandGate: CommandGate;
  private readonly patchGate = new PatchGate();
  private readonly warned = new Set<string>();
  private totalUsage: TokenUsage = ZERO_USAGE;
  private baseInstructions: string | undefined;
  private developerInstructions: string | undefined;

  constructor(private readonly options: SessionOptions) {
    const { config } = options;
    this.defaults = {
      cwd: config.cwd,
      model: config.model,
      summary: config.reasoningSummary,
      approvalPolicy: config.approvalPolicy,
      sandboxPolicy: config.sandboxPolicy,
      collaborationMode: "default",
      ...(config.reasoningEffort ? { effort: config.reasoningEffort } : {}),
    };
    this.developerInstructions = config.developerInstructions;
    this.providerId = config.modelProviderId;
    this.client = this.makeClient(this.providerId);
    this.commandGate = new CommandGate({
      codexHome: config.codexHome,
      parentEnv: options.env,
      ...(config.toml.shell_environment_policy
        ? { shellEnvironmentPolicy: config.toml.shell_environment_policy }
        : {}),
      bwrap: detectBwrap,
      warnOnce: (key, message) => {
        if (this.warned.has(key)) return;
        this.warned.add(key);
        if (this.running) this.emit(this.running.subId, { type: "warning", message });
      },
    });
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Applies a configure_session op (aborting a running task) and announces the result. */
  async configure(subId: string, op: OpOf<"configure_session">): Promise<void> {
    await this.abortRunning("replaced");
    if (op.model_provider && op.model_provider !== this.providerId) {
      this.client = this.makeClient(op.model_provider);
      this.providerId = op.model_provider;
    }
    if (op.base_instructions !== undefined) this.baseInstructions = op.base_instructions;
    if (op.user_instructions !== undefined) this.developerInstructions = op.user_instructions;
    this.defaults = applyTurnOverrides(this.defaults, op);
    this.emit(subId, {
      type: "session_configured",
      session_id: this.threadId,
      model: this.defaults.model,
      model_provider_id: this.providerId,
      reasoning_effort: this.defaults.effort ?? null,
      cwd: this.defaults.cwd,
      approval_policy: this.defaults.approvalPolicy,
      sandbox_policy: this.defaults.sandboxPolicy,
      history_log_id: 0,
      history_entry_count: 0,
      rollout_path: null,
    });
  }

  overrideTurnContext(op: OpOf<"override_turn_context">): void {
    this.defaults = applyTurnOverrides(this.defaults, op);
  }

  /** Starts a task for the input; a task already running is replaced. */
  async startTask(subId: string, op: OpOf<"user_turn"> | OpOf<"user_input">): Promise<void> {
    await this.abortRunning("replaced");
    if (op.type === "user_turn") this.defaults = applyTurnOverrides(this.defaults, op);
    const turn = this.defaults;
    this.recordContext(turn);
    const controller = new AbortController();
    const turnId = uuidv7();
    const host = this.turnHost(subId, controller);
    const done = runTask({
      host,
      turn,
      turnId,
      input: op.items,
      signal: controller.signal,
      ...(op.type === "user_turn" && op.final_output_json_schema !== undefined
        ? { outputSchema: op.final_output_json_schema }
        : {}),
      ...(this.options.config.modelContextWindow !== undefined
        ? { modelContextWindow: this.options.config.modelContextWindow }
        : {}),
      onUsage: (usage) => this.recordUsage(subId, usage),
    }).finally(() => {
      if (this.running?.controller === controller) this.running = undefined;
    });
    this.running = { subId, controller, done };
  }

  interrupt(): boolean {
    if (!this.running) return false;
    this.running.controller.abort(new TaskAbort("interrupted"));
    return true;
  }

  resolveExecApproval(id: string, decision: ReviewDecision): boolean {
    return this.execApprovals.resolve(id, decision);
  }

  resolvePatchApproval(id: string, decision: ReviewDecision): boolean {
    return this.patchApprovals.resolve(id, decision);
  }

  resolveUserInput(id: string, answers: UserInputAnswers): boolean {
    return this.userInputs.resolve(id, answers);
  }

  async shutdown(): Promise<void> {
    await this.abortRunning("interrupted");
  }

  /** Resolves when no task runs. */
  async idle(): Promise<void> {
    await this.running?.done;
  }

  private async abortRunning(reason: "interrupted" | "replaced"): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.controller.abort(new TaskAbort(reason));
    await running.done;
  }

  private recordContext(turn: TurnContext): void {
    const envContext = renderEnvironmentContext(turn);
    if (this.lastEnvironmentContext === undefined) {
      const { config } = this.options;
      this.history.record(
        ...buildInitialContext({
          ...turn,
          codexHome: config.codexHome,
          projectDocMaxBytes: config.projectDocMaxBytes,
          ...(turn.personality ? { personality: turn.personality } : {}),
          ...(this.baseInstructions !== undefined ? { baseInstructionsOverride: this.baseInstructions } : {}),
          ...(this.developerInstructions ? { developerInstructions: this.developerInstructions } : {}),
        }),
      );
    } else if (envContext !== this.lastEnvironmentContext) {
      // The model is told when cwd or policies change between turns.
      this.history.record(userTextMessage(envContext));
    }
    this.lastEnvironmentContext = envContext;
  }

  private recordUsage(subId: string, last: TokenUsage): void {
    this.totalUsage = addUsage(this.totalUsage, last);
    this.emit(subId, {
      type: "token_count",
      info: {
        total_token_usage: this.totalUsage,
        last_token_usage: last,
        model_context_window: this.options.config.modelContextWindow ?? null,
      },
    });
  }

  private turnHost(subId: string, controller: AbortController): TurnHost {
    return {
      threadId: this.threadId,
      client: this.client,
      tools: this.options.tools,
      history: this.history,
      env: this.options.env,
      emit: (msg) => this.emit(subId, msg),
      services: this.turnServices(subId, controller),
    };
  }

  private turnServices(subId: string, controller: AbortController): TurnServices {
    return {
      commands: this.commandGate,
      patches: this.patchGate,
      askExec: (callId, request, signal) => {
        this.emit(subId, {
          type: "exec_approval_request",
          call_id: callId,
          command: request.command,
          cwd: request.cwd,
          reason: request.reason ?? null,
        });
        return this.execApprovals.wait(callId, signal, "abort");
      },
      askPatch: (callId, request, signal) => {
        this.emit(subId, {
          type: "apply_patch_approval_request",
          call_id: callId,
          changes: request.changes,
          reason: request.reason ?? null,
        });
        return this.patchApprovals.wait(callId, signal, "abort");
      },
      askUser: (callId, turnId, questions, signal) => {
        if (!this.options.interactive) return Promise.resolve(undefined);
        this.emit(subId, { type: "request_user_input", call_id: callId, turn_id: turnId, questions });
        return this.userInputs.wait(callId, signal, undefined);
      },
      abortTask: () => controller.abort(new TaskAbort("interrupted")),
    };
  }

  private makeClient(providerId: string): ResponsesClient {
    const { config, env } = this.options;
    const provider =
      providerId === config.modelProviderId ? config.provider : resolveProvider(providerId, config.toml, env);
    return new ResponsesClient(provider, () => resolveCredentials(provider, config.codexHome, env), {
      originator: this.options.originator(),
      userAgent: `codex-ts/${VERSION} (${process.platform} ${process.arch}; node ${process.versions.node})`,
      sessionId: this.threadId,
    });
  }

  private emit(subId: string, msg: KnownEventMsg): void {
    this.options.emit({ id: subId, msg });
  }
}
