// A Session: the engine's configuration and state for one thread, and at most one running Task.
import type { ReplayedTurn } from "../rollout/replay.js";
import type { ModelAuthHooks } from "../auth/model-auth.js";
import type { Config } from "../config/load.js";
import type { Event, KnownEventMsg, OpOf, PlanStep, UserInputAnswers } from "../protocol/core-protocol.js";
import { TokenUsage } from "../protocol/core-protocol.js";
import type { ResponseItem } from "../protocol/items.js";
import type { ReviewDecision } from "../protocol/policies.js";
import type { EngineParts } from "./engine-parts.js";
import type { SessionMcp } from "./mcp-api/session-mcp.js";
import type { ToolSet } from "./tool-api/tool-set.js";
import type { ClientIo } from "./tool-api/client-io.js";
import type { ConnectorInfo, McpServerStatus } from "./mcp-api/types.js";
import type { UserInputItem } from "../protocol/user-input.js";
import type { CommandGate } from "./approvals/command-gate.js";
import { sessionCommandGate } from "./approvals/session-command-gate.js";
import type { Policy } from "../execpolicy/policy.js";
import { PatchGate } from "./approvals/patch-gate.js";
import { Compactor } from "./compaction/compactor.js";
import { autoCompactLimit } from "./compaction/context-meter.js";
import { ConversationHistory } from "./history.js";
import { historyEvents } from "./items/legacy-events.js";
import { ItemTracker } from "./items/item-tracker.js";
import { SkillsManager } from "../skills/skills-manager.js";
import type { ThreadSeed } from "./open-thread.js";
import { ClientRequests } from "./client-requests.js";
import {
  compactionTask,
  reviewTask,
  turnHostFor,
  userTurnTask,
  type TaskEnv,
  type TurnHostParts,
} from "./session-tasks.js";
import { TaskSlot } from "./task-slot.js";
import { ContextRecorder } from "./context-recorder.js";
import { runUserShell } from "./user-shell.js";
import { uuidv7 } from "./ids.js";
import { ThreadIndexUpdater } from "./thread-index-updater.js";
import type { ThreadRollout } from "./thread-rollout.js";
import type { TurnContext } from "./turn-context.js";
import { addUsage, ZERO_USAGE } from "./usage.js";
import { SessionSettings } from "./session-settings.js";
import { hooksEnabled, permissionModeOf, SessionHooks } from "./hooks/session-hooks.js";
import type { HookSource } from "./hooks/hook-source.js";
import { SessionHookWiring } from "./hooks/turn-hooks.js";

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
  /** Skills per cwd, shared with `list_skills` (one per session when absent). */
  skills?: SkillsManager;
  /** Command rules (`rules/*.rules`); none when absent. */
  rules?: Policy;
  /** File and terminal access the client offers the tools (ACP editors). */
  clientIo?: ClientIo;
  /** Starts the session's MCP servers (mcp/ sits above core, so it is handed in). */
  openSessionMcp: EngineParts["openSessionMcp"];
  /** A subagent's session: its hooks are SubagentStart / SubagentStop instead of SessionStart / Stop. */
  subagent?: { agentType: string };
  /** Started from a running session by the user (/new): SessionStart's source is `clear`. */
  clearedSession?: boolean;
  /** Hook sources beyond the config layers' (installed plugins). */
  hookSources?: readonly HookSource[];
}

