import { describe, expect, it } from "vitest";
import type { ResponseItem } from "../../protocol/items.js";
import type { ResponsesRequest } from "../model-client.js";
import { learnModelInfo } from "../model-info.js";
import { toChatMessages, toChatRequest } from "./chat-request.js";

const text = (role: string, t: string): ResponseItem => ({
  type: "message",
  role,
  content: [{ type: role === "assistant" ? "output_text" : "input_text", text: t }],
});

function request(over: Partial<ResponsesRequest>): ResponsesRequest {
  return {
    model: "m",
    input: [],
    tools: [],
    tool_choice: "auto",
    parallel_tool_calls: false,
    reasoning: null,
    store: false,
    stream: true,
    include: [],
    ...over,
  };
}

describe("toChatMessages", () => {
  it("joins leading developer messages into one system message and consecutive user messages", () => {
    const messages = toChatMessages(
      [text("developer", "base"), text("developer", "more"), text("user", "agents"), text("user", "hi")],
      { images: true },
    );
    expect(messages).toEqual([
      { role: "system", content: "base\n\nmore" },
      { role: "user", content: "agents\n\nhi" },
    ]);
  });

  it("puts calls of one response in one assistant message, followed by their tool messages", () => {
    const input: ResponseItem[] = [
      text("user", "go"),
      text("assistant", "looking"),
      { type: "function_call", call_id: "c1", name: "exec_command", arguments: '{"cmd":"ls"}' },
      { type: "custom_tool_call", call_id: "c2", name: "apply_patch", input: "*** Begin Patch" },
      { type: "function_call_output", call_id: "c1", output: "a.txt" },
      text("user", "an image follows"),
      { type: "custom_tool_call_output", call_id: "c2", output: [{ type: "input_text", text: "done" }] },
      { type: "reasoning", summary: [], encrypted_content: "xyz" },
      text("assistant", "ok"),
    ];
    expect(toChatMessages(input, { images: true })).toEqual([
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: "looking",
        tool_calls: [
          { id: "c1", type: "function", function: { name: "exec_command", arguments: '{"cmd":"ls"}' } },
          {
            id: "c2",
            type: "function",
            function: { name: "apply_patch", arguments: '{"input":"*** Begin Patch"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "a.txt" },
      { role: "tool", tool_call_id: "c2", content: "done" },
      { role: "user", content: "an image follows" },
      { role: "assistant", content: "ok" },
    ]);
  });

  it("sends images as image_url parts, or a note when the model takes none", () => {
    const input: ResponseItem[] = [
      {
        type: "message",
        role: "user",
        content: [
          { type: "input_text", text: "see" },
          { type: "input_image", image_url: "data:image/png;base64,AAA" },
        ],
      },
    ];
    expect(toChatMessages(input, { images: true })).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "see" },
          { type: "image_url", image_url: { url: "data:image/png;base64,AAA" } },
        ],
      },
    ]);
    const [message] = toChatMessages(input, { images: false });
    expect(message?.content).toMatch(/^see\n\n\[an image was attached here/);
  });

  it("keeps a later developer message as a user message, after the instructions", () => {
    expect(
      toChatMessages([text("user", "a"), text("assistant", "b"), text("developer", "mode changed")], {
        instructions: "be brief",
        images: true,
      }),
    ).toEqual([
      { role: "system", content: "be brief" },
      { role: "user", content: "a" },
      { role: "assistant", content: "b" },
      { role: "user", content: "mode changed" },
    ]);
  });
});

describe("toChatRequest", () => {
  const tools = [
    {
      type: "function",
      name: "exec_command",
      description: "run",
      strict: false,
      parameters: { type: "object" },
    },
    { type: "custom", name: "apply_patch", description: "patch", format: { type: "grammar" } },
    { type: "web_search" },
  ];

  it("maps tools, effort, output schema and asks for usage", () => {
    const chat = toChatRequest(
      request({
        tools,
        parallel_tool_calls: true,
        reasoning: { effort: "high", summary: "auto" },
        text: { format: { type: "json_schema", name: "s", schema: { type: "object" }, strict: true } },
      }),
    );
    expect(chat).toMatchObject({
      model: "m",
      stream: true,
      stream_options: { include_usage: true },
      tool_choice: "auto",
      parallel_tool_calls: true,
      reasoning_effort: "high",
      response_format: {
        type: "json_schema",
        json_schema: { name: "s", schema: { type: "object" }, strict: true },
      },
    });
    expect(chat.tools).toEqual([
      {
        type: "function",
        function: { name: "exec_command", description: "run", parameters: { type: "object" } },
      },
      {
        type: "function",
        function: {
          name: "apply_patch",
          description: "patch",
          parameters: expect.objectContaining({ required: ["input"] }) as unknown,
        },
      },
    ]);
  });

  it("offers no tools to a model that config says takes none", () => {
    learnModelInfo("no-tools", { supportsTools: false });
    const chat = toChatRequest(request({ model: "no-tools", tools }));
    expect(chat.tools).toBeUndefined();
    expect(chat.tool_choice).toBeUndefined();
  });
});
