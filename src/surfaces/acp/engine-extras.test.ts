import { describe, expect, it } from "vitest";
import { EngineExtras } from "./engine-extras.js";
import { ToolCallLedger } from "./tool-calls.js";

describe("EngineExtras", () => {
  it("streams deltas and remembers them for the completed item", () => {
    const extras = new EngineExtras(new ToolCallLedger(), "/work");
    const delta = { thread_id: "t", turn_id: "u", item_id: "m" };
    expect(extras.updates({ type: "agent_message_content_delta", ...delta, delta: "Hel" })).toEqual([
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Hel" } },
    ]);
    extras.updates({ type: "agent_message_content_delta", ...delta, delta: "lo" });
    expect(extras.take("message")).toBe("Hello");
    expect(extras.take("message")).toBe("");
  });

  it("shows a command's output as it arrives, decoded", () => {
    const extras = new EngineExtras(new ToolCallLedger(), "/work");
    const chunk = (text: string) => Buffer.from(text).toString("base64");
    extras.updates({
      type: "exec_command_output_delta",
      call_id: "c",
      stream: "stdout",
      chunk: chunk("a\n"),
    });
    expect(
      extras.updates({
        type: "exec_command_output_delta",
        call_id: "c",
        stream: "stderr",
        chunk: chunk("b"),
      }),
    ).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "c",
        content: [{ type: "content", content: { type: "text", text: "```\na\nb\n```" } }],
      },
    ]);
  });

  it("knows the plan steps in progress and shows tool calls items lack", () => {
    const extras = new EngineExtras(new ToolCallLedger(), "/work");
    extras.observe({
      type: "plan_update",
      plan: [
        { step: "a", status: "completed" },
        { step: "b", status: "in_progress" },
      ],
    });
    expect([extras.inProgress("a"), extras.inProgress("b")]).toEqual([false, true]);
    expect(extras.updates({ type: "view_image_tool_call", call_id: "v", path: "img.png" })).toMatchObject([
      { sessionUpdate: "tool_call", toolCallId: "v", kind: "read", locations: [{ path: "/work/img.png" }] },
    ]);
  });
});
