// mcpServer/tool/call and mcpServer/resource/read: straight to a server of a loaded thread's MCP
// connections, outside any turn (no approval, no item). Errors are Codex's: an unknown server is -32603.
import { ErrorCode } from "../../../protocol/app-server/jsonrpc.js";
import { UnknownMcpServerError } from "../../../core/mcp-api/session-mcp.js";
import { McpRequestError } from "../../../mcp/sdk-client.js";
import { AppServerError, badRequest } from "../errors.js";
import type { Handler } from "../handler-types.js";
import type { ThreadRuntime } from "../thread-runtime.js";
import { threadOf } from "./thread-open.js";

async function mcpCall<T>(server: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof UnknownMcpServerError) throw new AppServerError(ErrorCode.internalError, err.message);
    if (err instanceof McpRequestError) throw badRequest(`MCP server '${server}': ${err.message}`);
    throw err;
  }
}

function serversOf(thread: ThreadRuntime, server: string) {
  const mcp = thread.mcpServers;
  if (!mcp) throw new AppServerError(ErrorCode.internalError, `unknown MCP server '${server}'`);
  return mcp;
}

export const mcpToolCall: Handler<"mcpServer/tool/call"> = (params, ctx) => {
  const mcp = serversOf(threadOf(ctx.services, params.threadId), params.server);
  const args = params.arguments ?? {};
  if (typeof args !== "object" || args === null || Array.isArray(args))
    throw badRequest("arguments must be an object");
  return mcpCall(params.server, () =>
    mcp.callTool(
      params.server,
      params.tool,
      args as Record<string, unknown>,
      AbortSignal.timeout(10 * 60_000),
    ),
  );
};

export const mcpResourceRead: Handler<"mcpServer/resource/read"> = async (params, ctx) => {
  // Without a thread: the first loaded thread that has the server.
  const thread = params.threadId
    ? threadOf(ctx.services, params.threadId)
    : [...ctx.services.threads.values()].find((t) =>
        t.mcpServerStatuses().some((s) => s.name === params.server),
      );
  if (!thread) throw new AppServerError(ErrorCode.internalError, `unknown MCP server '${params.server}'`);
  const mcp = serversOf(thread, params.server);
  const read = await mcpCall(params.server, () =>
    mcp.readResource(params.server, params.uri, AbortSignal.timeout(10 * 60_000)),
  );
  return { contents: read.contents as never, originCallId: null };
};
