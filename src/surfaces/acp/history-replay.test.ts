import { describe, expect, it } from "vitest";
import type { ReplayedTurn } from "../../rollout/replay.js";
import { historyUpdates } from "./history-replay.js";

describe("historyUpdates", () => {
  it("replays each turn's user message and its items as the updates a live turn sends", () => {
    const turns: ReplayedTurn[] = [
      {
        turnId: "t1",
        userMessage: "fix it",
        status: "completed",
        items: [
          { type: "reasoning", id: "", summary: ["look first"], content: [] },
          {
            type: "commandExecution",
            id: "call_ls",
            command: ["ls"],
            cwd: "/work",
            status: "completed",
            aggregated_output: "a.txt\n",
            exit_code: 0,
            duration_ms: 3,
          },
          {
            type: "fileChange",
            id: "call_patch",
            changes: { "a.txt": { type: "add", content: "hi\n" } },
            status: "completed",
          },
          { type: "planUpdate", plan: [{ step: "fix", status: "completed" }] },
          { type: "agentMessage", id: "", text: "Fixed." },
        ],
      },
      { turnId: "t2", userMessage: "thanks", status: "completed", items: [] },
    ];
    expect(historyUpdates(turns, "/work")).toEqual([
      { sessionUpdate: "user_message_chunk", content: { type: "text", text: "fix it" } },
      { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "look first" } },
      {
        sessionUpdate: "tool_call",
        toolCallId: "call_ls",
        title: "ls",
        kind: "search",
        status: "in_progress",
        rawInput: { command: ["ls"], cwd: "/work" },
      },
      expect.objectContaining({
        sessionUpdate: "tool_call_update",
        toolCallId: "call_ls",
        status: "completed",
      }),
      {
        sessionUpdate: "tool_call",
        toolCallId: "call_patch",
        title: "Edit a.txt",
        kind: "edit",
        status: "in_progress",
        locations: [{ path: "/work/a.txt" }],
        content: [{ type: "diff", path: "/work/a.txt", oldText: null, newText: "hi\n" }],
      },
      { sessionUpdate: "tool_call_update", toolCallId: "call_patch", status: "completed" },
      { sessionUpdate: "plan", entries: [{ content: "fix", priority: "medium", status: "completed" }] },
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Fixed." } },
      { sessionUpdate: "user_message_chunk", content: { type: "text", text: "thanks" } },
    ]);
  });
});
