// One request of the memories pipeline: instructions, one input message, and an answer held to a JSON
// schema (strict structured output), read as it streams and checked with zod. No tools, nothing stored.
import type { z } from "zod";
import { assistantText } from "../../model/assistant-text.js";
import { supportsReasoning } from "../../model/model-info.js";
import type { ModelClient, ResponsesRequest } from "../../model/model-client.js";
import { userTextMessage } from "../../protocol/items.js";
import { requestServiceTier } from "../request.js";

export class MemoryModelError extends Error {}

export interface MemoryCall<T> {
  client: ModelClient;
  model: string;
  effort: "low" | "medium";
  instructions: string;
  input: string;
  /** The JSON schema sent with the request, and the zod schema the answer must pass. */
  name: string;
  jsonSchema: Record<string, unknown>;
  parse: z.ZodType<T>;
  serviceTier?: string;
  signal: AbortSignal;
}

export function memoryRequest(
  call: Omit<MemoryCall<unknown>, "client" | "parse" | "signal">,
): ResponsesRequest {
  const reasoning = supportsReasoning(call.model);
  const request: ResponsesRequest = {
    model: call.model,
    instructions: call.instructions,
    input: [userTextMessage(call.input)],
    tools: [],
    tool_choice: "auto",
    parallel_tool_calls: false,
    reasoning: reasoning ? { effort: call.effort } : null,
    store: false,
    stream: true,
    include: [],
    text: { format: { type: "json_schema", name: call.name, schema: call.jsonSchema, strict: true } },
  };
  const tier = requestServiceTier(call.serviceTier);
  if (tier !== undefined) request.service_tier = tier;
  return request;
}

export async function callMemoryModel<T>(call: MemoryCall<T>): Promise<T> {
  const text = await assistantText(call.client, memoryRequest(call), call.signal);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MemoryModelError(`the ${call.name} answer is not JSON: ${text.slice(0, 200)}`);
  }
  const parsed = call.parse.safeParse(json);
  if (!parsed.success) throw new MemoryModelError(`the ${call.name} answer has the wrong shape`);
  return parsed.data;
}
