// One loaded thread: its engine (Codex), the mapper that turns its events into notifications for the
// connections subscribed to it (their approvals and questions: thread-questions.ts; its turns:
// thread-turns.ts).
import type { UserInputItem } from "../../protocol/user-input.js";
import type { ResponseItem } from "../../protocol/items.js";
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import type { Config } from "../../config/load.js";
import type { Codex } from "../../core/codex.js";
import { createCodex } from "../../engine/create-codex.js";
import type { McpServerStatus } from "../../core/mcp-api/types.js";
import type { Event, EventMsgOf, OpOf } from "../../protocol/core-protocol.js";
import type { CollaborationModeKind } from "../../protocol/policies.js";
import { configuredCollaborationMode } from "../../core/plan-mode/configured-mode.js";
import type { ThreadStatus, UserInput } from "../../protocol/app-server/v2/common.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import type { Thread, ThreadSettings, Turn } from "../../protocol/app-server/v2/thread.js";
import type { ThreadReadState } from "../../protocol/app-server/v2/thread-read-state.js";
import type { Connection } from "./connection.js";
import { AppServerEventMapper, type MapperOutput } from "./event-mapper.js";
import type { Logger } from "./log.js";
import { badRequest } from "./errors.js";
import { describeThread } from "./wire-conversions.js";
import { cwdGitInfo, instructionSources } from "./threads/thread-facts.js";
import { ThreadQuestions } from "./thread-questions.js";
import { ThreadSettingsTracker } from "./thread-settings.js";
import { ThreadTurns, type SubmissionWaiter } from "./thread-turns.js";
import { configuredPersonality } from "../../core/session-settings.js";
import { subagentSettings } from "../../core/subagents/limits.js";

export interface ThreadStartOptions {
  config: Config;
  /** The config loaded again from disk for `cwd`, with the thread's own overrides (for an MCP reload). */
  reloadConfig: (cwd: string) => Config;
  auth: ModelAuthHooks;
  logger: Logger;
  originator: string;
  configure: Omit<OpOf<"configure_session">, "type">;
  /** Whether another loaded thread is this one (its subagents must not reopen it twice). */
  threadOpenElsewhere?: (threadId: string) => boolean;
  /** Called after each model response with its token_count's `rate_limits` (undefined when none came). */
  onRateLimits?: (rateLimits: unknown) => void;
  /** Called when one of this thread's own turns completes; answers the thread's new read state. */
  onTurnCompleted?: (threadId: string, turnId: string) => ThreadReadState;
  /** Called when one of this thread's own turns ends (completed, interrupted or failed). */
  onTurnEnded?: (thread: ThreadRuntime, status: Turn["status"]) => void;
  /** Called when the thread's last subscriber unsubscribes or disconnects. */
  onUnsubscribedAll?: (thread: ThreadRuntime) => void;
}

