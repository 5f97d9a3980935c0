// MCP tool calls as mcpToolCall items: started at mcp_tool_call_begin, completed (with the server's result
// or the reason there is none) at mcp_tool_call_end. Part of the event mapper; the call id is the item id.
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import type { ThreadItemOf } from "../../protocol/app-server/v2/items.js";
import type { OutputBuffer } from "./mapper-output.js";

type McpItem = ThreadItemOf<"mcpToolCall">;

function baseItem(callId: string, invocation: EventMsgOf<"mcp_tool_call_begin">["invocation"]): McpItem {
  return {
    type: "mcpToolCall",
    id: callId,
    server: invocation.server,
    tool: invocation.tool,
    status: "inProgress",
    arguments: invocation.arguments ?? null,
    result: null,
    error: null,
    durationMs: null,
  };
}

export function mcpBegin(out: OutputBuffer, msg: EventMsgOf<"mcp_tool_call_begin">): void {
  out.item("item/started", baseItem(msg.call_id, msg.invocation));
}

export function mcpEnd(out: OutputBuffer, msg: EventMsgOf<"mcp_tool_call_end">): void {
  const item = { ...baseItem(msg.call_id, msg.invocation), durationMs: Math.round(msg.duration_ms) };
  if ("Err" in msg.result) {
    out.item("item/completed", { ...item, status: "failed", error: { message: msg.result.Err } });
    return;
  }
  const { content, structuredContent, isError } = msg.result.Ok;
  const result = { content, ...(structuredContent !== undefined ? { structuredContent } : {}) };
  out.item("item/completed", { ...item, status: isError ? "failed" : "completed", result });
}

/** An MCP server's startup state changed: mcpServer/startupStatus/updated, scoped to the thread. */
export function mcpStartup(out: OutputBuffer, msg: EventMsgOf<"mcp_startup_update">): void {
  const { status } = msg;
  out.notify({
    method: "mcpServer/startupStatus/updated",
    params: {
      name: msg.server,
      status: status.state,
      error: status.state === "failed" ? status.error : null,
      threadId: out.threadId,
    },
  });
}
