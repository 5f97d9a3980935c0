// A Session: the engine's configuration and state for one thread, and at most one running Task.
import type { ModelAuthHooks } from "../auth/model-auth.js";
import type { Config } from "../config/load.js";
import type { ResponsesClient } from "../model/responses-client.js";
import type { Event, KnownEventMsg, OpOf, TokenUsage, UserInputAnswers } from "../protocol/core-protocol.js";
import { userTextMessage } from "../protocol/items.js";
import type { ReviewDecision } from "../protocol/policies.js";
import { detectBwrap } from "../sandbox/detect.js";
import type { ToolSet } from "../tools/tool-set.js";
import { CommandGate } from "./approvals/command-gate.js";
import { PatchGate } from "./approvals/patch-gate.js";
import { ConversationHistory } from "./history.js";
import { uuidv7 } from "./ids.js";
import { buildInitialContext, renderEnvironmentContext } from "./initial-context.js";
import { makeModelClient } from "./model-client.js";
import type { ThreadSeed } from "./open-thread.js";
import { PendingRequests } from "./pending-requests.js";
import { runTask, TaskAbort } from "./task.js";
import { ThreadIndexUpdater } from "./thread-index-updater.js";
import type { ThreadRollout } from "./thread-rollout.js";
import type { TurnHost } from "./turn.js";
import { applyTurnOverrides, type TurnContext } from "./turn-context.js";
import type { TurnServices } from "./turn-services.js";
import { addUsage, ZERO_USAGE } from "./usage.js";

export interface SessionOptions {
  config: Config;
  env: NodeJS.ProcessEnv;
  tools: ToolSet;
  originator: string;
  emit: (event: Event) => void;
  /** False when nobody can answer questions (exec): request_user_input says so to the model. */
  interactive: boolean;
  /** The thread: new, resumed or forked, with its rollout. */
  seed: ThreadSeed;
  /** Credentials a surface hands in, and a refresh on 401 (app-server external tokens). */
  auth?: ModelAuthHooks;
}

interface RunningTask {
  subId: string;
  controller: AbortController;
  done: Promise<void>;
}

const ENVIRONMENT_CONTEXT_OPEN = "<environment_context>";

export class Session {
  readonly threadId: string;
  private defaults: TurnContext;
  private providerId: string;
  private client: ResponsesClient;
  private readonly history: ConversationHistory;
  private readonly rollout: ThreadRollout;
  private readonly index: ThreadIndexUpdater;
  private lastEnvironmentContext: string | undefined;
  private running: RunningTask | undefined;
  private rollingBack = false;
  private readonly execApprovals = new PendingRequests<ReviewDecision>();
  private readonly patchApprovals = new PendingRequests<ReviewDecision>();
  private readonly userInputs = new PendingRequests<UserInputAnswers | undefined>();
  private readonly commandGate: CommandGate;
  private readonly patchGate = new PatchGate();
  private readonly warned = new Set<string>();
  private totalUsage: TokenUsage = ZERO_USAGE;
  private baseInstructions: string | undefined;
  private developerInstructions: string | undefined;
  /** The submission whose events carry session-level warnings when no task runs. */
  private lastSubId = "";

