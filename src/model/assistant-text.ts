// The text of the assistant's messages in one model call, for calls that want an answer rather than a
// turn (the approvals reviewer, memories): a stream that is retried starts the text again.
import { isKnownItem, messageText } from "../protocol/items.js";
import type { ModelClient, ResponsesRequest } from "./model-client.js";

export async function assistantText(
  client: ModelClient,
  request: ResponsesRequest,
  signal: AbortSignal,
): Promise<string> {
  let text = "";
  for await (const event of client.stream(request, signal)) {
    if (event.type === "retry") text = "";
    else if (
      event.type === "output_item_done" &&
      isKnownItem(event.item, "message") &&
      event.item.role === "assistant"
    ) {
      text += messageText(event.item);
    }
  }
  return text;
}