export class Session {
  readonly threadId: string;
  /** Turn defaults, instructions and the model client (session-settings.ts). */
  private readonly settings: SessionSettings;
  private readonly history: ConversationHistory;
  private readonly rollout: ThreadRollout;
  private readonly index: ThreadIndexUpdater;
  /** What the model is told before each task's input (context-recorder.ts). */
  private readonly context: ContextRecorder;
  /** The running task, at most one (task-slot.ts); what each kind of task does is session-tasks.ts. */
  private readonly tasks = new TaskSlot();
  private readonly taskEnv: TaskEnv;
  private rollingBack = false;
  private readonly requests: ClientRequests;
  private readonly commandGate: CommandGate;
  private readonly patchGate = new PatchGate();
  private readonly warned = new Set<string>();
  private totalUsage: TokenUsage = ZERO_USAGE;
  /** The submission whose events carry session-level warnings when no task runs. */
  private lastSubId = "";
  /** The session's MCP servers, started by the first configure_session (none when the config has none). */
  private mcp: SessionMcp | undefined;
  private readonly compactor: Compactor;
  /** The latest update_plan, restated after a compaction. */
  private latestPlan: PlanStep[] | undefined;
  /** Makes the turn's items from what the engine emits (core/items/item-tracker.ts). */
  private readonly items: ItemTracker;
  /** Lifecycle hooks (undefined with `[features] hooks = false`). */
  readonly hooks: SessionHooks | undefined;

  /** A resumed or forked thread's earlier turns as read from its rollout (empty for a new thread). */
  get replayedTurns(): readonly ReplayedTurn[] {
    return this.options.seed.replay?.turns ?? [];
  }

  constructor(private readonly options: SessionOptions) {
    const { config, seed } = options;
    this.requests = new ClientRequests(options.interactive);
    this.threadId = seed.id;
    this.items = new ItemTracker(seed.id);
    this.rollout = seed.rollout;
    this.history = new ConversationHistory(seed.history, (items) => this.rollout.recordItems(items));
    // A resumed thread counts on from the totals its last token_count recorded.
    const info = (seed.replay?.lastTokenCount as { info?: { total_token_usage?: unknown } } | undefined)
      ?.info;
    const resumedTotal = TokenUsage.safeParse(info?.total_token_usage);
    if (resumedTotal.success) this.totalUsage = resumedTotal.data;
    this.index = new ThreadIndexUpdater(config, (message) => this.warnOnce(`index:${message}`, message));
    this.settings = new SessionSettings({
      config,
      env: options.env,
      threadId: this.threadId,
      originator: options.originator,
      ...(options.auth ? { auth: options.auth } : {}),
    });
    this.context = new ContextRecorder(
      this.history,
      options.skills ?? new SkillsManager(config.codexHome),
      this.settings,
      config,
      seed.replay ? { lastTurnContext: seed.replay.lastTurnContext, history: seed.history } : undefined,
    );
    this.compactor = new Compactor({
      threadId: this.threadId,
      history: this.history,
      rollout: this.rollout,
      client: () => this.settings.client,
      latestPlan: () => this.latestPlan,
      ...(config.compactPrompt !== undefined ? { prompt: config.compactPrompt } : {}),
      autoLimit: (model) =>
        autoCompactLimit(config.toml.model_auto_compact_token_limit, this.settings.contextWindow(model)),
      hooks: {
        before: (trigger, cwd, signal) =>
          this.hooks?.preCompact(trigger, { cwd, turnId: null, signal }) ?? Promise.resolve(),
        after: (trigger, cwd, signal) =>
          this.hooks?.postCompact(trigger, { cwd, turnId: null, signal }) ?? Promise.resolve(),
      },
    });
    this.hooks = hooksEnabled(config)
      ? new SessionHooks({
          config,
          env: options.env,
          threadId: this.threadId,
          transcriptPath: this.rollout.path,
          ...(options.hookSources ? { extraSources: options.hookSources } : {}),
          model: () => this.settings.defaults.model,
          permissionMode: () => permissionModeOf(this.settings.defaults),
          emit: (msg) => this.emit(this.tasks.subId ?? this.lastSubId, msg),
          warnOnce: (key, message) => this.warnOnce(key, message),
        })
      : undefined;
    this.commandGate = sessionCommandGate({
      config,
      env: options.env,
      ...(options.rules ? { rules: options.rules } : {}),
      warnOnce: (key, message) => this.warnOnce(key, message),
      warn: (message) => this.emit(this.tasks.subId ?? this.lastSubId, { type: "warning", message }),
    });
    const hooks = this.hooks
      ? new SessionHookWiring(this.hooks, {
          ...(options.subagent ? { subagentType: options.subagent.agentType } : {}),
          resumed: options.seed.replay !== undefined,
          cleared: options.clearedSession === true,
          cwd: () => this.settings.defaults.cwd,
        })
      : undefined;
    this.taskEnv = {
      threadId: this.threadId,
      config,
      settings: this.settings,
      compactor: this.compactor,
      context: this.context,
      steering: this.tasks.steering,
      turnHost: (subId, controller) =>
        turnHostFor(
          {
            threadId: this.threadId,
            client: this.settings.client,
            tools: options.tools.registry,
            history: this.history,
            env: options.env,
            codexHome: config.codexHome,
            ...(config.toml.show_raw_agent_reasoning ? { showRawReasoning: true } : {}),
            ...(config.toml.tool_output_token_limit !== undefined
              ? { toolOutputTokenLimit: config.toml.tool_output_token_limit }
              : {}),
            meter: this.compactor.meter,
            commands: this.commandGate,
            patches: this.patchGate,
            requests: this.requests,
            emit: (msg) => this.emit(subId, msg),
            ...autoReviewPart(config, () => this.settings.defaults),
            ...(options.clientIo ? { clientIo: options.clientIo } : {}),
            ...hooks?.turnParts(),
          },
          controller,
        ),
      mcp: () => this.mcp,
      recordUsage: (subId, usage) => this.recordUsage(subId, usage),
      warnOnce: (key, message) => this.warnOnce(key, message),
      emit: (subId, msg) => this.emit(subId, msg),
      ...(hooks ? { hooks: (cwd: string) => hooks.forTask(cwd) } : {}),
    };
  }

