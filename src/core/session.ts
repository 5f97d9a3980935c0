// A Session: the engine's configuration and state for one thread, and at most one running Task.
import type { ModelAuthHooks } from "../auth/model-auth.js";
import type { Config } from "../config/load.js";
import type { Event, KnownEventMsg, OpOf, PlanStep, UserInputAnswers } from "../protocol/core-protocol.js";
import { TokenUsage } from "../protocol/core-protocol.js";
import type { ResponseItem } from "../protocol/items.js";
import { userTextMessage } from "../protocol/items.js";
import type { ReviewDecision } from "../protocol/policies.js";
import { modelSecretsFrom } from "../sandbox/env-policy.js";
import { detectBwrap } from "../sandbox/detect.js";
import type { EngineParts } from "./engine-parts.js";
import type { SessionMcp } from "./mcp-api/session-mcp.js";
import type { ToolSet } from "./tool-api/tool-set.js";
import type { ConnectorInfo, McpServerStatus } from "./mcp-api/types.js";
import type { UserInputItem } from "../protocol/user-input.js";
import { CommandGate } from "./approvals/command-gate.js";
import type { Policy } from "../execpolicy/policy.js";
import { userRulesFile } from "../execpolicy/load.js";
import { notifyOnComplete } from "./notify.js";
import { PatchGate } from "./approvals/patch-gate.js";
import { Compactor } from "./compaction/compactor.js";
import { autoCompactLimit } from "./compaction/context-meter.js";
import { ConversationHistory } from "./history.js";
import { uuidv7 } from "./ids.js";
import { historyEvents } from "./history-events.js";
import { ItemTracker } from "./items/item-tracker.js";
import { buildInitialContext, renderEnvironmentContext } from "./initial-context.js";
import { TurnInstructions } from "./plan-mode/turn-instructions.js";
import { collectSkillInjections } from "../skills/skill-injection.js";
import { renderSkillsInstructions } from "../skills/skills-instructions.js";
import { SkillsManager } from "../skills/skills-manager.js";
import type { ThreadSeed } from "./open-thread.js";
import { ClientRequests } from "./client-requests.js";
import { runTask, TaskAbort } from "./task.js";
import { runUserShell } from "./user-shell.js";
import { runReview } from "./review/run-review.js";
import { ThreadIndexUpdater } from "./thread-index-updater.js";
import type { ThreadRollout } from "./thread-rollout.js";
import type { TurnHost } from "./turn.js";
import type { TurnContext } from "./turn-context.js";
import type { TurnServices } from "./turn-services.js";
import { addUsage, ZERO_USAGE } from "./usage.js";
import { SessionSettings } from "./session-settings.js";

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
  /** Starts the session's MCP servers (mcp/ sits above core, so it is handed in). */
  openSessionMcp: EngineParts["openSessionMcp"];
}

interface RunningTask {
  subId: string;
  controller: AbortController;
  done: Promise<void>;
}

const ENVIRONMENT_CONTEXT_OPEN = "<environment_context>";

export class Session {
  readonly threadId: string;
  /** Turn defaults, instructions and the model client (session-settings.ts). */
  private readonly settings: SessionSettings;
  private readonly history: ConversationHistory;
  private readonly rollout: ThreadRollout;
  private readonly index: ThreadIndexUpdater;
  private lastEnvironmentContext: string | undefined;
  /** What the model was last told about mode, personality and skills. */
  private instructions: TurnInstructions;
  private readonly skills: SkillsManager;
  private running: RunningTask | undefined;
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
  /** Input steered into the running task, not yet sent to the model. */
  private steered: UserInputItem[][] = [];
  /** The latest update_plan, restated after a compaction. */
  private latestPlan: PlanStep[] | undefined;
  /** Makes the turn's items from what the engine emits (core/items/item-tracker.ts). */
  private readonly items: ItemTracker;

