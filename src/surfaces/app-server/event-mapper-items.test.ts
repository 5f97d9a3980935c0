// Table-driven, for the items added with plan mode, compaction and MCP: engine events in, v2 notifications
// out, each checked against the real protocol's JSON Schema.
import { describe, expect, it } from "vitest";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { protocolSchema } from "../../../test/support/app-server-client.js";
import { AppServerEventMapper, type MapperOutput } from "./event-mapper.js";

const T = "thread-1";
const scope = { thread_id: T, turn_id: "turn-1" };
const started: KnownEventMsg = { type: "task_started", turn_id: "turn-1", collaboration_mode_kind: "plan" };
const invocation = { server: "docs", tool: "search", arguments: { q: "x" } };

const child = (status: "running" | "completed" | "cancelled") => ({
  agent_id: 1,
  parent_agent_id: 0,
  session_id: "c1",
  name: "alpha",
  status,
  pending_messages: 0,
  pending_interrupts: 0,
  model: "m",
});
const collab = (id: string, tool: string, status: string, from: string, to: string, state: string) => ({
  type: "collabAgentToolCall",
  id,
  tool,
  status,
  senderThreadId: from,
  receiverThreadIds: [to],
  prompt: null,
  model: "m",
  agentsStates: { [to]: { status: state, message: to === "c1" ? "alpha" : null } },
});

function view(o: MapperOutput): unknown {
  if (o.kind === "userInput") return { request: o.kind, params: o.params };
  if (o.kind !== "notification") return { request: o.kind };
  const { method, params } = o.notification;
  if (method === "mcpServer/startupStatus/updated") return { method, params };
  if (method === "item/started" || method === "item/completed") return { method, item: params.item };
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
      { method: "item/started", item: { type: "contextCompaction", id: "compaction_1" } },
      { method: "item/completed", item: { type: "contextCompaction", id: "compaction_1" } },
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
      {
        method: "item/completed",
        item: expect.objectContaining({ id: "m2", status: "failed", result: { content: [] } }),
      },
      {
        method: "item/completed",
        item: expect.objectContaining({ id: "m3", status: "failed", error: { message: "gone" } }),
      },
    ],
  },
  {
    name: "a subagent's creation is a spawnAgent item, its cancellation a closeAgent; status changes are not items",
    events: [
      { type: "subagent_lifecycle", summary: child("running") },
      { type: "subagent_lifecycle", summary: child("completed") },
      {
        type: "subagent_lifecycle",
        summary: { ...child("running"), agent_id: 2, parent_agent_id: 1, session_id: "c2", name: null },
      },
      { type: "subagent_lifecycle", summary: child("cancelled") },
    ],
    expected: [
      {
        method: "item/started",
        item: collab("spawn_agent_1", "spawnAgent", "inProgress", T, "c1", "running"),
      },
      {
        method: "item/completed",
        item: collab("spawn_agent_1", "spawnAgent", "completed", T, "c1", "running"),
      },
      {
        method: "item/started",
        item: collab("spawn_agent_2", "spawnAgent", "inProgress", "c1", "c2", "running"),
      },
      {
        method: "item/completed",
        item: collab("spawn_agent_2", "spawnAgent", "completed", "c1", "c2", "running"),
      },
      {
        method: "item/started",
        item: collab("close_agent_1", "closeAgent", "inProgress", T, "c1", "shutdown"),
      },
      {
        method: "item/completed",
        item: collab("close_agent_1", "closeAgent", "completed", T, "c1", "shutdown"),
      },
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
        params: { name: "docs", status: "ready", error: null, threadId: T },
      },
      {
        method: "mcpServer/startupStatus/updated",
        params: { name: "hung", status: "failed", error: "timed out", threadId: T },
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
        request: "userInput",
        params: {
          threadId: T,
          turnId: "turn-1",
          itemId: "call_q",
          isBlocking: true,
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
    );
    mapper.map({ id: "sub-1", msg: started });
    const out = events.flatMap((msg) => mapper.map({ id: "sub-1", msg }));
    expect(out.map(view)).toEqual(expected);
    const schema = protocolSchema();
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
