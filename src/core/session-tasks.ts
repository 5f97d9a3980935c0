// The tasks a session runs, one at a time (task-slot.ts): a user's turn (the agent loop of task.ts), a code
// review, and a compaction asked for by the user. Each gets what it needs of the session through
// `TaskEnv`; the session decides when one starts and what happens when it ends.
import type { Config } from "../config/load.js";
import type { KnownEventMsg, OpOf, TokenUsage } from "../protocol/core-protocol.js";
import type { UserInputItem } from "../protocol/user-input.js";
import type { Compactor } from "./compaction/compactor.js";
import type { ContextRecorder } from "./context-recorder.js";
import { uuidv7 } from "./ids.js";
import type { SessionMcp } from "./mcp-api/session-mcp.js";
import { notifyOnComplete } from "./notify.js";
import { runReview } from "./review/run-review.js";
import type { SessionSettings } from "./session-settings.js";
import { runTask, TaskAbort, type TaskHooks } from "./task.js";
import type { TurnServices } from "./turn-services.js";
import type { ClientRequests } from "./client-requests.js";
import {
  autoReviewDecision,
  autoReviewTimeoutMs,
  type McpReviewRequest,
  type ReviewedAction,
} from "./approvals/auto-review.js";
import { DenialBreaker } from "./approvals/denial-breaker.js";
import type { ContextMeter } from "./compaction/context-meter.js";
import type { TaskSlot } from "./task-slot.js";
import type { TurnHost } from "./turn.js";
import type { TurnContext } from "./turn-context.js";

export interface TaskEnv {
  threadId: string;
  config: Config;
  settings: SessionSettings;
  compactor: Compactor;
  context: ContextRecorder;
  steering: TaskSlot["steering"];
  /** The turn's view of the session, for the submission `subId` (its abort ends this task) and `turn`. */
  turnHost(subId: string, controller: AbortController, turn: TurnContext): TurnHost;
  /** The session's MCP servers (none configured: undefined). */
  mcp(): SessionMcp | undefined;
  recordUsage(subId: string, usage: TokenUsage): void;
  warnOnce(key: string, message: string): void;
  emit(subId: string, msg: KnownEventMsg): void;
  /** The lifecycle hooks of a user's turn (absent with `[features] hooks = false`). */
  hooks?(cwd: string): TaskHooks;
}

/** What a turn reaches of its session: the model, tools, history, gates and the user's answers. */
export interface TurnHostParts extends Omit<TurnHost, "services" | "onResponse" | "emit"> {
  meter: ContextMeter;
  commands: TurnServices["commands"];
  patches: TurnServices["patches"];
  requests: ClientRequests;
  /** Emits as the task's submission. */
  emit: (msg: KnownEventMsg) => void;
  /** Decides a command approval before anyone is asked (a PermissionRequest hook); undefined: ask. */
  decideExec?: (
    callId: string,
    request: Parameters<TurnServices["askExec"]>[1],
    signal: AbortSignal,
  ) => Promise<"approved" | "denied" | undefined>;
  /** `approvals_reviewer = "auto_review"`: approval requests go to a model call instead of the user. */
  autoReview?: { policy?: string; turn: () => TurnContext };
}

/** The turn's view of the session; aborting through it ends this task only (not one that replaced it). */
export function turnHostFor(parts: TurnHostParts, controller: AbortController): TurnHost {
  const { meter, commands, patches, requests, emit, decideExec, autoReview, ...host } = parts;
  const breaker = new DenialBreaker();
  // As Codex: too many denials in one turn interrupt it (after the denial is answered).
  const onOutcome = (denied: boolean, reviewId: string) => {
    const message = breaker.record(denied);
    if (message === undefined) return;
    emit({ type: "warning", message, auto_review_id: reviewId });
    controller.abort(new TaskAbort("interrupted"));
  };
  const review = (callId: string, action: ReviewedAction, signal: AbortSignal) =>
    autoReviewDecision(action, {
      callId,
      client: parts.client,
      turn: autoReview!.turn(),
      threadId: parts.threadId,
      ...(autoReview?.policy ? { policy: autoReview.policy } : {}),
      history: parts.history.snapshot(),
      signal,
      timeoutMs: autoReviewTimeoutMs(parts.env),
      onOutcome,
      emit,
    });
  const services: TurnServices = {
    commands,
    patches,
    askExec: async (callId, request, signal) =>
      (await decideExec?.(callId, request, signal)) ??
      (autoReview
        ? review(
            callId,
            {
              kind: "command",
              command: request.command,
              cwd: request.cwd,
              ...reasonOf(request),
              ...(request.source ? { source: request.source } : {}),
            },
            signal,
          )
        : requests.askExec(emit, callId, request, signal)),
    askPatch: (callId, request, signal) =>
      autoReview
        ? review(callId, { kind: "patch", changes: request.changes, ...reasonOf(request) }, signal)
        : requests.askPatch(emit, callId, request, signal),
    ...(autoReview
      ? {
          reviewMcp: (callId: string, request: McpReviewRequest, signal: AbortSignal) =>
            review(callId, { kind: "mcp", ...request }, signal),
        }
      : {}),
    askUser: (callId, turnId, questions, signal) => requests.askUser(emit, callId, turnId, questions, signal),
    abortTask: () => controller.abort(new TaskAbort("interrupted")),
  };
  return {
    ...host,
    emit,
    services,
    onResponse: (usage) => meter.onResponse(usage, parts.history.length),
  };
}

