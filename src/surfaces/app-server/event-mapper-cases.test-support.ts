// The event mapper's case table (event-mapper.test.ts): engine events in, the outputs expected, in the
// test's compact view of each output.
import { expect } from "vitest";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";

export const T = "thread-1";
export const started: KnownEventMsg = {
  type: "task_started",
  turn_id: "turn-1",
  collaboration_mode_kind: "default",
};
const complete: KnownEventMsg = { type: "task_complete", turn_id: "turn-1", last_agent_message: null };
const usage = {
  input_tokens: 10,
  cached_input_tokens: 2,
  output_tokens: 5,
  reasoning_output_tokens: 1,
  total_tokens: 15,
};
/** `usage` as thread/tokenUsage/updated carries it. */
const usageOnWire = {
  totalTokens: 15,
  inputTokens: 10,
  cachedInputTokens: 2,
  cacheWriteInputTokens: 0,
  outputTokens: 5,
  reasoningOutputTokens: 1,
};
const b64 = (s: string) => Buffer.from(s).toString("base64");
/** The approved command's item, as it starts and as it ends. */
const touchCommand = (state: Record<string, unknown>) => ({
  type: "commandExecution",
  id: "call_1",
  command: "bash -lc 'touch a b'",
  cwd: "/w",
  // A shell's script is the action, as Codex shows it.
  commandActions: [{ type: "unknown", command: "touch a b" }],
  ...state,
  source: "agent",
});
/** The approved patch's item. */
const addFile = (status: string) => ({
  type: "fileChange",
  id: "p1",
  changes: [{ path: "/w/a.txt", kind: { type: "add" }, diff: "a\n" }],
  status,
});
/** What a turn's start and end look like in the compact view. */
const turnOpened = [
  { method: "thread/status/changed", status: "active" },
  { method: "turn/started", status: "inProgress", error: null },
];
const turnEnded = (status: string) => [
  { method: "thread/status/changed", status: "idle" },
  { method: "turn/completed", status, error: null },
];

