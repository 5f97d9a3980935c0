// Table-driven, for the items added with plan mode, compaction and MCP: engine events in, v2 notifications
// out, each checked against the real protocol's JSON Schema.
import { describe, expect, it } from "vitest";
import { ItemTracker } from "../../core/items/item-tracker.js";
import type {
  KnownEventMsg,
  SubagentStatus,
  SubagentToolName,
  SubagentTurnEvent,
} from "../../protocol/core-protocol.js";
import { strictProtocolSchema } from "../../../test/support/app-server-client.js";
import { threadPlacement, type Thread } from "../../protocol/app-server/v2/thread.js";
import { AppServerEventMapper, type MapperOutput } from "./event-mapper.js";
import { bare } from "./bare-item.test-support.js";

const T = "thread-1";
const scope = { thread_id: T, turn_id: "turn-1" };
const started: KnownEventMsg = { type: "task_started", turn_id: "turn-1", collaboration_mode_kind: "plan" };
const invocation = { server: "docs", tool: "search", arguments: { q: "x" } };

const child = (status: SubagentStatus) => ({
  agent_id: 1,
  parent_agent_id: 0,
  session_id: "c1",
  name: "alpha",
  status,
  pending_messages: 0,
  pending_interrupts: 0,
  model: "m",
});
const agent = (id: number, status: SubagentStatus, message?: string) => ({
  agent_id: id,
  session_id: `c${id}`,
  status,
  ...(message ? { message } : {}),
});
function call(
  phase: "begin" | "end",
  callId: string,
  tool: SubagentToolName,
  agents: ReturnType<typeof agent>[],
  extra: { prompt?: string; model?: string; success?: boolean; error?: string } = {},
): KnownEventMsg {
  const base = { call_id: callId, tool, sender_agent_id: 0, sender_session_id: T, agents };
  const { success = true, ...rest } = extra;
  return phase === "begin"
    ? { type: "subagent_tool_call_begin", ...base, ...rest }
    : { type: "subagent_tool_call_end", ...base, ...rest, success };
}
const collab = (
  id: string,
  tool: string,
  status: string,
  states: Record<string, [string, string | null]>,
  prompt: string | null = null,
  model: string | null = null,
) => ({
  type: "collabAgentToolCall",
  id,
  tool,
  status,
  senderThreadId: T,
  receiverThreadIds: Object.keys(states),
  prompt,
  model,
  reasoningEffort: null,
  agentsStates: Object.fromEntries(
    Object.entries(states).map(([thread, [state, message]]) => [thread, { status: state, message }]),
  ),
});

const inChild = { threadId: "c1", turnId: "child-turn" };
const childScope = { thread_id: "c1", turn_id: "child-turn" };

/** A subagent's own event, as the root forwards it. */
function childEvent(event: SubagentTurnEvent): KnownEventMsg {
  return { type: "subagent_event", agent_id: 1, session_id: "c1", event };
}

function patchItem(status: "in_progress" | "completed") {
  return {
    type: "fileChange" as const,
    id: "p1",
    changes: { "/w/a.txt": { type: "add" as const, content: "a\n" } },
    status,
  };
}

const rootThread: Thread = {
  ...threadPlacement("/work", 1_700_000_000, false),
  id: T,
  sessionId: T,
  preview: "",
  ephemeral: false,
  modelProvider: "openai",
  model: "root-model",
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_000,
  status: { type: "active", activeFlags: [] },
  path: "/home/.codex/sessions/root.jsonl",
  cwd: "/work",
  cliVersion: "0.0.0",
  originator: "codex_vscode",
  source: "vscode",
  projectId: null,
  name: null,
  turns: [],
};

function view(o: MapperOutput): unknown {
  if (o.kind === "userInput" || o.kind === "patchApproval") return { request: o.kind, params: o.params };
  if (o.kind !== "notification") return { request: o.kind };
  const { method, params } = o.notification;
  if (method === "mcpServer/startupStatus/updated" || method.startsWith("thread/")) return { method, params };
  if (method === "item/started" || method === "item/completed") {
    // Items of another thread (a subagent's) say so.
    return params.threadId === T
      ? { method, item: bare(params.item) }
      : { method, item: bare(params.item), threadId: params.threadId, turnId: params.turnId };
  }
  if (method === "item/plan/delta" || method === "item/agentMessage/delta") {
    return { method, itemId: params.itemId, delta: params.delta, turnId: params.turnId };
  }
  return { method };
}

