import { describe, expect, it } from "vitest";
import { viewOfExecItem } from "./exec-item.js";

describe("viewOfExecItem", () => {
  it("reads statuses in the thread items' spelling and keeps what exec items carry", () => {
    expect(
      viewOfExecItem({
        id: "c",
        type: "command_execution",
        command: "ls",
        aggregated_output: "",
        exit_code: null,
        status: "in_progress",
      }),
    ).toMatchObject({
      kind: "item",
      item: { type: "commandExecution", status: "inProgress", exitCode: null },
    });
    expect(
      viewOfExecItem({
        id: "m",
        type: "mcp_tool_call",
        server: "s",
        tool: "t",
        arguments: { a: 1 },
        result: { content: [{ type: "text", text: "ok" }], structured_content: { n: 1 } },
        status: "completed",
      }),
    ).toEqual({
      kind: "item",
      item: {
        type: "mcpToolCall",
        id: "m",
        server: "s",
        tool: "t",
        status: "completed",
        arguments: { a: 1 },
        result: { content: [{ type: "text", text: "ok" }], structuredContent: { n: 1 } },
        error: null,
        durationMs: null,
        pluginId: null,
        readOnlyHint: null,
        appContext: null,
        mcpAppResourceUri: null,
        mcpAppUi: null,
      },
    });
  });

  it("gives a file change its paths and kinds without a diff", () => {
    expect(
      viewOfExecItem({
        id: "f",
        type: "file_change",
        changes: [
          { path: "a.txt", kind: "add" },
          { path: "b.txt", kind: "update" },
        ],
        status: "completed",
      }),
    ).toEqual({
      kind: "item",
      item: {
        type: "fileChange",
        id: "f",
        status: "completed",
        changes: [
          { path: "a.txt", kind: { type: "add" }, diff: "" },
          { path: "b.txt", kind: { type: "update", move_path: null }, diff: "" },
        ],
      },
    });
  });

  it("shows a todo list as plan steps and an error as an error line", () => {
    expect(
      viewOfExecItem({
        id: "t",
        type: "todo_list",
        items: [
          { text: "one", completed: true },
          { text: "two", completed: false },
        ],
      }),
    ).toEqual({
      kind: "steps",
      id: "t",
      steps: [
        { step: "one", status: "completed" },
        { step: "two", status: "pending" },
      ],
    });
    expect(viewOfExecItem({ id: "e", type: "error", message: "bad" })).toEqual({
      kind: "error",
      id: "e",
      message: "bad",
    });
  });
});
