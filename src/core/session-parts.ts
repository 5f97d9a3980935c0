// The parts a Session is made of, wired to one another: settings, history, rollout and index, the initial
// context, the compactor, hooks, the approval gates, the item tracker and the environment its tasks run in.
// The session keeps the state with a lifetime (the running task, usage totals, the MCP servers); the parts
// reach back to it only through `SessionHost`.
import type { ModelAuthHooks } from "../auth/model-auth.js";
import type { Config } from "../config/load.js";
import type { Policy } from "../execpolicy/policy.js";
import { modelInfo } from "../model/model-info.js";
import type { Event, KnownEventMsg, PlanStep } from "../protocol/core-protocol.js";
import { SkillsManager } from "../skills/skills-manager.js";
import type { CommandGate } from "./approvals/command-gate.js";
import { PatchGate } from "./approvals/patch-gate.js";
import { sessionCommandGate } from "./approvals/session-command-gate.js";
import { ClientRequests } from "./client-requests.js";
import { Compactor } from "./compaction/compactor.js";
import { autoCompactLimit } from "./compaction/context-meter.js";
import { ContextRecorder } from "./context-recorder.js";
import type { EngineParts } from "./engine-parts.js";
import { ConversationHistory } from "./history.js";
import type { HookSource } from "./hooks/hook-source.js";
import { hooksEnabled, permissionModeOf, SessionHooks } from "./hooks/session-hooks.js";
import { SessionHookWiring } from "./hooks/turn-hooks.js";
import { ItemTracker } from "./items/item-tracker.js";
import type { SessionMcp, SessionMcpOptions } from "./mcp-api/session-mcp.js";
import type { ThreadSeed } from "./open-thread.js";
import { turnHostFor, type TaskEnv, type TurnHostParts } from "./session-tasks.js";
import { SessionSettings } from "./session-settings.js";
import { TaskSlot } from "./task-slot.js";
import { ThreadIndexUpdater } from "./thread-index-updater.js";
import type { ThreadRollout } from "./thread-rollout.js";
import { ThreadUpkeep } from "./thread-upkeep.js";
import type { ClientIo } from "./tool-api/client-io.js";
import type { ToolSet } from "./tool-api/tool-set.js";
import type { TurnContext } from "./turn-context.js";
import { resumedUsage } from "./usage.js";
import { UsageReport } from "./usage-report.js";

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
  /** What started the thread ("cli", "exec", "vscode", ...): decides whether memories are brought up to date. */
  source?: string;
  /** A subagent's session: its hooks are SubagentStart / SubagentStop instead of SessionStart / Stop. */
  subagent?: { agentType: string };
  /** Started from a running session by the user (/new): SessionStart's source is `clear`. */
  clearedSession?: boolean;
  /** Hook sources beyond the config layers' (installed plugins). */
  hookSources?: readonly HookSource[];
}

/** What the parts reach of the session that owns them. */
export interface SessionHost {
  /** Emits (through the item tracker) as the submission `subId`. */
  emit(subId: string, msg: KnownEventMsg): void;
  /** The submission that carries events outside a turn: the running task's, else the last one. */
  currentSubId(): string;
  warnOnce(key: string, message: string): void;
  /** The latest update_plan, restated after a compaction. */
  latestPlan(): PlanStep[] | undefined;
  mcp(): SessionMcp | undefined;
}

export interface SessionParts {
  /** Turn defaults, instructions and the model client (session-settings.ts). */
  settings: SessionSettings;
  history: ConversationHistory;
  rollout: ThreadRollout;
  /** Rollout turn contexts and flushes, and the thread index row. */
  upkeep: ThreadUpkeep;
  /** What the model is told before each task's input (context-recorder.ts). */
  context: ContextRecorder;
  /** The running task, at most one (task-slot.ts); what each kind of task does is session-tasks.ts. */
  tasks: TaskSlot;
  taskEnv: TaskEnv;
  requests: ClientRequests;
  commandGate: CommandGate;
  compactor: Compactor;
  /** Makes the turn's items from what the engine emits (core/items/item-tracker.ts). */
  items: ItemTracker;
  /**
   * Starts the session's MCP servers (the first configure_session does; none when none is configured), from
   * the session's config or, on a reload, a freshly loaded one.
   */
  openMcp: (fresh?: SessionMcpOptions["config"]) => SessionMcp | undefined;
  /** Lifecycle hooks (undefined with `[features] hooks = false`). */
  hooks: SessionHooks | undefined;
  /** The token usage reports (a resumed thread counts on from the totals its last token_count recorded). */
  usage: UsageReport;
}

