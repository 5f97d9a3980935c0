// The text of the assistant's messages in one model call, for calls that want an answer rather than a
// turn (the approvals reviewer, memories, the compaction summary): a stream that is retried starts the
// text again.
import type { TokenUsage } from "../protocol/core-protocol.js";
import { isKnownItem, messageText } from "../protocol/items.js";
import type { ModelClient, ResponsesRequest, RetryNotice } from "./model-client.js";

export interface AssistantAnswer {
  text: string;
  /** What the completed response reported it used, when it did. */
  usage?: TokenUsage;
}

/** The answer and its usage; `onRetry` hears of each attempt that failed and was started again. */
export async function assistantAnswer(
  client: ModelClient,
  request: ResponsesRequest,
  signal: AbortSignal,
  onRetry?: (notice: RetryNotice) => void,
): Promise<AssistantAnswer> {
  let text = "";
  let usage: TokenUsage | undefined;
  for await (const event of client.stream(request, signal)) {
    if (event.type === "retry") {
      text = "";
      onRetry?.(event);
    } else if (
      event.type === "output_item_done" &&
      isKnownItem(event.item, "message") &&
      event.item.role === "assistant"
    ) {
      text += messageText(event.item);
    } else if (event.type === "completed" && event.usage) {
      usage = event.usage;
    }
  }
  return usage ? { text, usage } : { text };
}

export async function assistantText(
  client: ModelClient,
  request: ResponsesRequest,
  signal: AbortSignal,
): Promise<string> {
  return (await assistantAnswer(client, request, signal)).text;
}
