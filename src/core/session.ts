// A Session: the engine's configuration and state for one thread, and at most one running Task.
import type { ReplayedTurn } from "../rollout/replay.js";
import type { KnownEventMsg, OpOf, PlanStep, UserInputAnswers } from "../protocol/core-protocol.js";
import type { ResponseItem } from "../protocol/items.js";
import type { ReviewDecision } from "../protocol/policies.js";
import type { UserInputItem } from "../protocol/user-input.js";
import type { CommandGate } from "./approvals/command-gate.js";
import type { ClientRequests } from "./client-requests.js";
import type { Compactor } from "./compaction/compactor.js";
import type { ContextRecorder } from "./context-recorder.js";
import type { ConversationHistory } from "./history.js";
import type { SessionHooks } from "./hooks/session-hooks.js";
import { uuidv7 } from "./ids.js";
import { interruptedTurnMarker, interruptMarkerEnabled } from "./interrupt-marker.js";
import { historyEvents } from "./items/legacy-events.js";
import type { ItemTracker } from "./items/item-tracker.js";
import type { SessionMcp, SessionMcpOptions } from "./mcp-api/session-mcp.js";
import type { ConnectorInfo, McpServerStatus } from "./mcp-api/types.js";
import { buildSessionParts, type SessionOptions } from "./session-parts.js";
import type { SessionSettings } from "./session-settings.js";
import { compactionTask, reviewTask, userTurnTask, type TaskEnv } from "./session-tasks.js";
import type { TaskSlot } from "./task-slot.js";
import type { ThreadUpkeep } from "./thread-upkeep.js";
import type { ThreadRollout } from "./thread-rollout.js";
import { withCyberProgram, type TurnContext } from "./turn-context.js";
import type { UsageReport } from "./usage-report.js";
import { runUserShell } from "./user-shell.js";
import { startMemoriesPipeline } from "./memories/startup.js";

export type { SessionOptions } from "./session-parts.js";

export class Session {
  readonly threadId: string;
  private readonly settings: SessionSettings;
  private readonly history: ConversationHistory;
  private readonly rollout: ThreadRollout;
  /** Rollout turn contexts and flushes, and the thread index row (thread-upkeep.ts). */
  private readonly upkeep: ThreadUpkeep;
  private readonly context: ContextRecorder;
  private readonly tasks: TaskSlot;
  private readonly taskEnv: TaskEnv;
  private readonly requests: ClientRequests;
  private readonly commandGate: CommandGate;
  private readonly compactor: Compactor;
  private readonly items: ItemTracker;
  /** token_count reports after each model response and compaction (usage-report.ts). */
  private readonly usage: UsageReport;
  private readonly openMcp: (fresh?: SessionMcpOptions["config"]) => SessionMcp | undefined;
  /** Lifecycle hooks (undefined with `[features] hooks = false`). */
  readonly hooks: SessionHooks | undefined;
  private rollingBack = false;
  private readonly warned = new Set<string>();
  /** Warnings raised while the parts are still being built (e.g. by hook discovery): no event can go out yet. */
  private readonly heldWarnings: string[] = [];
  private built = false;
  /** The submission whose events carry session-level warnings when no task runs. */
  private lastSubId = "";
  /** The session's MCP servers, started by the first configure_session (none when the config has none). */
  private mcp: SessionMcp | undefined;
  /** The latest update_plan, restated after a compaction. */
  private latestPlan: PlanStep[] | undefined;

  /** A resumed or forked thread's earlier turns as read from its rollout (empty for a new thread). */
  get replayedTurns(): readonly ReplayedTurn[] {
    return this.options.seed.replay?.turns ?? [];
  }

