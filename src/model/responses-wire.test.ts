import { describe, expect, it } from "vitest";
import type { ResponsesRequest } from "./model-client.js";
import { responsesWire } from "./responses-wire.js";

const request = (input: ResponsesRequest["input"], store = false): ResponsesRequest => ({
  model: "gpt-5.1-codex",
  input,
  tools: [],
  tool_choice: "auto",
  parallel_tool_calls: false,
  reasoning: null,
  store,
  stream: true,
  include: [],
});

describe("responsesWire.body", () => {
  it("leaves out reasoning the API cannot resolve (no encrypted content, nothing stored)", () => {
    const kept = { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "abc" };
    const fromChat = {
      type: "reasoning",
      id: "rs_chatcmpl-1",
      summary: [{ type: "summary_text", text: "t" }],
    };
    const message = { type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] };
    expect((responsesWire.body(request([message, fromChat, kept])) as ResponsesRequest).input).toEqual([
      message,
      kept,
    ]);
    const stored = request([fromChat], true);
    expect(responsesWire.body(stored)).toBe(stored);
  });
});