  get isRunning(): boolean {
    return this.tasks.isRunning;
  }

  get rolloutPath(): string {
    return this.rollout.path;
  }

  /** The working directory the next turn runs in. */
  get cwd(): string {
    return this.settings.defaults.cwd;
  }

  /** Applies a configure_session op (aborting a running task) and announces the result. */
  async configure(subId: string, op: OpOf<"configure_session">): Promise<void> {
    this.lastSubId = subId;
    this.mcp ??= this.openMcp();
    await this.tasks.abort("replaced");
    this.settings.configure(op);
    for (const warning of this.options.seed.warnings) this.warnOnce(warning, warning);
    if (this.settings.configProblem) this.warnOnce(this.settings.configProblem, this.settings.configProblem);
    const { replay } = this.options.seed;
    this.emit(subId, {
      type: "session_configured",
      session_id: this.threadId,
      model: this.settings.defaults.model,
      model_provider_id: this.settings.providerId,
      reasoning_effort: this.settings.defaults.effort ?? null,
      service_tier: this.settings.defaults.serviceTier ?? null,
      cwd: this.settings.defaults.cwd,
      approval_policy: this.settings.defaults.approvalPolicy,
      sandbox_policy: this.settings.defaults.sandboxPolicy,
      history_log_id: 0,
      history_entry_count: this.options.seed.replay?.turns.length ?? 0,
      rollout_path: this.rollout.path,
      forked_from_id: this.options.seed.forkedFromId ?? null,
      ...(replay ? { initial_messages: historyEvents(replay, this.threadId) } : {}),
    });
    this.hooks?.reportUntrusted();
  }

  overrideTurnContext(op: OpOf<"override_turn_context">): void {
    this.settings.override(op);
  }

  /** Starts a task for the input; a task already running is replaced. */
  async startTask(subId: string, op: OpOf<"user_turn"> | OpOf<"user_input">): Promise<void> {
    this.lastSubId = subId;
    await this.tasks.abort("replaced");
    if (op.type === "user_turn") this.settings.override(op);
    const explicitEffort = op.type === "user_turn" && op.effort !== undefined;
    const turn = this.settings.forTask(explicitEffort);
    this.context.record(turn);
    this.launch(subId, turn, (controller) => userTurnTask(this.taskEnv, subId, op, turn, controller));
  }

