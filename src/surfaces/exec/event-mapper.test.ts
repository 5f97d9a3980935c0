// Table-driven: a sequence of core events in, the exec JSONL events out.
import { describe, expect, it } from "vitest";
import type { KnownEventMsg, TokenUsage } from "../../protocol/core-protocol.js";
import { ExecThreadEvent } from "../../protocol/exec-events.js";
import { ItemTracker } from "../../core/items/item-tracker.js";
import { ExecEventMapper } from "./event-mapper.js";

const usage = (input: number, output: number): TokenUsage => ({
  input_tokens: input,
  cached_input_tokens: 0,
  output_tokens: output,
  reasoning_output_tokens: 0,
  total_tokens: input + output,
});
const tokens = (total: TokenUsage): KnownEventMsg => ({
  type: "token_count",
  info: { total_token_usage: total, last_token_usage: total, model_context_window: null },
});
const started: KnownEventMsg = { type: "task_started", turn_id: "t", collaboration_mode_kind: "default" };
const complete: KnownEventMsg = { type: "task_complete", turn_id: "t", last_agent_message: null };

const cases: Array<{ name: string; events: KnownEventMsg[]; expected: unknown[] }> = [
  {
    name: "agent message and reasoning become completed items",
    events: [
      started,
      { type: "agent_reasoning", text: "thinking" },
      { type: "agent_message", message: "hi" },
      complete,
    ],
    expected: [
      { type: "turn.started" },
      { type: "item.completed", item: { id: "item_0", type: "reasoning", text: "thinking" } },
      { type: "item.completed", item: { id: "item_1", type: "agent_message", text: "hi" } },
      {
        type: "turn.completed",
        usage: {
          input_tokens: 0,
          cached_input_tokens: 0,
          cache_write_input_tokens: 0,
          output_tokens: 0,
          reasoning_output_tokens: 0,
        },
      },
    ],
  },
  {
    name: "a command starts then completes under the same id",
    events: [
      { type: "exec_command_begin", call_id: "c", command: ["bash", "-lc", "ls -a"], cwd: "/w" },
      {
        type: "exec_command_end",
        call_id: "c",
        command: ["bash", "-lc", "ls -a"],
        cwd: "/w",
        stdout: "x\n",
        stderr: "",
        aggregated_output: "x\n",
        exit_code: 0,
        duration_ms: 5,
        formatted_output: "x\n",
      },
    ],
    expected: [
      {
        type: "item.started",
        item: {
          id: "item_0",
          type: "command_execution",
          command: "bash -lc 'ls -a'",
          aggregated_output: "",
          exit_code: null,
          status: "in_progress",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_0",
          type: "command_execution",
          command: "bash -lc 'ls -a'",
          aggregated_output: "x\n",
          exit_code: 0,
          status: "completed",
        },
      },
    ],
  },
  {
    name: "a patch becomes a file_change item",
    events: [
      {
        type: "patch_apply_begin",
        call_id: "p",
        auto_approved: true,
        changes: {
          "/w/a.txt": { type: "add", content: "a" },
          "/w/b.txt": { type: "update", unified_diff: "", move_path: null },
        },
      },
      { type: "patch_apply_end", call_id: "p", stdout: "", stderr: "", success: true },
    ],
    expected: [
      {
        type: "item.started",
        item: {
          id: "item_0",
          type: "file_change",
          changes: [
            { path: "/w/a.txt", kind: "add" },
            { path: "/w/b.txt", kind: "update" },
          ],
          status: "in_progress",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_0",
          type: "file_change",
          changes: [
            { path: "/w/a.txt", kind: "add" },
            { path: "/w/b.txt", kind: "update" },
          ],
          status: "completed",
        },
      },
    ],
  },
  {
    name: "plan updates are one todo_list item, completed with the turn",
    events: [
      started,
      { type: "plan_update", plan: [{ step: "a", status: "in_progress" }] },
      { type: "plan_update", plan: [{ step: "a", status: "completed" }] },
      complete,
    ],
    expected: [
      { type: "turn.started" },
      {
        type: "item.started",
        item: { id: "item_0", type: "todo_list", items: [{ text: "a", completed: false }] },
      },
      {
        type: "item.updated",
        item: { id: "item_0", type: "todo_list", items: [{ text: "a", completed: true }] },
      },
      {
        type: "item.completed",
        item: { id: "item_0", type: "todo_list", items: [{ text: "a", completed: true }] },
      },
      {
        type: "turn.completed",
        usage: {
          input_tokens: 0,
          cached_input_tokens: 0,
          cache_write_input_tokens: 0,
          output_tokens: 0,
          reasoning_output_tokens: 0,
        },
      },
    ],
  },
  {
    name: "usage is the turn's share of the running total",
    events: [started, tokens(usage(10, 5)), complete, started, tokens(usage(25, 9)), complete],
    expected: [
      { type: "turn.started" },
      {
        type: "turn.completed",
        usage: {
          input_tokens: 10,
          cached_input_tokens: 0,
          cache_write_input_tokens: 0,
          output_tokens: 5,
          reasoning_output_tokens: 0,
        },
      },
      { type: "turn.started" },
      {
        type: "turn.completed",
        usage: {
          input_tokens: 15,
          cached_input_tokens: 0,
          cache_write_input_tokens: 0,
          output_tokens: 4,
          reasoning_output_tokens: 0,
        },
      },
    ],
  },
  {
    name: "retries, warnings, errors and aborts",
    events: [
      { type: "stream_error", message: "Reconnecting... 1/5" },
      { type: "warning", message: "careful" },
      { type: "error", message: "boom" },
      { type: "turn_aborted", reason: "interrupted" },
    ],
    expected: [
      { type: "error", message: "Reconnecting... 1/5" },
      { type: "item.completed", item: { id: "item_0", type: "error", message: "careful" } },
      { type: "turn.failed", error: { message: "boom" } },
      { type: "turn.failed", error: { message: "turn interrupted" } },
    ],
  },
  {
    name: "an MCP tool call starts then completes with its result, or fails with its error",
    events: [
      {
        type: "mcp_tool_call_begin",
        call_id: "m1",
        invocation: { server: "docs", tool: "search", arguments: { q: "x" } },
      },
      {
        type: "mcp_tool_call_end",
        call_id: "m1",
        invocation: { server: "docs", tool: "search", arguments: { q: "x" } },
        duration_ms: 3,
        result: { Ok: { content: [{ type: "text", text: "found" }], structuredContent: { hits: 1 } } },
      },
      { type: "mcp_tool_call_begin", call_id: "m2", invocation: { server: "docs", tool: "slow" } },
      {
        type: "mcp_tool_call_end",
        call_id: "m2",
        invocation: { server: "docs", tool: "slow" },
        duration_ms: 1000,
        result: { Err: "timed out" },
      },
      {
        type: "mcp_tool_call_end",
        call_id: "m3",
        invocation: { server: "docs", tool: "broken", arguments: {} },
        duration_ms: 1,
        result: { Ok: { content: [{ type: "text", text: "bad" }], isError: true } },
      },
      { type: "mcp_startup_update", server: "docs", status: { state: "ready" } },
      { type: "mcp_startup_complete", ready: ["docs"], failed: [], cancelled: [] },
    ],
    expected: [
      {
        type: "item.started",
        item: {
          id: "item_0",
          type: "mcp_tool_call",
          server: "docs",
          tool: "search",
          arguments: { q: "x" },
          status: "in_progress",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_0",
          type: "mcp_tool_call",
          server: "docs",
          tool: "search",
          arguments: { q: "x" },
          result: { content: [{ type: "text", text: "found" }], structured_content: { hits: 1 } },
          status: "completed",
        },
      },
      {
        type: "item.started",
        item: {
          id: "item_1",
          type: "mcp_tool_call",
          server: "docs",
          tool: "slow",
          arguments: null,
          status: "in_progress",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_1",
          type: "mcp_tool_call",
          server: "docs",
          tool: "slow",
          arguments: null,
          error: { message: "timed out" },
          status: "failed",
        },
      },
      // An end without its begin still starts the item first (the engine's item tracker does).
      {
        type: "item.started",
        item: {
          id: "item_2",
          type: "mcp_tool_call",
          server: "docs",
          tool: "broken",
          arguments: {},
          status: "in_progress",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_2",
          type: "mcp_tool_call",
          server: "docs",
          tool: "broken",
          arguments: {},
          result: { content: [{ type: "text", text: "bad" }], structured_content: null },
          status: "failed",
        },
      },
    ],
  },
  {
    name: "a proposed plan (plan mode) starts and completes as one plan item; its deltas show nothing",
    events: [
      { type: "item_started", thread_id: "x", turn_id: "t", item: { type: "plan", id: "t-plan", text: "" } },
      { type: "plan_delta", thread_id: "x", turn_id: "t", item_id: "t-plan", delta: "1. a\n" },
      { type: "agent_message", message: "Intro" },
      {
        type: "item_completed",
        thread_id: "x",
        turn_id: "t",
        item: { type: "plan", id: "t-plan", text: "1. a\n" },
      },
    ],
    expected: [
      { type: "item.started", item: { id: "item_0", type: "plan", text: "" } },
      { type: "item.completed", item: { id: "item_1", type: "agent_message", text: "Intro" } },
      { type: "item.completed", item: { id: "item_0", type: "plan", text: "1. a\n" } },
    ],
  },
  {
    name: "an approval request exec refuses becomes an error item saying what was denied and why",
    events: [
      {
        type: "exec_approval_request",
        call_id: "c",
        command: ["bash", "-lc", "touch x"],
        cwd: "/w",
        reason: "needs to write",
      },
    ],
    expected: [
      {
        type: "item.completed",
        item: {
          id: "item_0",
          type: "error",
          message: expect.stringMatching(
            /^denied: approval needed to run `touch x` \(needs to write\); exec cannot ask/,
          ),
        },
      },
    ],
  },
  {
    name: "a web search starts and completes under one id; a failed tool call is an error item",
    events: [
      { type: "web_search_begin", call_id: "ws" },
      { type: "web_search_end", call_id: "ws", query: "q", action: { type: "search", query: "q" } },
      { type: "tool_call_failed", call_id: "c", tool: "apply_patch", error: "bad patch" },
    ],
    expected: [
      { type: "item.started", item: { id: "item_0", type: "web_search", query: "" } },
      { type: "item.completed", item: { id: "item_0", type: "web_search", query: "q" } },
      { type: "item.completed", item: { id: "item_1", type: "error", message: "apply_patch: bad patch" } },
    ],
  },
  {
    name: "review mode shows only its findings (as the agent message the engine sends)",
    events: [
      {
        type: "entered_review_mode",
        review_request: { target: { type: "uncommittedChanges" }, user_facing_hint: "current changes" },
      },
      {
        type: "exited_review_mode",
        review_output: {
          findings: [],
          overall_correctness: "patch is correct",
          overall_explanation: "ok",
          overall_confidence_score: 1,
        },
      },
    ],
    expected: [],
  },
  {
    name: "events exec does not show map to nothing",
    events: [
      { type: "agent_message_content_delta", thread_id: "x", turn_id: "t", item_id: "i", delta: "h" },
      { type: "user_message", message: "hi" },
      { type: "exec_command_output_delta", call_id: "c", stream: "stdout", chunk: "aGk=" },
      { type: "list_skills_response", skills: [] },
    ],
    expected: [],
  },
];

describe("ExecEventMapper", () => {
  it.each(cases)("$name", ({ events, expected }) => {
    const mapper = new ExecEventMapper();
    // Events go through the engine's item tracker first, as they do in the engine.
    const tracker = new ItemTracker("thread");
    const out = events.flatMap((e) => tracker.process(e)).flatMap((msg) => mapper.map({ id: "s", msg }));
    expect(out).toEqual(expected);
    for (const e of out) expect(ExecThreadEvent.safeParse(e).success).toBe(true);
  });

  it("session_configured starts the thread", () => {
    const mapper = new ExecEventMapper();
    const out = mapper.map({
      id: "s",
      msg: {
        type: "session_configured",
        session_id: "abc",
        model: "m",
        model_provider_id: "openai",
        cwd: "/",
        approval_policy: "never",
        sandbox_policy: { type: "read-only" },
        history_log_id: 0,
        history_entry_count: 0,
      },
    });
    expect(out).toEqual([{ type: "thread.started", thread_id: "abc" }]);
  });
});