export class ThreadRuntime {
  readonly subscribers = new Set<Connection>();
  /** Threads of this thread's subagents that run inside it now (their engines are its children), by status. */
  readonly subagentThreads = new Map<string, ThreadStatus>();
  private readonly waiters = new Map<string, SubmissionWaiter>();
  /** The collaboration mode the next turn runs in: the config's, then the last turn's (turn/start may set it). */
  collaborationMode: CollaborationModeKind;
  /** Questions out to a client, by call id, with the thread they are about (this one or a subagent's). */
  private readonly questions: ThreadQuestions;
  private readonly mapper: AppServerEventMapper;
  private readonly settings: ThreadSettingsTracker;
  private readonly turns: ThreadTurns;
  private counter = 0;
  private rollingBack = false;
  private readonly pump: Promise<void>;
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    private readonly codex: Codex,
    readonly session: EventMsgOf<"session_configured">,
    private readonly createdAtMs: number,
    private readonly options: ThreadStartOptions,
  ) {
    this.mapper = new AppServerEventMapper(
      session.session_id,
      (msg) => this.describe(msg),
      Date.now,
      () => ({ ...this.describe(), status: this.status }),
    );
    this.questions = new ThreadQuestions({
      threadId: session.session_id,
      codex,
      mapper: this.mapper,
      logger: options.logger,
      subscribers: () => this.subscribers,
      broadcast: (n) => this.broadcast(n),
    });
    this.collaborationMode = configuredCollaborationMode(options.config.toml).mode;
    this.settings = new ThreadSettingsTracker(
      session.session_id,
      session,
      // What the thread's model is told: the client's choice, else config's.
      { ...configuredPersonality(options.config.toml), ...options.configure },
      this.collaborationMode,
      this.approvalsReviewer,
      options.config.permissionProfile,
      subagentSettings(options.config).enabled ? "proactive" : "explicitRequestOnly",
    );
    this.turns = new ThreadTurns({
      threadId: session.session_id,
      codex,
      mapper: this.mapper,
      settings: this.settings,
      currentSettings: () => this.currentSettings,
      broadcast: (n) => this.broadcast(n),
      nextSubmissionId: (kind) => `${kind}-${++this.counter}`,
      await: (subId, waiter) => this.waiters.set(subId, waiter),
    });
    this.pump = this.pumpEvents();
  }

  /** Who answers the thread's approval requests (`approvals_reviewer`). */
  get approvalsReviewer(): "user" | "auto_review" | "guardian_subagent" {
    return this.options.config.toml.approvals_reviewer ?? "user";
  }

  /** Starts an engine for the thread and waits until its session is configured. */
  static async start(options: ThreadStartOptions): Promise<ThreadRuntime> {
    // Threads started here are recorded as the real app-server's are: source "vscode".
    const codex = createCodex({
      config: options.config,
      auth: options.auth,
      interactive: true,
      source: "vscode",
      ...(options.threadOpenElsewhere ? { threadOpenElsewhere: options.threadOpenElsewhere } : {}),
    });
    const createdAtMs = Date.now();
    codex.submitWithId({ id: "configure", op: { type: "configure_session", ...options.configure } });
    for (;;) {
      const event = await codex.nextEvent();
      if (!event) throw new Error("the engine stopped before the thread was configured");
      if (event.msg.type === "session_configured")
        return new ThreadRuntime(codex, event.msg, createdAtMs, options);
      if (event.msg.type === "error") {
        await codex.close();
        throw badRequest(`cannot start the thread: ${event.msg.message}`);
      }
    }
  }

  get threadId(): string {
    return this.session.session_id;
  }

  describe(session = this.session) {
    // The cwd's git state, read once (as Codex records it when the thread starts).
    this.gitInfo ??= cwdGitInfo(session.cwd);
    return describeThread(session, {
      createdAtMs: this.createdAtMs,
      originator: this.options.originator,
      gitInfo: this.gitInfo,
    });
  }
  private gitInfo: Thread["gitInfo"] | undefined;

  /** The AGENTS.md files the engine loads for this thread. */
  instructionSources(): string[] {
    return instructionSources(this.options.config, this.session.cwd);
  }

  /** The thread/started notification for this thread. */
  startedNotification(): ServerNotification {
    return { method: "thread/started", params: { thread: this.describe() } };
  }

  /** How long this thread stays loaded once nobody subscribes to it (`thread_unload_delay_secs`, Codex's 60 s). */
  get unloadDelayMs(): number {
    return (this.options.config.toml.thread_unload_delay_secs ?? 60) * 1000;
  }

  subscribe(connection: Connection): void {
    if (this.subscribers.has(connection)) return;
    this.subscribers.add(connection);
    connection.onClose(() => this.unsubscribe(connection));
  }

  /** Drops a subscriber; the last one gone (unsubscribed or disconnected) is told to onUnsubscribedAll. */
  unsubscribe(connection: Connection): void {
    if (!this.subscribers.delete(connection)) return;
    if (this.subscribers.size === 0) this.options.onUnsubscribedAll?.(this);
  }

  /** A turn is running or about to start. */
  get busy(): boolean {
    return this.turns.busy;
  }

  /** Resolves when the running turn ends. */
  turnEnded(): Promise<void> {
    return this.turns.ended();
  }

  /** The settings the next turn runs with (the session's, as turn/start overrides left them). */
  get currentSettings(): ThreadSettings {
    return this.settings.wire();
  }

  get runningTurnId(): string | undefined {
    return this.turns.runningTurnId;
  }

  /**
   * Submits a turn (thread-turns.ts); `onStarted` runs synchronously when the engine starts it, before
   * turn/started goes out, so the response can precede the notification.
   */
  startTurn(
    input: UserInput[],
    op: Omit<OpOf<"user_turn">, "type">,
    onStarted: (turn: Turn) => void,
  ): Promise<Turn> {
    return this.turns.startTurn(input, op, onStarted);
  }

  /** Starts a review as this thread's turn (a `review` op); `onStarted` as for startTurn. */
  startReview(request: OpOf<"review">["review_request"], onStarted: (turn: Turn) => void): Promise<Turn> {
    return this.turns.startReview(request, onStarted);
  }

  /** The thread's MCP connections, for calls outside a turn. */
  get mcpServers() {
    return this.codex.mcpServers;
  }

  /** The config as on disk now for the thread's cwd, with the thread's own overrides (throws when bad). */
  loadConfigAgain(): Config {
    return this.options.reloadConfig(this.currentSettings.cwd);
  }

  /** The thread's MCP servers brought in line with `config` (see loadConfigAgain). */
  reloadMcpServers(config: Config): void {
    this.codex.reloadMcpServers(config);
  }

  /** The thread's MCP servers, as its engine sees them now. */
  mcpServerStatuses(): McpServerStatus[] {
    return this.codex.mcpServerStatuses();
  }

  get status(): ThreadStatus {
    return this.mapper.threadStatus;
  }

  /**
   * Drops the last `numTurns` turns (a thread_rollback op). A rollback while a turn runs or another
   * rollback is under way is refused: by this runtime at once, or by the engine (thread_rollback_failed).
   */
  rollback(numTurns: number): Promise<void> {
    if (this.rollingBack) throw badRequest(`cannot roll back: another rollback is in progress`);
    if (this.busy) throw badRequest(`cannot roll back: a turn is running`);
    this.rollingBack = true;
    const subId = `rollback-${++this.counter}`;
    return new Promise<void>((resolve, reject) => {
      this.waiters.set(subId, (event) => {
        if (event.msg.type !== "thread_rolled_back" && event.msg.type !== "error") return false;
        this.rollingBack = false;
        if (event.msg.type === "error") reject(badRequest(event.msg.message, event.msg.codex_error_info));
        else resolve();
        return true;
      });
      this.codex.submitWithId({ id: subId, op: { type: "thread_rollback", num_turns: numTurns } });
    });
  }

  /** Runs `fn` after every earlier `exclusive` call on this thread has finished. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Starts a manual compaction; its progress comes as a turn with a contextCompaction item. */
  compact(): void {
    if (this.busy) throw badRequest(`cannot compact: a turn is running`);
    this.codex.submitWithId({ id: `compact-${++this.counter}`, op: { type: "compact" } });
  }

  /** Runs the user's shell command as a turn of its own (thread/shellCommand); its events come as a turn. */
  shellCommand(command: string, timeoutMs?: number): void {
    if (this.busy) {
      throw badRequest(`thread ${this.threadId} has a running turn: wait for it or interrupt it first`);
    }
    this.codex.submitWithId({
      id: `shell-${++this.counter}`,
      op: {
        type: "run_user_shell_command",
        command,
        ...(timeoutMs !== undefined ? { timeout_ms: timeoutMs } : {}),
      },
    });
  }

  /** Appends raw Responses items to the model-visible history (thread/inject_items). */
  injectItems(items: ResponseItem[]): void {
    this.codex.submit({ type: "inject_items", items });
  }

  /** Adds input to the running turn (read before its next model request). */
  steer(expectedTurnId: string, items: UserInputItem[]): string {
    return this.turns.steer(expectedTurnId, items);
  }

  /** Interrupts the running turn and resolves once it has ended. */
  interrupt(turnId: string): Promise<void> {
    return this.turns.interrupt(turnId);
  }

  async close(): Promise<void> {
    this.questions.abortAll();
    await this.codex.close();
    await this.pump;
  }

  private async pumpEvents(): Promise<void> {
    for await (const event of this.codex) {
      try {
        this.handleEvent(event);
      } catch (err) {
        this.options.logger.error(`thread ${this.threadId}: ${(err as Error).stack ?? String(err)}`);
      }
    }
  }

  private handleEvent(event: Event): void {
    if (event.msg.type === "task_started") this.collaborationMode = event.msg.collaboration_mode_kind;
    const waiter = this.waiters.get(event.id);
    if (waiter?.(event)) this.waiters.delete(event.id);
    const outputs = this.mapper.map(event);
    this.noteCompletedTurn(outputs);
    for (const output of outputs) {
      if (output.kind === "notification") {
        this.broadcast(output.notification);
        this.trackSubagents(output.notification);
        this.settleApprovals(output.notification);
        this.noteEndedTurn(output.notification);
      } else if (output.kind === "userInput") {
        void this.questions.askUser(output);
      } else {
        void this.questions.askApproval(output);
      }
    }
    // Every model response ends in a token_count; as Codex does, its limits follow the usage update.
    if (event.msg.type === "token_count" && event.msg.info)
      this.options.onRateLimits?.(event.msg.rate_limits);
  }

  /**
   * As Codex: a turn the model answered to its end makes the thread unread, announced before its idle status
   * and turn/completed. An interrupted or failed turn, a compaction and the user's own shell command do not
   * (none of them has a message of the user or the model).
   */
  private noteCompletedTurn(outputs: MapperOutput[]): void {
    for (const output of outputs) {
      if (output.kind !== "notification" || output.notification.method !== "turn/completed") continue;
      const { threadId, turn } = output.notification.params;
      if (threadId !== this.threadId || !this.options.onTurnCompleted) continue;
      if (turn.status !== "completed") continue;
      if (!turn.items.some((i) => i.type === "userMessage" || i.type === "agentMessage")) continue;
      const readState = this.options.onTurnCompleted(threadId, turn.id);
      this.broadcast({ method: "thread/readState/changed", params: { threadId, readState } });
    }
  }

  /** After its turn/completed went out: whoever runs the thread's next turn (queued-turns.ts) hears of it. */
  private noteEndedTurn(n: ServerNotification): void {
    if (n.method !== "turn/completed" || n.params.threadId !== this.threadId) return;
    this.options.onTurnEnded?.(this, n.params.turn.status);
  }

  /** Sends a notification about this thread to every connection subscribed to it. */
  broadcast(notification: ServerNotification): void {
    for (const connection of this.subscribers) connection.notify(notification);
  }

  private trackSubagents(n: ServerNotification): void {
    if (n.method === "thread/started" && n.params.thread.id !== this.threadId) {
      this.subagentThreads.set(n.params.thread.id, n.params.thread.status);
    } else if (n.method === "thread/status/changed" && this.subagentThreads.has(n.params.threadId)) {
      this.subagentThreads.set(n.params.threadId, n.params.status);
    } else if (n.method === "thread/closed") {
      this.subagentThreads.delete(n.params.threadId);
    }
  }

  /**
   * Questions still out are moot once the turn that asked them ended: this thread's when its turn completes,
   * a subagent's when it stops working (idle, cancelled). The engine already gave up on them.
   */
  private settleApprovals(notification: ServerNotification): void {
    const n = notification;
    let ended: string | undefined;
    if (n.method === "turn/completed") ended = this.threadId;
    else if (n.method === "thread/closed") ended = n.params.threadId;
    else if (n.method === "thread/status/changed" && n.params.status.type !== "active")
      ended = n.params.threadId;
    if (ended === undefined) return;
    this.questions.settle(ended);
    if (n.method === "turn/completed") this.turns.noteEnded();
  }
}
