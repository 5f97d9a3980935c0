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
  const make = (streamed: { message: string; thought: string }) =>
    new ItemUpdates(
      new ToolCallLedger(),
      {
        take: (kind) => {
          const text = streamed[kind];
          streamed[kind] = "";
          return text;
        },
        inProgress: (step) => step === "two",
      },
      "/work",
    );

  it("sends only the part of a message that was not streamed", () => {
    const updates = make({ message: "Hello ", thought: "" });
    expect(
      updates.map({ phase: "completed", item: { id: "i", type: "agent_message", text: "Hello world" } }),
    ).toEqual([{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "world" } }]);
    expect(
      updates.map({ phase: "completed", item: { id: "j", type: "agent_message", text: "Again" } }),
    ).toEqual([{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Again" } }]);
  });

  it("opens a command once under its call id and closes it with its output", () => {
    const updates = make({ message: "", thought: "" });
    const item = {
      id: "item_0",
      type: "command_execution" as const,
      command: "ls",
      aggregated_output: "",
      exit_code: null,
      status: "in_progress" as const,
    };
    expect(updates.map({ phase: "started", item, toolCallId: "call_1" })).toMatchObject([
      {
        sessionUpdate: "tool_call",
        toolCallId: "call_1",
        kind: "search",
        status: "in_progress",
        title: "ls",
      },
    ]);
    const done = { ...item, aggregated_output: "a\nb\n", exit_code: 0, status: "completed" as const };
    expect(updates.map({ phase: "completed", item: done, toolCallId: "call_1" })).toMatchObject([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "call_1",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "```\na\nb\n```" } }],
      },
    ]);
  });

  it("maps a todo list to plan entries", () => {
    const updates = make({ message: "", thought: "" });
    const item = {
      id: "t",
      type: "todo_list" as const,
      items: [
        { text: "one", completed: true },
        { text: "two", completed: false },
        { text: "three", completed: false },
      ],
    };
    expect(updates.map({ phase: "started", item })).toEqual([
      {
        sessionUpdate: "plan",
        entries: [
          { content: "one", priority: "medium", status: "completed" },
          { content: "two", priority: "medium", status: "in_progress" },
          { content: "three", priority: "medium", status: "pending" },
        ],
      },
    ]);
  });
});