  constructor(private readonly options: SessionOptions) {
    const { config, seed } = options;
    this.requests = new ClientRequests(options.interactive);
    this.threadId = seed.id;
    this.items = new ItemTracker(seed.id);
    this.rollout = seed.rollout;
    this.history = new ConversationHistory(seed.history, (items) => this.rollout.recordItems(items));
    this.lastEnvironmentContext = this.history.lastUserTextStartingWith(ENVIRONMENT_CONTEXT_OPEN);
    // A resumed thread counts on from the totals its last token_count recorded.
    const info = (seed.replay?.lastTokenCount as { info?: { total_token_usage?: unknown } } | undefined)
      ?.info;
    const resumedTotal = TokenUsage.safeParse(info?.total_token_usage);
    if (resumedTotal.success) this.totalUsage = resumedTotal.data;
    this.instructions = new TurnInstructions(
      seed.replay ? { lastTurnContext: seed.replay.lastTurnContext, history: seed.history } : undefined,
    );
    this.skills = options.skills ?? new SkillsManager(config.codexHome);
    this.index = new ThreadIndexUpdater(config.codexHome, (message) =>
      this.warnOnce(`index:${message}`, message),
    );
    this.settings = new SessionSettings({
      config,
      env: options.env,
      threadId: this.threadId,
      originator: options.originator,
      ...(options.auth ? { auth: options.auth } : {}),
    });
    this.compactor = new Compactor({
      threadId: this.threadId,
      history: this.history,
      rollout: this.rollout,
      client: () => this.settings.client,
      latestPlan: () => this.latestPlan,
      autoLimit: (model) =>
        autoCompactLimit(config.toml.model_auto_compact_token_limit, this.settings.contextWindow(model)),
    });
    this.commandGate = new CommandGate({
      codexHome: config.codexHome,
      parentEnv: options.env,
      modelSecrets: modelSecretsFrom(options.env, config.provider.envKey),
      ...(config.toml.shell_environment_policy
        ? { shellEnvironmentPolicy: config.toml.shell_environment_policy }
        : {}),
      bwrap: detectBwrap,
      ...(options.rules ? { rules: options.rules } : {}),
      userRulesFile: userRulesFile(config.codexHome),
      warnOnce: (key, message) => this.warnOnce(key, message),
      ...(config.toml.sandbox_workspace_write?.allowed_domains
        ? { allowedDomains: config.toml.sandbox_workspace_write.allowed_domains }
        : {}),
      warn: (message) => this.emit(this.running?.subId ?? this.lastSubId, { type: "warning", message }),
    });
  }

