// The Chat Completions API on the wire: POST /chat/completions, the request converted per call.
import type { WireFormat } from "../model-client.js";
import { freeformToolNames, toChatRequest } from "./chat-request.js";
import { ChatStreamParser } from "./chat-stream.js";

export const chatWire: WireFormat = {
  path: "/chat/completions",
  cutMessage: "stream closed before the model finished its answer",
  body: toChatRequest,
  parser: (request) => new ChatStreamParser(freeformToolNames(request)),
};