const cases: Array<{ name: string; events: KnownEventMsg[]; expected: unknown[] }> = [
  {
    name: "a plan streams as a plan item beside the agent message",
    events: [
      { type: "agent_message_content_delta", ...scope, item_id: "msg_1", delta: "Here:\n" },
      { type: "item_started", ...scope, item: { type: "plan", id: "plan_1", text: "" } },
      { type: "plan_delta", ...scope, item_id: "plan_1", delta: "1. a\n" },
      { type: "plan_delta", ...scope, item_id: "plan_1", delta: "2. b\n" },
      { type: "agent_message", message: "Here:\n" },
      { type: "item_completed", ...scope, item: { type: "plan", id: "plan_1", text: "1. a\n2. b\n" } },
    ],
    expected: [
      { method: "item/started", item: { type: "agentMessage", id: "msg_1", text: "" } },
      { method: "item/agentMessage/delta", itemId: "msg_1", delta: "Here:\n", turnId: "turn-1" },
      { method: "item/started", item: { type: "plan", id: "plan_1", text: "" } },
      { method: "item/plan/delta", itemId: "plan_1", delta: "1. a\n", turnId: "turn-1" },
      { method: "item/plan/delta", itemId: "plan_1", delta: "2. b\n", turnId: "turn-1" },
      { method: "item/completed", item: { type: "agentMessage", id: "msg_1", text: "Here:\n" } },
      { method: "item/completed", item: { type: "plan", id: "plan_1", text: "1. a\n2. b\n" } },
    ],
  },
  {
    name: "a compaction is a contextCompaction item",
    events: [{ type: "context_compacted", reason: "manual" }],
    expected: [
      { method: "item/started", item: { type: "contextCompaction", id: "id_1" } },
      { method: "item/completed", item: { type: "contextCompaction", id: "id_1" } },
    ],
  },
  {
    name: "MCP tool calls: a result, a tool error, and a call that failed",
    events: [
      { type: "mcp_tool_call_begin", call_id: "m1", invocation },
      {
        type: "mcp_tool_call_end",
        call_id: "m1",
        invocation,
        duration_ms: 12.4,
        result: { Ok: { content: [{ type: "text", text: "hit" }], structuredContent: { n: 1 } } },
      },
      {
        type: "mcp_tool_call_end",
        call_id: "m2",
        invocation,
        duration_ms: 3,
        result: { Ok: { content: [], isError: true } },
      },
      { type: "mcp_tool_call_end", call_id: "m3", invocation, duration_ms: 1, result: { Err: "gone" } },
    ],
    expected: [
      {
        method: "item/started",
        item: {
          type: "mcpToolCall",
          id: "m1",
          server: "docs",
          tool: "search",
          status: "inProgress",
          arguments: { q: "x" },
          result: null,
          error: null,
          durationMs: null,
          pluginId: null,
          readOnlyHint: null,
          appContext: null,
          mcpAppResourceUri: null,
          mcpAppUi: null,
        },
      },
      {
        method: "item/completed",
        item: expect.objectContaining({
          id: "m1",
          status: "completed",
          durationMs: 12,
          result: { content: [{ type: "text", text: "hit" }], structuredContent: { n: 1 } },
        }),
      },
      // An end without its begin still starts its item first (the engine's item tracker does).
      { method: "item/started", item: expect.objectContaining({ id: "m2", status: "inProgress" }) },
      {
        method: "item/completed",
        item: expect.objectContaining({ id: "m2", status: "failed", result: { content: [] } }),
      },
      { method: "item/started", item: expect.objectContaining({ id: "m3", status: "inProgress" }) },
      {
        method: "item/completed",
        item: expect.objectContaining({ id: "m3", status: "failed", error: { message: "gone" } }),
      },
    ],
  },
  {
    name: "subagent tool calls are collabAgentToolCall items; one still open when the turn ends fails",
    events: [
      call("begin", "c1", "spawn", [], { prompt: "task-a", model: "m" }),
      call("end", "c1", "spawn", [agent(1, "running")], { prompt: "task-a", model: "m", success: true }),
      call("begin", "c2", "await", [agent(1, "running")]),
      call("end", "c2", "await", [agent(1, "completed", "A done")], { success: true }),
      call("begin", "c3", "send", [], { prompt: "hi" }),
      call("end", "c3", "send", [], { prompt: "hi", success: false, error: "no subagent with id 9" }),
      call("begin", "c4", "logs", [agent(1, "completed")]),
      call("end", "c4", "logs", [agent(1, "completed")], { success: true }),
      call("begin", "c5", "list", []),
      call("end", "c5", "list", [agent(1, "completed")], { success: true }),
      call("begin", "c6", "cancel", [agent(1, "completed")]),
      call("end", "c6", "cancel", [agent(1, "cancelled")], { success: true }),
      call("begin", "c7", "await", [agent(2, "running")]),
      { type: "turn_aborted", turn_id: "turn-1", reason: "interrupted" },
      call("end", "c7", "await", [agent(2, "running")], { success: true }),
    ],
    expected: [
      { method: "item/started", item: collab("c1", "spawnAgent", "inProgress", {}, "task-a", "m") },
      {
        method: "item/completed",
        item: collab("c1", "spawnAgent", "completed", { c1: ["running", null] }, "task-a", "m"),
      },
      { method: "item/started", item: collab("c2", "wait", "inProgress", { c1: ["running", null] }) },
      { method: "item/completed", item: collab("c2", "wait", "completed", { c1: ["completed", "A done"] }) },
      { method: "item/started", item: collab("c3", "sendInput", "inProgress", {}, "hi") },
      { method: "item/completed", item: collab("c3", "sendInput", "failed", {}, "hi") },
      { method: "item/started", item: collab("c4", "listAgents", "inProgress", { c1: ["completed", null] }) },
      {
        method: "item/completed",
        item: collab("c4", "listAgents", "completed", { c1: ["completed", null] }),
      },
      { method: "item/started", item: collab("c5", "listAgents", "inProgress", {}) },
      {
        method: "item/completed",
        item: collab("c5", "listAgents", "completed", { c1: ["completed", null] }),
      },
      { method: "item/started", item: collab("c6", "closeAgent", "inProgress", { c1: ["completed", null] }) },
      { method: "item/completed", item: collab("c6", "closeAgent", "completed", { c1: ["shutdown", null] }) },
      { method: "item/started", item: collab("c7", "wait", "inProgress", { c2: ["running", null] }) },
      { method: "item/completed", item: collab("c7", "wait", "failed", { c2: ["running", null] }) },
      { method: "thread/status/changed", params: { threadId: T, status: { type: "idle" } } },
      { method: "turn/completed" },
    ],
  },
  {
    name: "each child is a thread: started, status changes (not header changes), inbox, closed on cancel",
    events: [
      call("begin", "c1", "spawn", [], { prompt: "task-a: check" }),
      { type: "subagent_lifecycle", summary: child("running") },
      { type: "subagent_lifecycle", summary: { ...child("running"), reasoning_header: "Thinking" } },
      {
        type: "subagent_lifecycle",
        summary: { ...child("running"), agent_id: 2, parent_agent_id: 1, session_id: "c2", name: null },
      },
      { type: "agent_inbox", agent_id: 1, session_id: "c1", pending_messages: 1, pending_interrupts: 0 },
      { type: "agent_inbox", agent_id: 0, session_id: "", pending_messages: 2, pending_interrupts: 0 },
      { type: "subagent_lifecycle", summary: child("waiting") },
      { type: "subagent_lifecycle", summary: child("completed") },
      { type: "subagent_lifecycle", summary: child("cancelled") },
    ],
    expected: [
      { method: "item/started", item: collab("c1", "spawnAgent", "inProgress", {}, "task-a: check") },
      {
        method: "thread/started",
        params: {
          thread: expect.objectContaining({
            id: "c1",
            sessionId: T,
            parentThreadId: T,
            preview: "task-a: check",
            agentNickname: "alpha",
            model: "m",
            cwd: "/work",
            status: { type: "active", activeFlags: [] },
            source: {
              subAgent: {
                thread_spawn: {
                  parent_thread_id: T,
                  depth: 1,
                  agent_nickname: "alpha",
                  agent_role: null,
                  agent_path: null,
                },
              },
            },
          }),
        },
      },
      {
        method: "thread/started",
        params: {
          thread: expect.objectContaining({
            id: "c2",
            parentThreadId: "c1",
            source: {
              subAgent: {
                thread_spawn: {
                  parent_thread_id: "c1",
                  depth: 2,
                  agent_nickname: null,
                  agent_role: null,
                  agent_path: null,
                },
              },
            },
          }),
        },
      },
      {
        method: "thread/queue/changed",
        params: { threadId: "c1", pendingMessages: 1, pendingInterrupts: 0 },
      },
      {
        method: "thread/queue/changed",
        params: { threadId: T, pendingMessages: 2, pendingInterrupts: 0 },
      },
      {
        method: "thread/status/changed",
        params: { threadId: "c1", status: { type: "active", activeFlags: ["waitingOnApproval"] } },
      },
      { method: "thread/status/changed", params: { threadId: "c1", status: { type: "idle" } } },
      { method: "thread/closed", params: { threadId: "c1" } },
    ],
  },
  {
    name: "a subagent's turn and items are live on its thread; its approvals are asked there; never in this thread's diff",
    events: [
      { type: "subagent_lifecycle", summary: child("running") },
      childEvent({ type: "task_started", turn_id: "child-turn", collaboration_mode_kind: "default" }),
      childEvent({ type: "item_started", ...childScope, item: patchItem("in_progress"), started_at_ms: 5 }),
      {
        type: "apply_patch_approval_request",
        call_id: "p1",
        agent_id: 1,
        turn_id: "child-turn",
        changes: { "/w/a.txt": { type: "add", content: "a\n" } },
      },
      // The root sees the approved call's events too: they make no item of its own.
      { type: "patch_apply_begin", call_id: "p1", agent_id: 1, auto_approved: false, changes: {} },
      { type: "patch_apply_end", call_id: "p1", agent_id: 1, stdout: "", stderr: "", success: true },
      childEvent({
        type: "item_completed",
        ...childScope,
        item: patchItem("completed"),
        started_at_ms: 5,
        completed_at_ms: 9,
      }),
      childEvent({ type: "task_complete", turn_id: "child-turn" }),
      { type: "subagent_lifecycle", summary: child("idle") },
    ],
    expected: [
      { method: "thread/started", params: expect.anything() },
      { method: "turn/started" },
      { method: "item/started", item: expect.objectContaining({ type: "fileChange", id: "p1" }), ...inChild },
      { request: "patchApproval", params: expect.objectContaining({ threadId: "c1", turnId: "child-turn" }) },
      {
        method: "item/completed",
        item: expect.objectContaining({ id: "p1", status: "completed" }),
        ...inChild,
      },
      { method: "turn/completed" },
      { method: "thread/status/changed", params: { threadId: "c1", status: { type: "idle" } } },
    ],
  },
  {
    name: "MCP startup updates are mcpServer/startupStatus/updated for the thread",
    events: [
      { type: "mcp_startup_update", server: "docs", status: { state: "ready" } },
      { type: "mcp_startup_update", server: "hung", status: { state: "failed", error: "timed out" } },
    ],
    expected: [
      {
        method: "mcpServer/startupStatus/updated",
        params: { name: "docs", status: "ready", error: null, failureReason: null, threadId: T },
      },
      {
        method: "mcpServer/startupStatus/updated",
        params: { name: "hung", status: "failed", error: "timed out", failureReason: null, threadId: T },
      },
    ],
  },
  {
    name: "request_user_input asks the client with item/tool/requestUserInput",
    events: [
      {
        type: "request_user_input",
        call_id: "call_q",
        turn_id: "turn-1",
        questions: [{ id: "name", header: "Name", question: "What name?", isOther: true }],
      },
    ],
    expected: [
      {
        method: "thread/status/changed",
        params: { threadId: T, status: { type: "active", activeFlags: ["waitingOnUserInput"] } },
      },
      {
        request: "userInput",
        params: {
          threadId: T,
          turnId: "turn-1",
          itemId: "call_q",
          isBlocking: true,
          autoResolutionMs: null,
          questions: [
            {
              id: "name",
              header: "Name",
              question: "What name?",
              isOther: true,
              isSecret: false,
              options: null,
            },
          ],
        },
      },
    ],
  },
];