  get isRunning(): boolean {
    return this.running !== undefined;
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
    await this.abortRunning("replaced");
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
      cwd: this.settings.defaults.cwd,
      approval_policy: this.settings.defaults.approvalPolicy,
      sandbox_policy: this.settings.defaults.sandboxPolicy,
      history_log_id: 0,
      history_entry_count: this.options.seed.replay?.turns.length ?? 0,
      rollout_path: this.rollout.path,
      forked_from_id: this.options.seed.forkedFromId ?? null,
      ...(replay ? { initial_messages: historyEvents(replay, this.threadId) } : {}),
    });
  }

  overrideTurnContext(op: OpOf<"override_turn_context">): void {
    this.settings.override(op);
  }

  /** Starts a task for the input; a task already running is replaced. */
  async startTask(subId: string, op: OpOf<"user_turn"> | OpOf<"user_input">): Promise<void> {
    this.lastSubId = subId;
    await this.abortRunning("replaced");
    if (op.type === "user_turn") this.settings.override(op);
    const turn = this.settings.defaults;
    this.recordContext(turn);
    this.rollout.recordTurnContext(turn);
    this.index.prepare();
    const controller = new AbortController();
    const turnId = uuidv7();
    const done = runTask({
      host: this.withMcp(this.turnHost(subId, controller), op.items),
      turn,
      turnId,
      input: op.items,
      signal: controller.signal,
      ...(op.type === "user_turn" && op.final_output_json_schema !== undefined
        ? { outputSchema: op.final_output_json_schema }
        : {}),
      ...(this.settings.contextWindow(turn.model) !== undefined
        ? { modelContextWindow: this.settings.contextWindow(turn.model) }
        : {}),
      onUsage: (usage) => this.recordUsage(subId, usage),
      ...(this.options.config.toml.notify
        ? {
            onComplete: notifyOnComplete(this.options.config.toml.notify, {
              threadId: this.threadId,
              turnId,
              cwd: turn.cwd,
              input: op.items,
              warn: (message) => this.warnOnce(`notify:${message}`, message),
            }),
          }
        : {}),
      steering: {
        take: () => this.steered.splice(0),
        pending: () => this.steered.length > 0,
      },
      extraInput: this.skillInjections(op.items, turn.cwd),
      compaction: {
        beforeTurn: (signal) => this.compactor.maybeCompact(turn, signal, (msg) => this.emit(subId, msg)),
        afterOverflow: (signal) =>
          this.compactor.compact(turn, signal, (msg) => this.emit(subId, msg), "context_length_exceeded"),
      },
    }).finally(async () => {
      if (this.running?.controller === controller) {
        this.running = undefined;
        // Input steered into a task that ended without reading it belongs to no later task.
        this.steered = [];
      }
      await this.rollout.flush();
      this.touchIndex();
    });
    this.running = { subId, controller, done };
  }

  /** Runs a code review as a task of its own (the `review` op); a task already running is replaced. */
  async startReview(subId: string, op: OpOf<"review">): Promise<void> {
    this.lastSubId = subId;
    await this.abortRunning("replaced");
    const turn = this.settings.defaults;
    this.rollout.recordTurnContext(turn);
    this.index.prepare();
    const controller = new AbortController();
    const done = runReview({
      host: this.turnHost(subId, controller),
      turn,
      turnId: uuidv7(),
      request: op.review_request,
      signal: controller.signal,
      onUsage: (usage) => this.recordUsage(subId, usage),
    }).finally(async () => {
      if (this.running?.controller === controller) this.running = undefined;
      await this.rollout.flush();
      this.touchIndex();
    });
    this.running = { subId, controller, done };
  }

  /**
   * Runs the user's own shell command as a turn of its own (the `run_user_shell_command` op). Refused while
   * a task runs: the command's record would land in the middle of that task's history.
   */
  startUserShell(subId: string, op: OpOf<"run_user_shell_command">): void {
    this.lastSubId = subId;
    if (this.running || this.rollingBack) {
      this.emit(subId, { type: "error", message: "a turn is running: wait for it or interrupt it first" });
      return;
    }
    const turn = this.settings.defaults;
    this.recordContext(turn);
    this.rollout.recordTurnContext(turn);
    this.index.prepare();
    const controller = new AbortController();
    const done = runUserShell({
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
    }).finally(async () => {
      if (this.running?.controller === controller) this.running = undefined;
      await this.rollout.flush();
      this.touchIndex();
    });
    this.running = { subId, controller, done };
  }

  /** Appends raw items to the model-visible history (and the rollout), for the next request to carry. */
  injectItems(items: ResponseItem[]): void {
    // The initial context goes first, so the injected items follow it as in any later turn.
    if (this.history.length === 0) this.recordContext(this.settings.defaults);
    this.history.record(...items);
    this.touchIndex();
  }

  /** Compacts the conversation now, as a task of its own (the `compact` op). */
  async startCompaction(subId: string): Promise<void> {
    this.lastSubId = subId;
    await this.abortRunning("replaced");
    if (this.history.length === 0) {
      this.emit(subId, { type: "error", message: "compact: the thread has no conversation to compact yet" });
      return;
    }
    const turn = this.settings.defaults;
    const turnId = uuidv7();
    const controller = new AbortController();
    const emit = (msg: KnownEventMsg) => this.emit(subId, msg);
    const run = async () => {
      emit({ type: "task_started", turn_id: turnId, collaboration_mode_kind: turn.collaborationMode });
      try {
        await this.compactor.compact(turn, controller.signal, emit, "manual");
      } catch (err) {
        if (controller.signal.aborted) emit({ type: "turn_aborted", turn_id: turnId, reason: "interrupted" });
        else emit({ type: "error", message: `compaction failed: ${(err as Error).message}` });
        return;
      }
      emit({ type: "task_complete", turn_id: turnId, last_agent_message: null, response_id: null });
    };
    const done = run().finally(async () => {
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
      const replay = await this.rollout.replay();
      this.history.replaceAll(replay.history);
      this.compactor.meter.reset();
      this.lastEnvironmentContext = this.history.lastUserTextStartingWith(ENVIRONMENT_CONTEXT_OPEN);
      this.instructions = new TurnInstructions({
        lastTurnContext: replay.lastTurnContext,
        history: replay.history,
      });
      this.touchIndex();
    } finally {
      this.rollingBack = false;
    }
  }

  /** Adds input to the running task; false when no task runs. */
  steer(items: UserInputItem[]): boolean {
    if (!this.running) return false;
    this.steered.push(items);
    return true;
  }

  interrupt(): boolean {
    if (!this.running) return false;
    this.running.controller.abort(new TaskAbort("interrupted"));
    return true;
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
    const subId = this.running?.subId ?? this.lastSubId;
    for (const msg of this.items.decided(id, decision)) this.send(subId, msg);
    return true;
  }

  resolveUserInput(id: string, answers: UserInputAnswers): boolean {
    return this.requests.resolveUserInput(id, answers);
  }

  async shutdown(): Promise<void> {
    await this.abortRunning("interrupted");
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
    const skills = renderSkillsInstructions(this.skills.forCwd(turn.cwd).skills);
    const initial = this.history.length === 0;
    if (initial) {
      const { config } = this.options;
      this.history.record(
        ...buildInitialContext({
          ...turn,
          codexHome: config.codexHome,
          projectDocMaxBytes: config.projectDocMaxBytes,
          ...(turn.personality ? { personality: turn.personality } : {}),
          ...(this.settings.baseInstructions !== undefined
            ? { baseInstructionsOverride: this.settings.baseInstructions }
            : {}),
          ...(this.settings.developerInstructions
            ? { developerInstructions: this.settings.developerInstructions }
            : {}),
          ...(skills ? { skillsInstructions: skills } : {}),
        }),
      );
    } else if (envContext !== this.lastEnvironmentContext) {
      // The model is told when cwd or policies change between turns (or since the thread was resumed).
      this.history.record(userTextMessage(envContext));
    }
    this.lastEnvironmentContext = envContext;
    this.history.record(...this.instructions.updates(turn, skills, initial));
  }

  /** The skills the input names (`skill` items, `$name` mentions), to follow the user's message. */
  private skillInjections(
    items: OpOf<"user_turn">["items"],
    cwd: string,
  ): { items: ResponseItem[]; warnings: string[] } {
    const found = collectSkillInjections(items, this.skills.forCwd(cwd).skills, cwd);
    return { items: found.messages, warnings: found.warnings };
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
      emit: (msg) => this.emit(this.running?.subId ?? this.lastSubId, msg),
      waitForApproval: (callId, signal) => this.requests.waitForExec(callId, signal),
      ...(this.options.auth ? { auth: this.options.auth } : {}),
    });
  }

  /** A task waits for MCP servers to start (bounded), and its mentions (`app://ID`) select connector tools. */
  private withMcp(host: TurnHost, items: readonly UserInputItem[]): TurnHost {
    const mcp = this.mcp;
    if (!mcp) return host;
    const toolSelection = items.flatMap((item) => (item.type === "mention" ? [item.path] : []));
    return { ...host, toolSelection, toolsReady: (signal) => mcp.ready(signal) };
  }

  private turnHost(subId: string, controller: AbortController): TurnHost {
    return {
      threadId: this.threadId,
      client: this.settings.client,
      tools: this.options.tools.registry,
      history: this.history,
      env: this.options.env,
      codexHome: this.options.config.codexHome,
      emit: (msg) => this.emit(subId, msg),
      services: this.turnServices(subId, controller),
      onResponse: (usage) => this.compactor.meter.onResponse(usage, this.history.length),
    };
  }

  private turnServices(subId: string, controller: AbortController): TurnServices {
    const emit = (msg: KnownEventMsg) => this.emit(subId, msg);
    return {
      commands: this.commandGate,
      patches: this.patchGate,
      askExec: (callId, request, signal) => this.requests.askExec(emit, callId, request, signal),
      askPatch: (callId, request, signal) => this.requests.askPatch(emit, callId, request, signal),
      askUser: (callId, turnId, questions, signal) =>
        this.requests.askUser(emit, callId, turnId, questions, signal),
      abortTask: () => controller.abort(new TaskAbort("interrupted")),
    };
  }

  /** Emits (and records) an event that belongs to no turn of its own, e.g. a subagent's lifecycle. */
  emitOutOfTask(msg: KnownEventMsg): void {
    this.emit(this.running?.subId ?? this.lastSubId, msg);
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.emit(this.running?.subId ?? this.lastSubId, { type: "warning", message });
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
