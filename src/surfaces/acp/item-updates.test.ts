import { describe, expect, it } from "vitest";
import { ItemUpdates } from "./item-updates.js";
import { changeDiff, commandKind, ToolCallLedger } from "./tool-calls.js";

describe("commandKind", () => {
  it.each([
    ["cat src/a.ts", "read"],
    ["sed -n 1,20p a.ts", "read"],
    ["rg foo src", "search"],
    ["bash -lc 'grep -rn foo .'", "search"],
    ["git grep foo", "search"],
    ["curl https://example.com", "fetch"],
    ["npm test", "execute"],
    ["bash -lc 'touch x'", "execute"],
  ])("%s is %s", (command, kind) => {
    expect(commandKind(command)).toBe(kind);
  });
});

describe("changeDiff", () => {
  it("turns an update's hunks into old and new text, at the absolute (moved) path", () => {
    const diff = changeDiff(
      "a.txt",
      { type: "update", unified_diff: "@@ -1,3 +1,3 @@\n keep\n-old\n+new\n tail\n", move_path: "b.txt" },
      "/work",
    );
    expect(diff).toEqual({
      type: "diff",
      path: "/work/b.txt",
      oldText: "keep\nold\ntail",
      newText: "keep\nnew\ntail",
    });
  });

  it("shows an added file as new text only and a deleted one as old text only", () => {
    expect(changeDiff("/abs/n.txt", { type: "add", content: "hi\n" }, "/work")).toEqual({
      type: "diff",
      path: "/abs/n.txt",
      oldText: null,
      newText: "hi\n",
    });
    expect(changeDiff("d.txt", { type: "delete", content: "bye\n" }, "/w")).toMatchObject({
      oldText: "bye\n",
      newText: "",
    });
  });
});

describe("ItemUpdates", () => {
  const make = (terminal?: string) =>
    new ItemUpdates(new ToolCallLedger(), "/work", (id) => (id === "call_t" ? terminal : undefined));
  const delta = { thread_id: "t", turn_id: "u" };

  it("streams a message's deltas and sends only the part of the completed item not streamed", () => {
    const updates = make();
    expect(
      updates.delta({ type: "agent_message_content_delta", ...delta, item_id: "m", delta: "Hello " }),
    ).toEqual([{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Hello " } }]);
    expect(updates.completed({ type: "agentMessage", id: "m", text: "Hello world" })).toEqual([
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "world" } },
    ]);
    expect(updates.completed({ type: "agentMessage", id: "n", text: "Again" })).toEqual([
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Again" } },
    ]);
  });

  it("separates reasoning summary parts and does not repeat streamed reasoning", () => {
    const updates = make();
    const part = (summary_index: number, text: string) =>
      updates.delta({ type: "agent_reasoning_delta", item_id: "r", summary_index, delta: text });
    part(0, "one");
    expect(part(1, "two")).toEqual([
      { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "\n\ntwo" } },
    ]);
    expect(updates.completed({ type: "reasoning", id: "r", summary: ["one", "two"], content: [] })).toEqual(
      [],
    );
  });

  it("opens a command under its call id, shows its output live, closes it with its output", () => {
    const updates = make();
    const item = {
      type: "commandExecution" as const,
      id: "call_1",
      command: ["ls"],
      cwd: "/work",
      status: "in_progress" as const,
      aggregated_output: null,
      exit_code: null,
      duration_ms: null,
    };
    expect(updates.started(item)).toMatchObject([
      {
        sessionUpdate: "tool_call",
        toolCallId: "call_1",
        kind: "search",
        status: "in_progress",
        title: "ls",
      },
    ]);
    const chunk = Buffer.from("a\n").toString("base64");
    expect(
      updates.delta({ type: "exec_command_output_delta", call_id: "call_1", stream: "stdout", chunk }),
    ).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "call_1",
        content: [{ type: "content", content: { type: "text", text: "```\na\n```" } }],
      },
    ]);
    const done = { ...item, aggregated_output: "a\nb\n", exit_code: 0, status: "completed" as const };
    expect(updates.completed(done)).toMatchObject([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "call_1",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "```\na\nb\n```" } }],
      },
    ]);
  });

  it("embeds the editor's terminal in a command run there", () => {
    const updates = make("term_1");
    const item = {
      type: "commandExecution" as const,
      id: "call_t",
      command: ["make"],
      cwd: "/work",
      status: "in_progress" as const,
      aggregated_output: null,
      exit_code: null,
      duration_ms: null,
    };
    expect(updates.started(item)).toMatchObject([{ content: [{ type: "terminal", terminalId: "term_1" }] }]);
    const chunk = Buffer.from("x").toString("base64");
    expect(
      updates.delta({ type: "exec_command_output_delta", call_id: "call_t", stream: "stdout", chunk }),
    ).toEqual([]);
  });

  it("shows subagent calls and image views, which have items of their own", () => {
    const updates = make();
    expect(updates.completed({ type: "imageView", id: "v", path: "img.png" })).toMatchObject([
      { sessionUpdate: "tool_call", toolCallId: "v", kind: "read", locations: [{ path: "/work/img.png" }] },
    ]);
    expect(
      updates.completed({
        type: "collabAgentToolCall",
        id: "s",
        tool: "spawn",
        sender_agent_id: 0,
        sender_session_id: "t",
        agents: [{ agent_id: 1, session_id: "c", status: "completed", message: "done" }],
        status: "completed",
      }),
    ).toMatchObject([
      {
        sessionUpdate: "tool_call",
        kind: "think",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "agent 1: completed\ndone" } }],
      },
    ]);
  });

  it("maps the todo list to plan entries", () => {
    expect(
      ItemUpdates.plan([
        { step: "one", status: "completed" },
        { step: "two", status: "in_progress" },
        { step: "three", status: "pending" },
      ]),
    ).toEqual({
      sessionUpdate: "plan",
      entries: [
        { content: "one", priority: "medium", status: "completed" },
        { content: "two", priority: "medium", status: "in_progress" },
        { content: "three", priority: "medium", status: "pending" },
      ],
    });
  });
});
