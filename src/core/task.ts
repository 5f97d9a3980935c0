// A task: the user's input, then turns until one yields no tool call, an error, or an interrupt.
import type { TokenUsage } from "../protocol/core-protocol.js";
import type { UserInputItem } from "../protocol/user-input.js";
import { ModelError } from "../model/responses-client.js";
import { runTurn, type TurnHost } from "./turn.js";
import type { TurnContext } from "./turn-context.js";
import { userInputText, userInputToMessage } from "./user-input.js";

export class TaskAbort extends Error {
  constructor(readonly reason: "interrupted" | "replaced") {
    super(reason);
  }
}

export interface TaskOptions {
  host: TurnHost;
  turn: TurnContext;
  turnId: string;
  input: readonly UserInputItem[];
  signal: AbortSignal;
  outputSchema?: unknown;
  modelContextWindow?: number;
  onUsage: (usage: TokenUsage) => void;
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
    host.history.record(userInputToMessage(options.input, turn.cwd));
    host.emit({ type: "user_message", message: userInputText(options.input) });
    for (;;) {
      const result = await runTurn({ host, turn, turnId, signal, outputSchema: options.outputSchema });
      if (result.usage) options.onUsage(result.usage);
      if (result.lastAgentMessage !== undefined) lastAgentMessage = result.lastAgentMessage;
      if (result.responseId) responseId = result.responseId;
      if (!result.needsFollowUp) break;
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
  host.emit({
    type: "task_complete",
    turn_id: turnId,
    last_agent_message: lastAgentMessage ?? null,
    response_id: responseId ?? null,
  });
}
