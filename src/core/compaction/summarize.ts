// Asks the model for a handoff summary of the conversation so far.
import { assistantAnswer } from "../../model/assistant-text.js";
import type { ModelClient } from "../../model/model-client.js";
import type { KnownEventMsg, TokenUsage } from "../../protocol/core-protocol.js";
import { userTextMessage, type ResponseItem } from "../../protocol/items.js";
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
  const { text: summary, usage } = await assistantAnswer(options.client, request, options.signal, (retry) =>
    options.emit({
      type: "stream_error",
      message: `Reconnecting... ${retry.attempt}/${retry.maxAttempts} (${retry.reason})`,
    }),
  );
  if (summary.trim() === "") throw new CompactionError("the model returned an empty summary");
  return usage ? { summary, usage } : { summary };
}