export function buildSessionParts(options: SessionOptions, host: SessionHost): SessionParts {
  const { config, seed } = options;
  const threadId = seed.id;
  const rollout = seed.rollout;
  const tasks = new TaskSlot();
  const requests = new ClientRequests(options.interactive);
  const history = new ConversationHistory(seed.history, (items) => rollout.recordItems(items));
  const settings = new SessionSettings({
    config,
    env: options.env,
    threadId,
    originator: options.originator,
    ...(options.auth ? { auth: options.auth } : {}),
  });
  const usage = new UsageReport(resumedUsage(seed.replay?.lastTokenCount), settings, (subId, msg) =>
    host.emit(subId, msg),
  );
  const context = new ContextRecorder(
    history,
    options.skills ?? SkillsManager.forConfig(config),
    settings,
    config,
    seed.replay ? { lastTurnContext: seed.replay.lastTurnContext, history: seed.history } : undefined,
  );
  const hooks = hooksEnabled(config)
    ? new SessionHooks({
        config,
        env: options.env,
        threadId,
        transcriptPath: rollout.path,
        ...(options.hookSources ? { extraSources: options.hookSources } : {}),
        model: () => settings.defaults.model,
        permissionMode: () => permissionModeOf(settings.defaults),
        emit: (msg) => host.emit(host.currentSubId(), msg),
        warnOnce: (key, message) => host.warnOnce(key, message),
      })
    : undefined;
  const compactor = new Compactor({
    threadId,
    history,
    rollout,
    client: () => settings.client,
    latestPlan: () => host.latestPlan(),
    usage: {
      spent: (spent) => usage.record(host.currentSubId(), spent),
      contextNow: (tokens) => usage.reportContext(host.currentSubId(), tokens),
    },
    ...(config.compactPrompt !== undefined ? { prompt: config.compactPrompt } : {}),
    autoLimit: (model) =>
      autoCompactLimit(
        config.toml.model_auto_compact_token_limit ?? modelInfo(model).autoCompactTokenLimit,
        settings.contextWindow(model),
      ),
    autoScope: {
      scope: config.toml.model_auto_compact_token_limit_scope ?? "total",
      contextWindow: (model) => settings.contextWindow(model),
    },
    hooks: {
      before: (trigger, cwd, signal) =>
        hooks?.preCompact(trigger, { cwd, turnId: null, signal }) ?? Promise.resolve(),
      after: (trigger, cwd, signal) =>
        hooks?.postCompact(trigger, { cwd, turnId: null, signal }) ?? Promise.resolve(),
    },
  });
  const commandGate = sessionCommandGate({
    config,
    env: options.env,
    ...(options.rules ? { rules: options.rules } : {}),
    warnOnce: (key, message) => host.warnOnce(key, message),
    warn: (message) => host.emit(host.currentSubId(), { type: "warning", message }),
  });
  const patchGate = new PatchGate();
  const hookWiring = hooks
    ? new SessionHookWiring(hooks, {
        ...(options.subagent ? { subagentType: options.subagent.agentType } : {}),
        resumed: seed.replay !== undefined,
        cleared: options.clearedSession === true,
        cwd: () => settings.defaults.cwd,
      })
    : undefined;
  const taskEnv: TaskEnv = {
    threadId,
    config,
    settings,
    compactor,
    context,
    steering: tasks.steering,
    turnHost: (subId, controller, turn) =>
      turnHostFor(
        {
          threadId,
          client: settings.client,
          tools: options.tools.registry,
          history,
          env: options.env,
          codexHome: config.codexHome,
          ...(config.readDenial ? { readDenial: config.readDenial } : {}),
          ...(config.toml.show_raw_agent_reasoning ? { showRawReasoning: true } : {}),
          ...(config.toml.tool_output_token_limit !== undefined
            ? { toolOutputTokenLimit: config.toml.tool_output_token_limit }
            : {}),
          meter: compactor.meter,
          commands: commandGate,
          patches: patchGate,
          requests,
          emit: (msg) => host.emit(subId, msg),
          // The reviewer runs with the turn's own model and settings.
          ...autoReviewPart(config, () => turn),
          ...(options.clientIo ? { clientIo: options.clientIo } : {}),
          ...hookWiring?.turnParts(),
        },
        controller,
      ),
    mcp: () => host.mcp(),
    recordUsage: (subId, spent) => usage.record(subId, spent),
    warnOnce: (key, message) => host.warnOnce(key, message),
    emit: (subId, msg) => host.emit(subId, msg),
    ...(hookWiring ? { hooks: (cwd: string) => hookWiring.forTask(cwd) } : {}),
  };
  return {
    settings,
    history,
    rollout,
    upkeep: new ThreadUpkeep(
      rollout,
      new ThreadIndexUpdater(config, (message) => host.warnOnce(`index:${message}`, message)),
      seed.warnings,
    ),
    context,
    tasks,
    taskEnv,
    requests,
    commandGate,
    compactor,
    items: new ItemTracker(threadId),
    openMcp: (fresh) =>
      options.openSessionMcp({
        config: fresh ?? config,
        env: options.env,
        registry: options.tools.registry,
        emit: (msg) => host.emit(host.currentSubId(), msg),
        waitForApproval: (callId, signal) => requests.waitForExec(callId, signal),
        ...(options.auth ? { auth: options.auth } : {}),
      }),
    hooks,
    usage,
  };
}

/** `approvals_reviewer`: "auto_review" (and Codex's older name, "guardian_subagent") review by model call. */
function autoReviewPart(config: Config, turn: () => TurnContext): Partial<Pick<TurnHostParts, "autoReview">> {
  const reviewer = config.toml.approvals_reviewer;
  if (reviewer !== "auto_review" && reviewer !== "guardian_subagent") return {};
  const policy = config.toml.auto_review?.policy;
  return { autoReview: { turn, ...(policy ? { policy } : {}) } };
}
