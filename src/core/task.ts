// A task: the user's input, then turns until one yields no tool call, an error, or an interrupt.
import type { TokenUsage } from "../protocol/core-protocol.js";
import type { ResponseItem } from "../protocol/items.js";
import type { UserInputItem } from "../protocol/user-input.js";
import { ModelError } from "../model/model-client.js";
import { CONTEXT_OVERFLOW_ADVICE, isContextOverflow } from "./compaction/compactor.js";
import { PlanModeStream } from "./plan-mode/plan-stream.js";
import { runTurn, type TurnHost } from "./turn.js";
import type { TurnContext } from "./turn-context.js";
import {
  connectorCheck,
  mentionWarnings,
  taskInputItems,
  userInputText,
  userInputToMessage,
  userMessageEvent,
} from "./user-input.js";
import { userTextMessage } from "../protocol/items.js";

export class TaskAbort extends Error {
  constructor(readonly reason: "interrupted" | "replaced") {
    super(reason);
  }
}

/** Compaction as a task sees it: before each turn, and once after the model reports its context exceeded. */
export interface TaskCompaction {
  beforeTurn(signal: AbortSignal): Promise<void>;
  afterOverflow(signal: AbortSignal): Promise<void>;
}

/** Lifecycle hooks as a task sees them (core/hooks/session-hooks.ts behind them). */
export interface TaskHooks {
  /** SessionStart (first task of the session) and UserPromptSubmit: context for the model, or a block. */
  beforeInput(
    prompt: string,
    turnId: string,
    signal: AbortSignal,
  ): Promise<{ block?: string; context: string[] }>;
  /** Stop: a reason to keep the turn going (the prompt the model gets next), or nothing. */
  onStop(
    lastAgentMessage: string | undefined,
    stopHookActive: boolean,
    turnId: string,
    signal: AbortSignal,
  ): Promise<{ continueWith?: string; runIds: string[] }>;
}

export interface TaskOptions {
  host: TurnHost;
  turn: TurnContext;
  turnId: string;
  input: readonly UserInputItem[];
  /** The client's id for the input message, kept on its userMessage item. */
  clientId?: string;
  signal: AbortSignal;
  outputSchema?: unknown;
  modelContextWindow?: number;
  onUsage: (usage: TokenUsage) => void;
  /** What the input asked for besides itself (skills' instructions), recorded after it; warnings about it. */
  extraInput?: { items: ResponseItem[]; warnings: string[] };
  /** Input the user added while the task runs (`steer`): taken before each model request. */
  steering?: { take(): UserInputItem[][]; pending(): boolean };
  compaction?: TaskCompaction;
  hooks?: TaskHooks;
  /** Called as the task completes, before task_complete (not when it failed or was aborted). */
  onComplete?: (lastAgentMessage: string | undefined) => void;
}

export async function runTask(options: TaskOptions): Promise<void> {
  const { host, turn, turnId, signal } = options;
  host.emit({
    type: "task_started",
    turn_id: turnId,
    model_context_window: options.modelContextWindow ?? null,
    collaboration_mode_kind: turn.collaborationMode,
  });
  let lastAgentMessage: string | undefined;
  let responseId: string | undefined;
  try {
    // A mention is checked against connector tools, which exist once run-time tools have started.
    if (options.input.some((item) => item.type === "mention")) await host.toolsReady?.(signal);
    const hooked = await options.hooks?.beforeInput(userInputText(options.input), turnId, signal);
    if (hooked?.block !== undefined) {
      // The prompt never reaches the model (nor the history); the user learns why.
      host.emit({ type: "warning", message: `prompt blocked by a UserPromptSubmit hook: ${hooked.block}` });
      host.emit({ type: "task_complete", turn_id: turnId, last_agent_message: null, response_id: null });
      return;
    }
    const hasConnector = connectorCheck(host.tools);
    host.history.record(
      ...taskInputItems(options.input, turn.cwd, {
        connectorAvailable: hasConnector,
        hookContext: hooked?.context ?? [],
        extra: options.extraInput?.items ?? [],
      }),
    );
    host.emit(userMessageEvent(options.input, options.clientId));
    for (const message of options.extraInput?.warnings ?? []) host.emit({ type: "warning", message });
    for (const message of mentionWarnings(options.input, hasConnector))
      host.emit({ type: "warning", message });
    const plan =
      turn.collaborationMode === "plan"
        ? new PlanModeStream(host.emit, { threadId: host.threadId, turnId })
        : undefined;
    let compactedAfterOverflow = false;
    let stopHookActive = false;
    for (;;) {
      for (const items of options.steering?.take() ?? []) {
        host.history.record(userInputToMessage(items, turn.cwd));
        host.emit(userMessageEvent(items));
      }
      await options.compaction?.beforeTurn(signal);
      let result;
      try {
        result = await runTurn({
          host,
          turn,
          turnId,
          signal,
          outputSchema: options.outputSchema,
          plan,
          onAbortedUsage: options.onUsage,
        });
      } catch (err) {
        if (!isContextOverflow(err) || signal.aborted || !options.compaction) throw err;
        if (compactedAfterOverflow) throw new Error(CONTEXT_OVERFLOW_ADVICE);
        compactedAfterOverflow = true;
        await options.compaction.afterOverflow(signal);
        continue;
      }
      if (result.usage) options.onUsage(result.usage);
      if (result.lastAgentMessage !== undefined) lastAgentMessage = result.lastAgentMessage;
      if (result.responseId) responseId = result.responseId;
      // Input steered in during the last response still gets an answer.
      if (result.needsFollowUp || options.steering?.pending()) continue;
      const stop = await options.hooks?.onStop(lastAgentMessage, stopHookActive, turnId, signal);
      if (stop?.continueWith === undefined) break;
      if (stopHookActive) {
        // Kept going once already: a hook that always blocks must not loop the turn forever.
        host.emit({ type: "warning", message: "a Stop hook asked to continue again; the turn ends here" });
        break;
      }
      stopHookActive = true;
      host.history.record(userTextMessage(stop.continueWith));
      host.emit({
        type: "hook_prompt",
        fragments: stop.runIds.map((id) => ({ hook_run_id: id, text: stop.continueWith ?? "" })),
      });
    }
  } catch (err) {
    if (signal.aborted) {
      const reason = signal.reason instanceof TaskAbort ? signal.reason.reason : "interrupted";
      host.emit({ type: "turn_aborted", turn_id: turnId, reason });
      return;
    }
    const message = err instanceof ModelError || err instanceof Error ? err.message : String(err);
    const code = (err as { code?: unknown }).code;
    host.emit({ type: "error", message, ...(typeof code === "string" ? { codex_error_info: code } : {}) });
    return;
  }
  options.onComplete?.(lastAgentMessage);
  host.emit({
    type: "task_complete",
    turn_id: turnId,
    last_agent_message: lastAgentMessage ?? null,
    response_id: responseId ?? null,
  });
}