const reasonOf = (request: { reason?: string }) => (request.reason ? { reason: request.reason } : {});

/** A user's turn: the model and its tool calls until the model calls no tool. */
export function userTurnTask(
  env: TaskEnv,
  subId: string,
  op: OpOf<"user_turn"> | OpOf<"user_input">,
  turn: TurnContext,
  controller: AbortController,
): Promise<void> {
  const { config, settings, compactor } = env;
  const turnId = uuidv7();
  const emit = (msg: KnownEventMsg) => env.emit(subId, msg);
  const contextWindow = settings.contextWindow(turn.model);
  return runTask({
    host: withMcp(env.turnHost(subId, controller, turn), env.mcp(), op.items),
    turn,
    turnId,
    input: op.items,
    ...(op.client_id ? { clientId: op.client_id } : {}),
    signal: controller.signal,
    ...(op.type === "user_turn" && op.final_output_json_schema !== undefined
      ? { outputSchema: op.final_output_json_schema }
      : {}),
    ...(contextWindow !== undefined ? { modelContextWindow: contextWindow } : {}),
    onUsage: (usage) => env.recordUsage(subId, usage),
    ...(config.toml.notify
      ? {
          onComplete: notifyOnComplete(config.toml.notify, {
            threadId: env.threadId,
            turnId,
            cwd: turn.cwd,
            input: op.items,
            warn: (message) => env.warnOnce(`notify:${message}`, message),
          }),
        }
      : {}),
    ...(env.hooks ? { hooks: env.hooks(turn.cwd) } : {}),
    steering: env.steering,
    extraInput: env.context.skillInjections(op.items, turn.cwd),
    compaction: {
      beforeTurn: (signal) => compactor.maybeCompact(turn, signal, emit),
      afterOverflow: (signal) => compactor.compact(turn, signal, emit, "context_length_exceeded"),
    },
  });
}

/** A task waits for MCP servers to start (bounded), and its mentions (`app://ID`) select connector tools. */
function withMcp(host: TurnHost, mcp: SessionMcp | undefined, items: readonly UserInputItem[]): TurnHost {
  if (!mcp) return host;
  const toolSelection = items.flatMap((item) => (item.type === "mention" ? [item.path] : []));
  return { ...host, toolSelection, toolsReady: (signal) => mcp.ready(signal) };
}

/** A code review (the `review` op), in a history of its own. */
export function reviewTask(
  env: TaskEnv,
  subId: string,
  op: OpOf<"review">,
  turn: TurnContext,
  controller: AbortController,
): Promise<void> {
  return runReview({
    host: env.turnHost(subId, controller, turn),
    turn,
    turnId: uuidv7(),
    request: op.review_request,
    signal: controller.signal,
    onUsage: (usage) => env.recordUsage(subId, usage),
    environmentContext: env.context.environmentContext(turn),
  });
}

/** A compaction the user asked for (the `compact` op), announced as a task of its own. */
export async function compactionTask(
  env: TaskEnv,
  subId: string,
  turn: TurnContext,
  controller: AbortController,
): Promise<void> {
  const turnId = uuidv7();
  const emit = (msg: KnownEventMsg) => env.emit(subId, msg);
  emit({ type: "task_started", turn_id: turnId, collaboration_mode_kind: turn.collaborationMode });
  try {
    await env.compactor.compact(turn, controller.signal, emit, "manual");
  } catch (err) {
    if (controller.signal.aborted) emit({ type: "turn_aborted", turn_id: turnId, reason: "interrupted" });
    else emit({ type: "error", message: `compaction failed: ${(err as Error).message}` });
    return;
  }
  emit({ type: "task_complete", turn_id: turnId, last_agent_message: null, response_id: null });
}