  constructor(private readonly options: SessionOptions) {
    const { config, seed } = options;
    this.threadId = seed.id;
    this.rollout = seed.rollout;
    this.history = new ConversationHistory(seed.history, (items) => this.rollout.recordItems(items));
    this.lastEnvironmentContext = this.history.lastUserTextStartingWith(ENVIRONMENT_CONTEXT_OPEN);
    this.index = new ThreadIndexUpdater(config.codexHome, (message) =>
      this.warnOnce(`index:${message}`, message),
    );
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
      warnOnce: (key, message) => this.warnOnce(key, message),
    });
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  get rolloutPath(): string {
    return this.rollout.path;
  }

  /** Applies a configure_session op (aborting a running task) and announces the result. */
  async configure(subId: string, op: OpOf<"configure_session">): Promise<void> {
    this.lastSubId = subId;
    await this.abortRunning("replaced");
    if (op.model_provider && op.model_provider !== this.providerId) {
      this.client = this.makeClient(op.model_provider);
      this.providerId = op.model_provider;
    }
    if (op.base_instructions !== undefined) this.baseInstructions = op.base_instructions;
    if (op.user_instructions !== undefined) this.developerInstructions = op.user_instructions;
    this.defaults = applyTurnOverrides(this.defaults, op);
    for (const warning of this.options.seed.warnings) this.warnOnce(warning, warning);
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
      history_entry_count: this.options.seed.replay?.turns.length ?? 0,
      rollout_path: this.rollout.path,
      forked_from_id: this.options.seed.forkedFromId ?? null,
    });
  }

  overrideTurnContext(op: OpOf<"override_turn_context">): void {
    this.defaults = applyTurnOverrides(this.defaults, op);
  }

  /** Starts a task for the input; a task already running is replaced. */
  async startTask(subId: string, op: OpOf<"user_turn"> | OpOf<"user_input">): Promise<void> {
    this.lastSubId = subId;
    await this.abortRunning("replaced");
    if (op.type === "user_turn") this.defaults = applyTurnOverrides(this.defaults, op);
    const turn = this.defaults;
    this.recordContext(turn);
    this.rollout.recordTurnContext(turn);
    this.index.prepare();
    const controller = new AbortController();
    const done = runTask({
      host: this.turnHost(subId, controller),
      turn,
      turnId: uuidv7(),
      input: op.items,
      signal: controller.signal,
      ...(op.type === "user_turn" && op.final_output_json_schema !== undefined
        ? { outputSchema: op.final_output_json_schema }
        : {}),
      ...(this.options.config.modelContextWindow !== undefined
        ? { modelContextWindow: this.options.config.modelContextWindow }
        : {}),
      onUsage: (usage) => this.recordUsage(subId, usage),
    }).finally(async () => {
      if (this.running?.controller === controller) this.running = undefined;
      await this.rollout.flush();
      this.touchIndex();
    });
    this.running = { subId, controller, done };
  }

  /**
   * Drops the last `numTurns` turns from the model's context by recording a marker (the file is never
   * rewritten), then rebuilds the history exactly as a resume would.
   */
  async rollback(subId: string, numTurns: number): Promise<void> {
    this.lastSubId = subId;
    if (this.running || this.rollingBack) {
      const why = this.running ? "a turn is running" : "another rollback is in progress";
      this.emit(subId, {
        type: "error",
        message: `cannot roll back: ${why}`,
        codex_error_info: "thread_rollback_failed",
      });
      return;
    }
    this.rollingBack = true;
    try {
      this.emit(subId, { type: "thread_rolled_back", num_turns: numTurns });
      await this.rollout.flush();
      this.history.replaceAll(this.rollout.replay().history);
      this.lastEnvironmentContext = this.history.lastUserTextStartingWith(ENVIRONMENT_CONTEXT_OPEN);
      this.touchIndex();
    } finally {
      this.rollingBack = false;
    }
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
    await this.options.tools.close();
    await this.rollout.close();
    if (this.rollout.hasLines) this.touchIndex();
    await this.index.close();
  }

  private touchIndex(): void {
    const { warnings } = this.options.seed;
    const problem = warnings.length > 0 ? `${warnings.length} damaged line(s): ${warnings.join("; ")}` : null;
    this.index.update(this.rollout.summary(problem));
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
    if (this.history.length === 0) {
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
      // The model is told when cwd or policies change between turns (or since the thread was resumed).
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
      tools: this.options.tools.registry,
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
    return makeModelClient({
      config: this.options.config,
      env: this.options.env,
      providerId,
      threadId: this.threadId,
      originator: this.options.originator,
      ...(this.options.auth ? { auth: this.options.auth } : {}),
    });
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.emit(this.running?.subId ?? this.lastSubId, { type: "warning", message });
  }

  private emit(subId: string, msg: KnownEventMsg): void {
    this.rollout.recordEvent(msg);
    this.options.emit({ id: subId, msg });
  }
}