describe("event mapper: plan, compaction and MCP items", () => {
  it.each(cases)("$name", ({ events, expected }) => {
    const mapper = new AppServerEventMapper(
      T,
      () => {
        throw new Error("unused");
      },
      () => 1_700_000_000_000,
      () => rootThread,
    );
    const tracker = testTracker();
    const feed = (msg: KnownEventMsg) =>
      tracker.process(msg).flatMap((m) => mapper.map({ id: "sub-1", msg: m }));
    feed(started);
    const out = events.flatMap(feed);
    expect(out.map(view)).toEqual(expected);
    // Every nullable key present, as Codex sends them (see strictProtocolSchema).
    const schema = strictProtocolSchema();
    const problems = out.flatMap((o) => {
      if (o.kind === "notification")
        return [schema.checkParams("ServerNotification", o.notification.method, o.notification.params)];
      return o.kind === "userInput"
        ? [schema.checkParams("ServerRequest", "item/tool/requestUserInput", o.params)]
        : [];
    });
    expect(problems.filter(Boolean)).toEqual([]);
  });
});

/** The engine's item tracker with a fixed clock and numbered ids, as events pass through it in the engine. */
function testTracker(): ItemTracker {
  let n = 0;
  return new ItemTracker(
    T,
    () => 1_700_000_000_000,
    () => `id_${++n}`,
  );
}
