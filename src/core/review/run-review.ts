// A review: a task of its own whose turns see only the review prompt and the target (not the thread's
// conversation), whose model output stays hidden until it ends, and whose findings then become the
// thread's answer (recorded in its history, so a follow-up can discuss them).
import type { KnownEventMsg, TokenUsage } from "../../protocol/core-protocol.js";
import { userTextMessage, type MessageItem } from "../../protocol/items.js";
import type { ReviewOutput, ReviewRequest } from "../../protocol/review.js";
import { ConversationHistory } from "../history.js";
import { readPackageFile } from "../package-files.js";
import { TaskAbort } from "../task.js";
import { runTurn, type TurnHost } from "../turn.js";
import type { TurnContext } from "../turn-context.js";
import { parseReviewOutput, renderReviewOutput } from "./review-output.js";
import { withHint } from "./review-target.js";

/** What the review's own turns stream is not the answer: the findings are, once parsed. */
const HIDDEN_DURING_REVIEW = new Set<string>(["agent_message", "agent_message_content_delta"]);

export interface ReviewTaskOptions {
  host: TurnHost;
  turn: TurnContext;
  turnId: string;
  request: ReviewRequest;
  signal: AbortSignal;
  onUsage: (usage: TokenUsage) => void;
  /** The `<environment_context>` the thread's config allows (none with include_environment_context = false). */
  environmentContext: string | undefined;
}

function assistantMessage(text: string): MessageItem {
  return { type: "message", role: "assistant", content: [{ type: "output_text", text }] };
}

export async function runReview(options: ReviewTaskOptions): Promise<void> {
  const { host, turnId, signal } = options;
  const turn: TurnContext = { ...options.turn, collaborationMode: "default" };
  const request = withHint(options.request, turn.cwd);
  const hint = request.user_facing_hint ?? "";
  host.emit({ type: "task_started", turn_id: turnId, collaboration_mode_kind: turn.collaborationMode });
  host.emit({
    type: "entered_review_mode",
    review_request: { target: request.target, user_facing_hint: hint },
  });
  host.emit({ type: "user_message", message: hint });

  const history = new ConversationHistory([
    userTextMessage(readPackageFile("prompts/review.md"), "developer"),
    ...(options.environmentContext !== undefined ? [userTextMessage(options.environmentContext)] : []),
    userTextMessage(request.prompt),
  ]);
  const emit = (msg: KnownEventMsg) => {
    if (!HIDDEN_DURING_REVIEW.has(msg.type)) host.emit(msg);
  };
  // The context meter counts the thread's history, which the review's turns do not grow.
  const { onResponse: _unused, ...shared } = host;
  const reviewHost: TurnHost = { ...shared, history, emit };
  let lastMessage: string | undefined;
  let responseId: string | undefined;
  let output: ReviewOutput;
  try {
    for (;;) {
      const result = await runTurn({ host: reviewHost, turn, turnId, signal });
      if (result.usage) options.onUsage(result.usage);
      if (result.lastAgentMessage !== undefined) lastMessage = result.lastAgentMessage;
      if (result.responseId) responseId = result.responseId;
      if (!result.needsFollowUp) break;
    }
    output = parseReviewOutput(lastMessage ?? "");
  } catch (err) {
    host.emit({ type: "exited_review_mode", review_output: null });
    if (signal.aborted) {
      const reason = signal.reason instanceof TaskAbort ? signal.reason.reason : "interrupted";
      host.emit({ type: "turn_aborted", turn_id: turnId, reason });
    } else {
      host.emit({ type: "error", message: `review failed: ${(err as Error).message}` });
    }
    return;
  }
  const rendered = renderReviewOutput(output);
  host.history.record(userTextMessage(`Code review requested: ${hint}`), assistantMessage(rendered));
  host.emit({ type: "exited_review_mode", review_output: output });
  host.emit({ type: "agent_message", message: rendered });
  host.emit({
    type: "task_complete",
    turn_id: turnId,
    last_agent_message: rendered,
    response_id: responseId ?? null,
  });
}