export const cases: Array<{
  name: string;
  events: Array<KnownEventMsg | [string, KnownEventMsg]>;
  expected: unknown[];
}> = [
  {
    name: "a turn with a streamed message",
    events: [
      started,
      { type: "user_message", message: "hi" },
      {
        type: "agent_message_content_delta",
        thread_id: T,
        turn_id: "turn-1",
        item_id: "msg_a",
        delta: "Hel",
      },
      { type: "agent_message_content_delta", thread_id: T, turn_id: "turn-1", item_id: "msg_a", delta: "lo" },
      { type: "agent_message", message: "Hello" },
      {
        type: "token_count",
        info: { total_token_usage: usage, last_token_usage: usage, model_context_window: 1000 },
      },
      complete,
    ],
    expected: [
      ...turnOpened,
      {
        method: "item/started",
        item: { type: "userMessage", id: "id_1", content: [{ type: "text", text: "hi" }] },
      },
      {
        method: "item/completed",
        item: { type: "userMessage", id: "id_1", content: [{ type: "text", text: "hi" }] },
      },
      { method: "item/started", item: { type: "agentMessage", id: "msg_a", text: "" } },
      { method: "item/agentMessage/delta", itemId: "msg_a", delta: "Hel" },
      { method: "item/agentMessage/delta", itemId: "msg_a", delta: "lo" },
      { method: "item/completed", item: { type: "agentMessage", id: "msg_a", text: "Hello" } },
      {
        method: "thread/tokenUsage/updated",
        params: {
          threadId: T,
          turnId: "turn-1",
          tokenUsage: {
            total: usageOnWire,
            last: usageOnWire,
            modelContextWindow: 1000,
          },
        },
      },
      ...turnEnded("completed"),
    ],
  },
  {
    name: "reasoning parts stream into one item that completes when something else comes",
    events: [
      started,
      { type: "agent_reasoning_delta", delta: "think" },
      { type: "agent_reasoning_section_break" },
      { type: "agent_reasoning_delta", delta: "more" },
      { type: "agent_reasoning", text: "think" },
      { type: "agent_reasoning", text: "more" },
      { type: "agent_message", message: "done" },
    ],
    expected: [
      ...turnOpened,
      { method: "item/started", item: { type: "reasoning", id: "id_1", summary: [], content: [] } },
      // Each summary part is announced before its text, the first one too.
      {
        method: "item/reasoning/summaryPartAdded",
        params: { threadId: T, turnId: "turn-1", itemId: "id_1", summaryIndex: 0 },
      },
      { method: "item/reasoning/summaryTextDelta", delta: "think", summaryIndex: 0 },
      {
        method: "item/reasoning/summaryPartAdded",
        params: { threadId: T, turnId: "turn-1", itemId: "id_1", summaryIndex: 1 },
      },
      { method: "item/reasoning/summaryTextDelta", delta: "more", summaryIndex: 1 },
      {
        method: "item/completed",
        item: { type: "reasoning", id: "id_1", summary: ["think", "more"], content: [] },
      },
      { method: "item/started", item: { type: "agentMessage", id: "id_2", text: "" } },
      { method: "item/completed", item: { type: "agentMessage", id: "id_2", text: "done" } },
    ],
  },
  {
    name: "a command: approval request, start, output (split UTF-8), end",
    events: [
      started,
      {
        type: "exec_approval_request",
        call_id: "call_1",
        command: ["bash", "-lc", "touch a b"],
        cwd: "/w",
        reason: null,
      },
      { type: "exec_command_begin", call_id: "call_1", command: ["bash", "-lc", "touch a b"], cwd: "/w" },
      {
        type: "exec_command_output_delta",
        call_id: "call_1",
        stream: "stdout",
        chunk: Buffer.from([0xc3]).toString("base64"),
      },
      {
        type: "exec_command_output_delta",
        call_id: "call_1",
        stream: "stdout",
        chunk: Buffer.from([0xa9, 0x0a]).toString("base64"),
      },
      {
        type: "exec_command_end",
        call_id: "call_1",
        command: ["bash", "-lc", "touch a b"],
        cwd: "/w",
        stdout: "é\n",
        stderr: "",
        aggregated_output: "é\n",
        exit_code: 0,
        duration_ms: 12.4,
        formatted_output: "é\n",
      },
    ],
    expected: [
      ...turnOpened,
      { method: "thread/status/changed", status: "active" },
      // As Codex: the command's item starts before the question, and not again when it runs.
      {
        method: "item/started",
        item: touchCommand({
          status: "inProgress",
          aggregatedOutput: null,
          exitCode: null,
          durationMs: null,
        }),
      },
      { request: "execApproval", itemId: "call_1", turnId: "turn-1" },
      { method: "item/commandExecution/outputDelta", itemId: "call_1", delta: "é\n" },
      {
        method: "item/completed",
        item: touchCommand({ status: "completed", aggregatedOutput: "é\n", exitCode: 0, durationMs: 12 }),
      },
    ],
  },
  {
    name: "a patch asked about, then applied",
    events: [
      started,
      {
        type: "apply_patch_approval_request",
        call_id: "p1",
        changes: { "/w/a.txt": { type: "add", content: "a\n" } },
        reason: "new file",
      },
      {
        type: "patch_apply_begin",
        call_id: "p1",
        auto_approved: false,
        changes: { "/w/a.txt": { type: "add", content: "a\n" } },
      },
      { type: "patch_apply_end", call_id: "p1", stdout: "", stderr: "", success: true },
    ],
    expected: [
      ...turnOpened,
      // The item shows first (the engine starts it), then the thread waits on the approval.
      { method: "item/started", item: addFile("inProgress") },
      { method: "thread/status/changed", status: "active" },
      { request: "patchApproval", itemId: "p1", turnId: "turn-1" },
      { method: "item/completed", item: addFile("completed") },
      // No turn/diff/updated: the diff is the disk's net change (turn-diff.test.ts), and /w does not exist.
    ],
  },
  {
    name: "a retry, then a failure that ends the turn",
    events: [
      started,
      { type: "stream_error", message: "Reconnecting... 1/2" },
      { type: "error", message: "model request failed: HTTP 401", codex_error_info: "unauthorized" },
    ],
    expected: [
      ...turnOpened,
      {
        method: "error",
        params: {
          threadId: T,
          turnId: "turn-1",
          error: {
            message: "Reconnecting... 1/2",
            codexErrorInfo: null,
            additionalDetails: null,
            misalignment: null,
          },
          willRetry: true,
        },
      },
      {
        method: "error",
        params: {
          threadId: T,
          turnId: "turn-1",
          error: {
            message: "model request failed: HTTP 401",
            codexErrorInfo: "unauthorized",
            additionalDetails: null,
            misalignment: null,
          },
          willRetry: false,
        },
      },
      { method: "thread/status/changed", status: "idle" },
      {
        method: "turn/completed",
        status: "failed",
        error: {
          message: "model request failed: HTTP 401",
          codexErrorInfo: "unauthorized",
          additionalDetails: null,
          misalignment: null,
        },
      },
    ],
  },
  {
    name: "an interrupt mid-message completes the open items and the turn as interrupted",
    events: [
      started,
      { type: "agent_message_content_delta", thread_id: T, turn_id: "turn-1", item_id: "m", delta: "par" },
      { type: "exec_command_begin", call_id: "c", command: ["sleep", "9"], cwd: "/w" },
      { type: "turn_aborted", turn_id: "turn-1", reason: "interrupted" },
    ],
    expected: [
      ...turnOpened,
      { method: "item/started", item: { type: "agentMessage", id: "m", text: "" } },
      { method: "item/agentMessage/delta", itemId: "m", delta: "par" },
      { method: "item/started", item: expect.objectContaining({ id: "c", status: "inProgress" }) },
      { method: "item/completed", item: { type: "agentMessage", id: "m", text: "par" } },
      { method: "item/completed", item: expect.objectContaining({ id: "c", status: "failed" }) },
      ...turnEnded("interrupted"),
    ],
  },
  {
    name: "warnings, plan updates, and errors about other submissions",
    events: [
      started,
      { type: "warning", message: "careful" },
      { type: "plan_update", explanation: null, plan: [{ step: "a", status: "in_progress" }] },
      ["other-sub", { type: "error", message: "exec_approval: no pending approval with id 'x'" }],
    ],
    expected: [
      ...turnOpened,
      { method: "warning", params: { threadId: T, message: "careful" } },
      {
        method: "turn/plan/updated",
        params: {
          threadId: T,
          turnId: "turn-1",
          explanation: null,
          plan: [{ step: "a", status: "inProgress" }],
        },
      },
      {
        method: "warning",
        params: { threadId: T, message: "exec_approval: no pending approval with id 'x'" },
      },
    ],
  },
  {
    name: "events the app-server does not show map to nothing",
    events: [
      { type: "background_event", message: "x" },
      { type: "exec_command_output_delta", call_id: "c", stream: "stdout", chunk: b64("") },
      { type: "shutdown_complete" },
    ],
    expected: [],
  },
  {
    name: "an auto-review cut short by an interrupt, and its decision's words (guardianWarning)",
    events: [
      started,
      {
        type: "auto_review",
        id: "review-1",
        target_item_id: "call-1",
        status: "aborted",
        risk_level: null,
        rationale: null,
        action: { type: "apply_patch", cwd: "/w", files: ["/w/a.txt"] },
        started_at_ms: 5,
        completed_at_ms: 9,
      },
      { type: "warning", message: "Automatic approval review denied", auto_review_id: "review-1" },
      { type: "warning", message: "something else" },
    ],
    expected: [
      ...turnOpened,
      {
        method: "item/autoApprovalReview/completed",
        params: {
          threadId: T,
          turnId: "turn-1",
          reviewId: "review-1",
          targetItemId: "call-1",
          startedAtMs: 5,
          completedAtMs: 9,
          decisionSource: "agent",
          review: { status: "aborted", riskLevel: null, userAuthorization: null, rationale: null },
          action: { type: "applyPatch", cwd: "/w", files: ["/w/a.txt"] },
        },
      },
      { method: "guardianWarning", params: { threadId: T, message: "Automatic approval review denied" } },
      { method: "warning", params: { threadId: T, message: "something else" } },
    ],
  },
];