  /** Runs a code review as a task of its own (the `review` op); a task already running is replaced. */
  async startReview(subId: string, op: OpOf<"review">): Promise<void> {
    this.lastSubId = subId;
    await this.tasks.abort("replaced");
    const turn = this.settings.forReview();
    this.launch(subId, turn, (controller) => reviewTask(this.taskEnv, subId, op, turn, controller));
  }

  /**
   * Runs the user's own shell command as a turn of its own (the `run_user_shell_command` op). Refused while
   * a task runs: the command's record would land in the middle of that task's history.
   */
  startUserShell(subId: string, op: OpOf<"run_user_shell_command">): void {
    this.lastSubId = subId;
    if (this.tasks.isRunning || this.rollingBack) {
      this.emit(subId, { type: "error", message: "a turn is running: wait for it or interrupt it first" });
      return;
    }
    const turn = this.settings.defaults;
    this.context.record(turn);
    this.launch(subId, turn, (controller) =>
      runUserShell({
        command: op.command,
        cwd: turn.cwd,
        env: this.commandGate.commandEnv(),
        turnId: uuidv7(),
        callId: uuidv7(),
        collaborationMode: turn.collaborationMode,
        ...(op.timeout_ms !== undefined ? { timeoutMs: op.timeout_ms } : {}),
        signal: controller.signal,
        emit: (msg) => this.emit(subId, msg),
        record: (item) => this.history.record(item),
      }),
    );
  }

  /** Appends raw items to the model-visible history (and the rollout), for the next request to carry. */
  injectItems(items: ResponseItem[]): void {
    // The initial context goes first, so the injected items follow it as in any later turn.
    if (this.history.length === 0) this.context.record(this.settings.defaults);
    this.history.record(...items);
    this.touchIndex();
  }

  /** Compacts the conversation now, as a task of its own (the `compact` op). */
  async startCompaction(subId: string): Promise<void> {
    this.lastSubId = subId;
    await this.tasks.abort("replaced");
    if (this.history.length === 0) {
      this.emit(subId, { type: "error", message: "compact: the thread has no conversation to compact yet" });
      return;
    }
    const turn = this.settings.defaults;
    this.tasks.start(
      subId,
      (controller) => compactionTask(this.taskEnv, subId, turn, controller),
      () => this.taskEnded(),
    );
  }

  /** Starts a task that runs turns: its turn context is recorded first. */
  private launch(
    subId: string,
    turn: TurnContext,
    body: (controller: AbortController) => Promise<void>,
  ): void {
    this.rollout.recordTurnContext(turn);
    this.index.prepare();
    this.tasks.start(subId, body, () => this.taskEnded());
  }

  private async taskEnded(): Promise<void> {
    await this.rollout.flush();
    this.touchIndex();
  }

  /**
   * Drops the last `numTurns` turns from the model's context by recording a marker (the file is never
   * rewritten), then rebuilds the history exactly as a resume would.
   */
  async rollback(subId: string, numTurns: number): Promise<void> {
    this.lastSubId = subId;
    if (this.tasks.isRunning || this.rollingBack) {
      const why = this.tasks.isRunning ? "a turn is running" : "another rollback is in progress";
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
      const replay = await this.rollout.replay();
      this.history.replaceAll(replay.history);
      this.compactor.meter.reset();
      this.context.reset({ lastTurnContext: replay.lastTurnContext, history: replay.history });
      this.touchIndex();
    } finally {
      this.rollingBack = false;
    }
  }

  /** Adds input to the running task; false when no task runs. */
  steer(items: UserInputItem[]): boolean {
    return this.tasks.steer(items);
  }

  interrupt(): boolean {
    return this.tasks.interrupt();
  }

  /** "Approve commands like this": an allow rule for `prefix` in the user's rules file, used from now on. */
  amendCommandRules(prefix: string[]): void {
    try {
      this.commandGate.amend(prefix);
    } catch (err) {
      this.warnOnce(
        `amend:${JSON.stringify(prefix)}`,
        `could not save the command rule: ${(err as Error).message}`,
      );
    }
  }

