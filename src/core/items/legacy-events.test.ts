import { describe, expect, it } from "vitest";
import { historyEvents } from "./legacy-events.js";

const spawnCall = {
  type: "collabAgentToolCall" as const,
  id: "c1",
  tool: "spawn" as const,
  sender_agent_id: 0,
  sender_session_id: "thread",
  agents: [{ agent_id: 1, session_id: "s1", status: "running" as const }],
  prompt: "task-a",
  status: "completed" as const,
};

describe("historyEvents", () => {
  it("turns replayed turns into the events a client shows, plans included", () => {
    const events = historyEvents(
      {
        history: [],
        lastTurnContext: undefined,
        lastTokenCount: undefined,
        turns: [
          {
            turnId: "t1",
            userMessage: "plan it",
            status: "completed",
            items: [
              { type: "reasoning", id: "", summary: ["thinking"], content: [] },
              { type: "plan", id: "", text: "1. a\n" },
              { type: "agentMessage", id: "m1", text: "Here." },
            ],
          },
          {
            userMessage: "go",
            status: "completed",
            items: [
              {
                type: "planUpdate",
                plan: [
                  { step: "a", status: "completed" },
                  { step: "b", status: "odd" },
                ],
              },
              spawnCall,
            ],
          },
        ],
      },
      "thread",
    );
    expect(events).toEqual([
      { type: "user_message", message: "plan it" },
      { type: "agent_reasoning", text: "thinking" },
      {
        type: "item_completed",
        thread_id: "thread",
        turn_id: "t1",
        item: { type: "plan", id: "t1:2", text: "1. a\n" },
      },
      { type: "agent_message", message: "Here." },
      { type: "user_message", message: "go" },
      { type: "plan_update", explanation: null, plan: [{ step: "a", status: "completed" }] },
      { type: "item_completed", thread_id: "thread", turn_id: "turn-2", item: spawnCall },
    ]);
  });
});
