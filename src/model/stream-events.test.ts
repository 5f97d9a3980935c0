import { describe, expect, it } from "vitest";
import { parseStreamEvent } from "./stream-events.js";

describe("parseStreamEvent", () => {
  it.each([
    ['{"type":"response.created","response":{"id":"r1"}}', { type: "created", responseId: "r1" }],
    [
      '{"type":"response.output_text.delta","delta":"hi","item_id":"m1"}',
      { type: "output_text_delta", delta: "hi", itemId: "m1" },
    ],
    [
      '{"type":"response.completed","response":{"id":"r1","usage":{"input_tokens":3,"input_tokens_details":{"cached_tokens":1},"output_tokens":2,"output_tokens_details":{"reasoning_tokens":1},"total_tokens":5}}}',
      {
        type: "completed",
        responseId: "r1",
        usage: {
          input_tokens: 3,
          cached_input_tokens: 1,
          cache_write_input_tokens: 0,
          output_tokens: 2,
          reasoning_output_tokens: 1,
          total_tokens: 5,
        },
      },
    ],
    [
      '{"type":"response.failed","response":{"error":{"code":"rate_limit_exceeded","message":"slow down"}}}',
      { type: "failed", code: "rate_limit_exceeded", message: "slow down" },
    ],
    [
      '{"type":"response.incomplete","response":{"incomplete_details":{"reason":"max_output_tokens"}}}',
      { type: "failed", code: "incomplete", message: "incomplete response: max_output_tokens" },
    ],
  ])("parses %s", (data, expected) => {
    expect(parseStreamEvent(data)).toEqual(expected);
  });

  it("keeps unknown output item types verbatim", () => {
    const item = { type: "web_search_call", id: "ws1", status: "completed", action: { query: "x" } };
    expect(parseStreamEvent(JSON.stringify({ type: "response.output_item.done", item }))).toEqual({
      type: "output_item_done",
      item,
    });
  });

  it.each([['{"type":"response.something_new","x":1}'], ["not json at all"], ["[]"]])(
    "skips %s without throwing",
    (data) => {
      expect(parseStreamEvent(data)).toBeUndefined();
    },
  );

  it("names a known event that fails validation, and its problem", () => {
    expect(parseStreamEvent('{"type":"response.output_text.delta"}')).toEqual({
      type: "invalid_event",
      eventType: "response.output_text.delta",
      problem: expect.stringContaining("delta"),
    });
  });
});
