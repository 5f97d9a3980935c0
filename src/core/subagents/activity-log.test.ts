import { describe, expect, it } from "vitest";
import { ActivityLog, activityFromRollout, activityOf } from "./activity-log.js";

describe("activityOf", () => {
  it.each([
    [{ type: "user_message", message: "do it" }, "input: do it"],
    [{ type: "agent_reasoning", text: "**Looking**\nat files" }, "thinking: Looking"],
    [{ type: "exec_command_begin", command: ["bash", "-lc", "ls -la"] }, "run: ls -la"],
    [{ type: "exec_command_end", exit_code: 2, aggregated_output: "boom\nmore" }, "exit 2: boom"],
    [
      { type: "apply_patch_approval_request", changes: { "a.txt": {} } },
      "waiting for approval of a patch to a.txt",
    ],
    [{ type: "turn_aborted", reason: "interrupted" }, "turn aborted (interrupted)"],
    [{ type: "agent_message_content_delta", delta: "x" }, undefined],
  ])("%j", (msg, text) => {
    expect(activityOf(msg)).toBe(text);
  });
});

describe("ActivityLog", () => {
  it("keeps the latest entries on one line each, bounded", () => {
    const log = new ActivityLog();
    for (let i = 0; i < 250; i++) log.add(`entry\n${i}`, `t${i}`);
    expect(log.size).toBe(200);
    expect(log.recent(2)).toEqual([
      { at: "t248", text: "entry 248" },
      { at: "t249", text: "entry 249" },
    ]);
  });

  it("reads a rollout's events with their timestamps", () => {
    const log = activityFromRollout([
      { type: "response_item", timestamp: "t0", payload: {} },
      { type: "event_msg", timestamp: "t1", payload: { type: "agent_message", message: "hello" } },
    ]);
    expect(log.recent(10)).toEqual([{ at: "t1", text: "message: hello" }]);
  });
});
