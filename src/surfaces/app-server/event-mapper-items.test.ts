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

function view(o: MapperOutput): unknown {
  if (o.kind !== "notification") return { request: o.kind };
  const { method, params } = o.notification;
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
    const problems = out.flatMap((o) =>
      o.kind === "notification"
        ? [schema.checkParams("ServerNotification", o.notification.method, o.notification.params)]
        : [],
    );
    expect(problems.filter(Boolean)).toEqual([]);
  });
});
