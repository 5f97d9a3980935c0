// Builds the model request for a turn, in Responses form (a Chat Completions provider converts it).
import type { ResponsesRequest } from "../model/model-client.js";
import type { ResponseItem } from "../protocol/items.js";
import { supportsReasoning, supportsVerbosity } from "../model/model-info.js";
import type { TurnContext } from "./turn-context.js";

export function buildRequest(options: {
  turn: TurnContext;
  input: ResponseItem[];
  tools: Record<string, unknown>[];
  threadId: string;
  outputSchema?: unknown;
}): ResponsesRequest {
  const { turn } = options;
  const reasoning = supportsReasoning(turn.model);
  const request: ResponsesRequest = {
    model: turn.model,
    input: options.input,
    tools: options.tools,
    tool_choice: "auto",
    parallel_tool_calls: false,
    reasoning: reasoning
      ? {
          ...(turn.effort ? { effort: turn.effort } : {}),
          ...(turn.summary !== "none" ? { summary: turn.summary } : {}),
        }
      : null,
    store: false,
    stream: true,
    include: reasoning ? ["reasoning.encrypted_content"] : [],
    prompt_cache_key: options.threadId,
  };
  if (options.outputSchema !== undefined) {
    request.text = {
      format: {
        type: "json_schema",
        name: "codex_output_schema",
        schema: options.outputSchema,
        strict: true,
      },
    };
  }
  if (turn.verbosity && supportsVerbosity(turn.model)) {
    request.text = { ...request.text, verbosity: turn.verbosity };
  }
  const tier = requestServiceTier(turn.serviceTier);
  if (tier !== undefined) request.service_tier = tier;
  if (turn.cyberAccessProgram) request.access_programs = { cyber: turn.cyberAccessProgram };
  return request;
}

/** As Codex sends it: "fast" is the API's "priority"; "default" asks for standard routing (no field). */
export function requestServiceTier(tier: string | undefined): string | undefined {
  if (tier === undefined || tier === "" || tier === "default") return undefined;
  return tier === "fast" ? "priority" : tier;
}
