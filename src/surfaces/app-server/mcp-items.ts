// MCP servers' startup on the wire (their tool calls are mcpToolCall items, see item-projection.ts).
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import type { OutputBuffer } from "./mapper-output.js";

/** An MCP server's startup state changed: mcpServer/startupStatus/updated, scoped to the thread. */
export function mcpStartup(out: OutputBuffer, msg: EventMsgOf<"mcp_startup_update">): void {
  const { status } = msg;
  out.notify({
    method: "mcpServer/startupStatus/updated",
    params: {
      name: msg.server,
      status: status.state,
      error: status.state === "failed" ? status.error : null,
      failureReason: null,
      threadId: out.threadId,
    },
  });
}