  constructor(private readonly options: SessionOptions) {
    this.threadId = options.seed.id;
    // The parts are wired in session-parts.ts; they reach back here only through this host.
    ({
      settings: this.settings,
      history: this.history,
      rollout: this.rollout,
      upkeep: this.upkeep,
      context: this.context,
      tasks: this.tasks,
      taskEnv: this.taskEnv,
      requests: this.requests,
      commandGate: this.commandGate,
      compactor: this.compactor,
      items: this.items,
      openMcp: this.openMcp,
      hooks: this.hooks,
      usage: this.usage,
    } = buildSessionParts(options, {
      emit: (subId, msg) => this.emit(subId, msg),
      currentSubId: () => this.currentSubId(),
      warnOnce: (key, message) => this.warnOnce(key, message),
      latestPlan: () => this.latestPlan,
      mcp: () => this.mcp,
    }));
    this.built = true;
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
    for (const message of this.heldWarnings.splice(0)) this.emit(subId, { type: "warning", message });
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
      // An ephemeral thread has no file.
      rollout_path: this.rollout.path || null,
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
    const turn = withCyberProgram(
      this.settings.forTask(explicitEffort),
      op.type === "user_turn" ? op.cyber_access_program : undefined,
      this.settings.providerId,
    );
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
    this.upkeep.touch();
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
      () => this.upkeep.taskEnded(),
    );
  }

  /** Starts a task that runs turns: its turn context is recorded first. */
  private launch(
    subId: string,
    turn: TurnContext,
    body: (controller: AbortController) => Promise<void>,
  ): void {
    this.upkeep.taskStarting(turn);
    this.tasks.start(subId, body, async () => {
      await this.upkeep.taskEnded();
      // After the first answer, never before it: the memories of past threads are brought up to date.
      startMemoriesPipeline({
        config: this.options.config,
        client: this.settings.client,
        threadId: this.threadId,
        source: this.options.subagent ? "subagent" : (this.options.source ?? "cli"),
        interactive: this.options.interactive,
      });
    });
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
      this.upkeep.touch();
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
  amendCommandRules(prefix: string[], callId?: string): void {
    try {
      this.commandGate.amend(prefix, callId);
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
    const subId = this.currentSubId();
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
    await this.upkeep.close();
  }

  /** Opens the thread index now, while the client waits for its user (else the first turn opens it). */
  prepareIndex(): void {
    this.upkeep.prepare();
  }

  /** Resolves when no task runs. */
  async idle(): Promise<void> {
    await this.tasks.idle();
  }

  /** MCP servers with their status and tools (empty when none is configured). */
  mcpServerStatuses(): McpServerStatus[] {
    return this.mcp?.statuses() ?? [];
  }

  /** Connectors of the connector directory, once its gateway is ready. */
  connectors(): ConnectorInfo[] {
    return this.mcp?.connectors() ?? [];
  }

  /** MCP servers refreshed from a freshly loaded config (started if the session had none). */
  reloadMcp(config: SessionMcpOptions["config"]): void {
    if (this.mcp) this.mcp.reload(config);
    else this.mcp = this.openMcp(config);
  }

  /** The session's MCP servers, for calls made outside a turn (undefined when none is configured). */
  get mcpServers(): SessionMcp | undefined {
    return this.mcp;
  }

  /** Emits (and records) an event that belongs to no turn of its own, e.g. a subagent's lifecycle. */
  emitOutOfTask(msg: KnownEventMsg): void {
    this.emit(this.currentSubId(), msg);
  }

  /** The submission that carries events outside a turn: the running task's, else the last one. */
  private currentSubId(): string {
    return this.tasks.subId ?? this.lastSubId;
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    if (!this.built) this.heldWarnings.push(message);
    else this.emit(this.currentSubId(), { type: "warning", message });
  }

  private emit(subId: string, msg: KnownEventMsg): void {
    if (msg.type === "plan_update") this.latestPlan = msg.plan;
    // Every kind of task ends here when interrupted: the marker goes into the history (and rollout) first.
    if (
      msg.type === "turn_aborted" &&
      msg.reason === "interrupted" &&
      interruptMarkerEnabled(this.options.config)
    )
      this.history.record(interruptedTurnMarker());
    for (const out of this.items.process(msg)) this.send(subId, out);
  }

  private send(subId: string, msg: KnownEventMsg): void {
    this.rollout.recordEvent(msg);
    this.options.emit({ id: subId, msg });
  }
}
