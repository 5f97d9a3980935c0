// The Responses API on the wire: POST /responses with the request as it is; events are already ModelEvents.
import type { ResponsesRequest, WireFormat, WireParser } from "./model-client.js";
import { WireFailure } from "./model-client.js";
import { FATAL_FAILURE_CODES } from "./retry.js";
import { parseStreamEvent, type ModelEvent } from "./stream-events.js";

class ResponsesParser implements WireParser {
  done = false;

  push(data: string): ModelEvent[] {
    const event = parseStreamEvent(data);
    if (!event) return [];
    if (event.type === "failed") {
      throw new WireFailure(event.message, event.code, !event.code || !FATAL_FAILURE_CODES.has(event.code));
    }
    if (event.type === "completed") this.done = true;
    return [event];
  }

  end(): ModelEvent[] | undefined {
    return this.done ? [] : undefined;
  }
}

/**
 * The request as it is, except reasoning items without encrypted content when nothing is stored: the API
 * could only look them up by id (and refuses the request), e.g. those a Chat Completions turn recorded.
 */
function body(request: ResponsesRequest): ResponsesRequest {
  if (request.store) return request;
  const unresolvable = (item: ResponsesRequest["input"][number]) =>
    item.type === "reasoning" && !(item as { encrypted_content?: unknown }).encrypted_content;
  if (!request.input.some(unresolvable)) return request;
  return { ...request, input: request.input.filter((item) => !unresolvable(item)) };
}

export const responsesWire: WireFormat = {
  path: "/responses",
  cutMessage: "stream closed before response.completed",
  body,
  parser: () => new ResponsesParser(),
};
