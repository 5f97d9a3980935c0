// The item tracker: which items the engine's events make, with what ids, times and order.
import { describe, expect, it } from "vitest";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { ItemTracker } from "./item-tracker.js";

function tracker() {
  let n = 0;
  let clock = 100;
  return new ItemTracker(
    "th",
    () => clock++,
    () => `id_${++n}`,
  );
}

const started: KnownEventMsg = { type: "task_started", turn_id: "t1", collaboration_mode_kind: "default" };

/** Event types, with the item's type and status for item events. */
function shape(msgs: KnownEventMsg[]): string[] {
  return msgs.map((m) =>
    m.type === "item_started" || m.type === "item_completed"
      ? `${m.type}:${m.item.type}${"status" in m.item ? `:${m.item.status}` : ""}`
      : m.type,
  );
}

describe("ItemTracker", () => {
  it("a user message, reasoning parts and a streamed answer become items with ids and times", () => {
    const t = tracker();
    const out = [
      started,
      { type: "user_message", message: "hi" },
      { type: "agent_reasoning_delta", delta: "a", summary_index: 0 },
      { type: "agent_reasoning_section_break", summary_index: 1 },
      { type: "agent_reasoning", text: "a" },
      { type: "agent_reasoning", text: "b" },
      { type: "agent_message_content_delta", thread_id: "th", turn_id: "t1", item_id: "m1", delta: "he" },
      { type: "agent_message", message: "hello" },
    ].flatMap((m) => t.process(m as KnownEventMsg));
    expect(shape(out)).toEqual([
      "task_started",
      "user_message",
      "item_started:userMessage",
      "item_completed:userMessage",
      "item_started:reasoning",
      "agent_reasoning_delta",
      "agent_reasoning_section_break",
      "agent_reasoning",
      "agent_reasoning",
      "item_completed:reasoning",
      "item_started:agentMessage",
      "agent_message_content_delta",
      "agent_message",
      "item_completed:agentMessage",
    ]);
    const completed = out.filter((m) => m.type === "item_completed");
    expect(completed.map((m) => m.item)).toEqual([
      { type: "userMessage", id: "id_1", content: [{ type: "text", text: "hi" }] },
      { type: "reasoning", id: "id_2", summary: ["a", "b"], content: [] },
      { type: "agentMessage", id: "m1", text: "hello" },
    ]);
    for (const m of completed) {
      expect(m).toMatchObject({ thread_id: "th", turn_id: "t1" });
      expect(m.completed_at_ms).toBeGreaterThanOrEqual(m.started_at_ms ?? Infinity);
    }
    // Reasoning deltas name their item and summary part.
    expect(out.find((m) => m.type === "agent_reasoning_section_break")).toMatchObject({
      item_id: "id_2",
      summary_index: 1,
    });
  });

  it("a command: started after its begin, completed with its result", () => {
    const t = tracker();
    t.process(started);
    const begin = t.process({
      type: "exec_command_begin",
      call_id: "c",
      command: ["ls"],
      cwd: "/w",
      process_id: "7",
    });
    const end = t.process({
      type: "exec_command_end",
      call_id: "c",
      command: ["ls"],
      cwd: "/w",
      stdout: "x",
      stderr: "",
      aggregated_output: "x",
      exit_code: 2,
      duration_ms: 7.6,
      formatted_output: "x",
    });
    expect(shape(begin)).toEqual(["exec_command_begin", "item_started:commandExecution:in_progress"]);
    expect(begin[1]).toMatchObject({ item: { process_id: "7" } });
    expect(end[1]).toMatchObject({
      type: "item_completed",
      item: {
        id: "c",
        command: ["ls"],
        status: "failed",
        exit_code: 2,
        aggregated_output: "x",
        duration_ms: 8,
      },
    });
  });

  it("a refused command and a refused patch show as declined", () => {
    const t = tracker();
    t.process(started);
    t.process({ type: "exec_approval_request", call_id: "c", command: ["rm", "x"], cwd: "/w" });
    expect(shape(t.decided("c", "denied"))).toEqual([
      "item_started:commandExecution:in_progress",
      "item_completed:commandExecution:declined",
    ]);
    const asked = t.process({
      type: "apply_patch_approval_request",
      call_id: "p",
      changes: { "/w/a": { type: "add", content: "a" } },
    });
    // The item shows before the question, so a client can display the diff.
    expect(shape(asked)).toEqual(["item_started:fileChange:in_progress", "apply_patch_approval_request"]);
    expect(shape(t.decided("p", "abort"))).toEqual(["item_completed:fileChange:declined"]);
    expect(t.decided("q", "approved")).toEqual([]);
  });

  it("the turn's end closes what is open; a late end changes nothing; a retry drops the partial answer", () => {
    const t = tracker();
    t.process(started);
    t.process({
      type: "agent_message_content_delta",
      thread_id: "th",
      turn_id: "t1",
      item_id: "m",
      delta: "x",
    });
    expect(shape(t.process({ type: "stream_error", message: "retrying" }))).toEqual(["stream_error"]);
    t.process({ type: "mcp_tool_call_begin", call_id: "m1", invocation: { server: "s", tool: "t" } });
    expect(shape(t.process({ type: "turn_aborted", turn_id: "t1", reason: "interrupted" }))).toEqual([
      "item_completed:mcpToolCall:failed",
      "turn_aborted",
    ]);
    const late = t.process({
      type: "mcp_tool_call_end",
      call_id: "m1",
      invocation: { server: "s", tool: "t" },
      duration_ms: 1,
      result: { Err: "x" },
    });
    expect(shape(late)).toEqual(["mcp_tool_call_end"]);
  });

  it("events of another agent (forwarded through the root) make no item of this thread", () => {
    const t = tracker();
    t.process(started);
    const forwarded = t.process({
      type: "exec_command_begin",
      call_id: "c",
      command: ["ls"],
      cwd: "/w",
      agent_id: 2,
    });
    expect(shape(forwarded)).toEqual(["exec_command_begin"]);
  });

  it("a background command outlives its turn: its item completes when it ends, in the turn it began in", () => {
    const t = tracker();
    t.process(started);
    t.process({ type: "exec_command_begin", call_id: "bg", command: ["server"], cwd: "/w" });
    expect(shape(t.process({ type: "task_complete", turn_id: "t1" }))).toEqual(["task_complete"]);
    t.process({ type: "task_started", turn_id: "t2", collaboration_mode_kind: "default" });
    // Interrupting the next turn does not touch it.
    expect(shape(t.process({ type: "turn_aborted", turn_id: "t2", reason: "interrupted" }))).toEqual([
      "turn_aborted",
    ]);
    const end = t.process({
      type: "exec_command_end",
      call_id: "bg",
      command: ["server"],
      cwd: "/w",
      stdout: "",
      stderr: "",
      aggregated_output: "bye",
      exit_code: 0,
      duration_ms: 9000,
      formatted_output: "",
    });
    expect(end[1]).toMatchObject({ type: "item_completed", turn_id: "t1", item: { status: "completed" } });
  });

  it("a web search: started at its begin, completed with the query and the action as the API sent it", () => {
    const t = tracker();
    t.process(started);
    expect(shape(t.process({ type: "web_search_begin", call_id: "ws" }))).toEqual([
      "web_search_begin",
      "item_started:webSearch",
    ]);
    const end = t.process({
      type: "web_search_end",
      call_id: "ws",
      query: "q",
      action: { type: "open_page", url: "https://x" },
    });
    expect(end[1]).toMatchObject({
      type: "item_completed",
      item: { type: "webSearch", id: "ws", query: "q", action: { type: "open_page", url: "https://x" } },
    });
    // One announced only when done still starts first; an action without a type is "other".
    const late = t.process({ type: "web_search_end", call_id: "ws2", query: "", action: { url: "u" } });
    expect(shape(late)).toEqual(["web_search_end", "item_started:webSearch", "item_completed:webSearch"]);
    expect(late[2]).toMatchObject({ item: { action: { type: "other", url: "u" } } });
  });

  it("a failed tool call is a failed dynamicToolCall carrying the error; an open command fails instead", () => {
    const t = tracker();
    t.process(started);
    const out = t.process({ type: "tool_call_failed", call_id: "c", tool: "apply_patch", error: "bad" });
    expect(shape(out)).toEqual([
      "tool_call_failed",
      "item_started:dynamicToolCall:in_progress",
      "item_completed:dynamicToolCall:failed",
    ]);
    expect(out[2]).toMatchObject({
      item: {
        id: "c",
        tool: "apply_patch",
        content_items: [{ type: "inputText", text: "bad" }],
        success: false,
      },
    });
    t.process({ type: "exec_command_begin", call_id: "x", command: ["ls"], cwd: "/w" });
    expect(
      shape(t.process({ type: "tool_call_failed", call_id: "x", tool: "shell", error: "threw" })),
    ).toEqual(["tool_call_failed", "item_completed:commandExecution:failed"]);
    t.process({ type: "patch_apply_begin", call_id: "p", auto_approved: true, changes: {} });
    const patch = t.process({ type: "tool_call_failed", call_id: "p", tool: "apply_patch", error: "no" });
    expect(patch[1]).toMatchObject({ item: { type: "fileChange", status: "failed", error: "no" } });
  });

  it("review mode: entered and exited items, the findings as text and as returned", () => {
    const t = tracker();
    t.process(started);
    const entered = t.process({
      type: "entered_review_mode",
      review_request: { target: { type: "uncommittedChanges" }, user_facing_hint: "current changes" },
    });
    expect(entered[2]).toMatchObject({
      item: { type: "enteredReviewMode", id: "t1-review-entered", review: "current changes" },
    });
    const output = {
      findings: [],
      overall_correctness: "patch is correct",
      overall_explanation: "Looks fine.",
      overall_confidence_score: 0.9,
    };
    const exited = t.process({ type: "exited_review_mode", review_output: output });
    expect(exited[2]).toMatchObject({
      item: { type: "exitedReviewMode", id: "t1-review-exited", review: "Looks fine.", output },
    });
    const failed = t.process({ type: "exited_review_mode", review_output: null });
    expect(failed[2]).toMatchObject({ item: { type: "exitedReviewMode", review: "", output: null } });
  });
});