  /** A rule a subagent wrote to the user's rules file: this session follows it too, without writing it again. */
  adoptCommandRule(prefix: string[]): void {
    this.commandGate.adopt(prefix);
  }

  hasPendingExec(id: string): boolean {
    return this.requests.hasPendingExec(id);
  }

  resolveExecApproval(id: string, decision: ReviewDecision): boolean {
    return this.requests.resolveExec(id, decision) && this.decided(id, decision);
  }

  resolvePatchApproval(id: string, decision: ReviewDecision): boolean {
    return this.requests.resolvePatch(id, decision) && this.decided(id, decision);
  }

  /** A refused command or patch shows as a declined item. */
  private decided(id: string, decision: ReviewDecision): true {
    const subId = this.tasks.subId ?? this.lastSubId;
    for (const msg of this.items.decided(id, decision)) this.send(subId, msg);
    return true;
  }

  resolveUserInput(id: string, answers: UserInputAnswers): boolean {
    return this.requests.resolveUserInput(id, answers);
  }

  async shutdown(): Promise<void> {
    await this.tasks.abort("interrupted");
    await this.mcp?.close();
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

  /** Opens the thread index now, while the client waits for its user (else the first turn opens it). */
  prepareIndex(): void {
    this.index.prepare();
  }

  /** Resolves when no task runs. */
  async idle(): Promise<void> {
    await this.tasks.idle();
  }

  private recordUsage(subId: string, last: TokenUsage): void {
    this.totalUsage = addUsage(this.totalUsage, last);
    this.emit(subId, {
      type: "token_count",
      info: {
        total_token_usage: this.totalUsage,
        last_token_usage: last,
        model_context_window: this.settings.contextWindow(this.settings.defaults.model) ?? null,
      },
      ...(this.settings.client.rateLimits ? { rate_limits: this.settings.client.rateLimits } : {}),
    });
  }

  /** MCP servers with their status and tools (empty when none is configured). */
  mcpServerStatuses(): McpServerStatus[] {
    return this.mcp?.statuses() ?? [];
  }

  /** Connectors of the connector directory, once its gateway is ready. */
  connectors(): ConnectorInfo[] {
    return this.mcp?.connectors() ?? [];
  }

  /** The session's MCP servers, for calls made outside a turn (undefined when none is configured). */
  get mcpServers(): SessionMcp | undefined {
    return this.mcp;
  }

  private openMcp(): SessionMcp | undefined {
    return this.options.openSessionMcp({
      config: this.options.config,
      env: this.options.env,
      registry: this.options.tools.registry,
      emit: (msg) => this.emit(this.tasks.subId ?? this.lastSubId, msg),
      waitForApproval: (callId, signal) => this.requests.waitForExec(callId, signal),
      ...(this.options.auth ? { auth: this.options.auth } : {}),
    });
  }

  /** Emits (and records) an event that belongs to no turn of its own, e.g. a subagent's lifecycle. */
  emitOutOfTask(msg: KnownEventMsg): void {
    this.emit(this.tasks.subId ?? this.lastSubId, msg);
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.emit(this.tasks.subId ?? this.lastSubId, { type: "warning", message });
  }

  private emit(subId: string, msg: KnownEventMsg): void {
    if (msg.type === "plan_update") this.latestPlan = msg.plan;
    for (const out of this.items.process(msg)) this.send(subId, out);
  }

  private send(subId: string, msg: KnownEventMsg): void {
    this.rollout.recordEvent(msg);
    this.options.emit({ id: subId, msg });
  }
}

/** `approvals_reviewer`: "auto_review" (and Codex's older name, "guardian_subagent") review by model call. */
function autoReviewPart(config: Config, turn: () => TurnContext): Partial<Pick<TurnHostParts, "autoReview">> {
  const reviewer = config.toml.approvals_reviewer;
  if (reviewer !== "auto_review" && reviewer !== "guardian_subagent") return {};
  const policy = config.toml.auto_review?.policy;
  return { autoReview: { turn, ...(policy ? { policy } : {}) } };
}
