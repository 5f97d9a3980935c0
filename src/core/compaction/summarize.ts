// Asks the model for a handoff summary of the conversation so far.
import type { ModelClient } from "../../model/model-client.js";
import type { KnownEventMsg, TokenUsage } from "../../protocol/core-protocol.js";
import { isKnownItem, messageText, userTextMessage, type ResponseItem } from "../../protocol/items.js";
import { readPackageFile } from "../package-files.js";
import { buildRequest } from "../request.js";
import type { TurnContext } from "../turn-context.js";

export class CompactionError extends Error {}

export async function summarizeConversation(options: {
  client: ModelClient;
  turn: TurnContext;
  threadId: string;
  items: readonly ResponseItem[];
  /** `compact_prompt` (or its file); the built-in prompt otherwise. */
  prompt?: string;
  signal: AbortSignal;
  emit: (msg: KnownEventMsg) => void;
}): Promise<{ summary: string; usage?: TokenUsage }> {
  const request = buildRequest({
    turn: options.turn,
    input: [...options.items, userTextMessage(options.prompt ?? readPackageFile("prompts/compact.md"))],
    tools: [],
    threadId: options.threadId,
  });
  let summary = "";
  let usage: TokenUsage | undefined;
  for await (const event of options.client.stream(request, options.signal)) {
    if (event.type === "retry") {
      summary = "";
      options.emit({
        type: "stream_error",
        message: `Reconnecting... ${event.attempt}/${event.maxAttempts} (${event.reason})`,
      });
    } else if (
      event.type === "output_item_done" &&
      isKnownItem(event.item, "message") &&
      event.item.role === "assistant"
    ) {
      summary += messageText(event.item);
    } else if (event.type === "completed" && event.usage) {
      usage = event.usage;
    }
  }
  if (summary.trim() === "") throw new CompactionError("the model returned an empty summary");
  return usage ? { summary, usage } : { summary };
}
