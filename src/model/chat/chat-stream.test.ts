import { describe, expect, it } from "vitest";
import { WireFailure } from "../model-client.js";
import type { ModelEvent } from "../stream-events.js";
import { ChatStreamParser } from "./chat-stream.js";

const chunk = (delta: Record<string, unknown>, finish: string | null = null, id = "cc1") =>
  JSON.stringify({
    id,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

function run(
  payloads: string[],
  freeform: string[] = [],
): { events: ModelEvent[]; parser: ChatStreamParser } {
  const parser = new ChatStreamParser(new Set(freeform));
  const events = payloads.flatMap((p) => parser.push(p));
  return { events, parser };
}

describe("ChatStreamParser", () => {
  it("streams text, then the message item and completed with the final chunk's usage", () => {
    const { events, parser } = run([
      chunk({ role: "assistant", content: "" }),
      chunk({ content: "Hel" }),
      chunk({ content: "lo" }),
      chunk({}, "stop"),
      JSON.stringify({
        id: "cc1",
        choices: [],
        usage: {
          prompt_tokens: 7,
          completion_tokens: 2,
          total_tokens: 9,
          prompt_tokens_details: { cached_tokens: 3 },
        },
      }),
      "[DONE]",
    ]);
    expect(parser.done).toBe(true);
    expect(events).toEqual([
      { type: "created", responseId: "cc1" },
      { type: "output_item_added", item: { type: "message", role: "assistant", id: "msg_cc1", content: [] } },
      { type: "output_text_delta", itemId: "msg_cc1", delta: "Hel" },
      { type: "output_text_delta", itemId: "msg_cc1", delta: "lo" },
      {
        type: "output_item_done",
        item: {
          type: "message",
          role: "assistant",
          id: "msg_cc1",
          content: [{ type: "output_text", text: "Hello" }],
        },
      },
      {
        type: "completed",
        responseId: "cc1",
        usage: {
          input_tokens: 7,
          cached_input_tokens: 3,
          output_tokens: 2,
          reasoning_output_tokens: 0,
          total_tokens: 9,
        },
      },
    ]);
  });

  it("assembles tool calls from argument pieces by index, parallel calls in index order", () => {
    const { events } = run(
      [
        chunk({
          tool_calls: [
            { index: 1, id: "c2", type: "function", function: { name: "apply_patch", arguments: "" } },
          ],
        }),
        chunk({
          tool_calls: [
            { index: 0, id: "c1", type: "function", function: { name: "exec_command", arguments: '{"cm' } },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'd":"ls"}' } }] }),
        chunk({ tool_calls: [{ index: 1, function: { arguments: '{"input":"*** Begin Patch"}' } }] }),
        chunk({}, "tool_calls"),
        "[DONE]",
      ],
      ["apply_patch"],
    );
    const done = events.filter((e) => e.type === "output_item_done").map((e) => e.item);
    expect(done).toEqual([
      { type: "function_call", call_id: "c1", name: "exec_command", arguments: '{"cmd":"ls"}' },
      { type: "custom_tool_call", call_id: "c2", name: "apply_patch", input: "*** Begin Patch" },
    ]);
  });

  it("takes Ollama's whole calls and `reasoning` deltas, and ends without [DONE] after a finish reason", () => {
    const { events, parser } = run([
      chunk({ role: "assistant", content: "", reasoning: "think" }, null, "chatcmpl-9"),
      chunk(
        { tool_calls: [{ id: "call_x", function: { name: "exec_command", arguments: '{"cmd":"pwd"}' } }] },
        null,
        "chatcmpl-9",
      ),
      chunk({}, "stop", "chatcmpl-9"),
    ]);
    expect(parser.done).toBe(false);
    const tail = parser.end() ?? [];
    const all = [...events, ...tail];
    expect(all).toContainEqual({
      type: "reasoning_summary_delta",
      itemId: "rs_chatcmpl-9",
      summaryIndex: 0,
      delta: "think",
    });
    expect(tail.map((e) => (e.type === "output_item_done" ? e.item.type : e.type))).toEqual([
      "reasoning",
      "function_call",
      "completed",
    ]);
  });

  it("reports a stream cut before any finish as incomplete", () => {
    const { parser } = run([chunk({ content: "Hel" })]);
    expect(parser.end()).toBeUndefined();
  });

  it.each([
    ["length", "max_output_tokens"],
    ["content_filter", "content_filter"],
  ])("fails on finish_reason %s", (finish, code) => {
    const parser = new ChatStreamParser(new Set());
    parser.push(chunk({ content: "x" }, finish));
    let failure: unknown;
    try {
      parser.push("[DONE]");
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeInstanceOf(WireFailure);
    expect(failure).toMatchObject({ code, retryable: false });
  });

  it("fails with the server's message on an error chunk", () => {
    const parser = new ChatStreamParser(new Set());
    expect(() => parser.push(JSON.stringify({ error: { message: "out of memory" } }))).toThrow(
      /out of memory/,
    );
  });
});
