// An MCP tool as the registry offers it: the server's schema in the request, and a handler that asks for
// approval when needed, announces the call (mcp_tool_call_begin/end) and turns the result into an output.
import type { McpCallToolResult, McpInvocation } from "../protocol/core-protocol.js";
import type { ToolContext, ToolResult } from "../core/tool-api/define-tool.js";
import type { ProvidedTool } from "../core/tool-api/registry.js";
import type { McpServerConnection } from "./server-connection.js";
import { approvalDeclinedBecause, needsApproval, type McpToolApprovals } from "./tool-approval.js";
import { resultText, toolOutputFromResult } from "./tool-output.js";
import type { McpTool } from "../core/mcp-api/types.js";

export interface ProvidedToolOptions {
  connection: McpServerConnection;
  tool: McpTool;
  qualifiedName: string;
  approvals: McpToolApprovals;
  selector?: string;
}

export function providedTool(options: ProvidedToolOptions): ProvidedTool {
  const { connection, tool, qualifiedName } = options;
  return {
    name: qualifiedName,
    spec: {
      type: "function",
      name: qualifiedName,
      description:
        tool.description ?? tool.annotations?.title ?? `MCP tool ${tool.name} of server ${connection.name}`,
      strict: false,
      parameters: tool.inputSchema,
    },
    ...(options.selector ? { selector: options.selector } : {}),
    handle: (raw, ctx) => runMcpTool(options, raw, ctx),
  };
}

function parseArguments(raw: string): Record<string, unknown> | string {
  if (raw.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return `failed to parse function arguments: ${(err as Error).message}`;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "failed to parse function arguments: expected a JSON object";
  }
  return value as Record<string, unknown>;
}

async function runMcpTool(options: ProvidedToolOptions, raw: string, ctx: ToolContext): Promise<ToolResult> {
  const { connection, tool, qualifiedName } = options;
  const args = parseArguments(raw);
  if (typeof args === "string") return { output: args, success: false };
  const readOnly = tool.annotations?.readOnlyHint;
  const invocation: McpInvocation = {
    server: connection.name,
    tool: tool.name,
    arguments: args,
    ...(connection.config.pluginId ? { plugin_id: connection.config.pluginId } : {}),
    ...(typeof readOnly === "boolean" ? { read_only_hint: readOnly } : {}),
  };
  const started = Date.now();
  const end = (result: { Ok: McpCallToolResult } | { Err: string }) =>
    ctx.emit({
      type: "mcp_tool_call_end",
      call_id: ctx.callId,
      invocation,
      duration_ms: Date.now() - started,
      result,
    });

  if (needsApproval(tool, connection.config.trusted, ctx.approvalPolicy)) {
    const declinedBy = approvalDeclinedBecause(ctx.approvalPolicy);
    const outcome = declinedBy
      ? {
          declined: `the call to ${tool.name} (MCP server '${connection.name}') needs approval, and ${declinedBy}`,
        }
      : await options.approvals.ask(ctx, {
          server: connection.name,
          tool,
          qualifiedName,
          args,
        });
    if (outcome !== "run") {
      const message =
        typeof outcome === "object"
          ? outcome.declined
          : `the user declined the call to ${tool.name} (MCP server '${connection.name}')`;
      ctx.emit({ type: "mcp_tool_call_begin", call_id: ctx.callId, invocation });
      end({ Err: message });
      return { output: message, success: false, ...(outcome === "abort" ? { abortTask: true } : {}) };
    }
  }

  ctx.emit({ type: "mcp_tool_call_begin", call_id: ctx.callId, invocation });
  let result: McpCallToolResult;
  try {
    result = await connection.call(tool.name, args, ctx.signal);
  } catch (err) {
    if (ctx.signal.aborted) {
      end({ Err: "interrupted" });
      throw err;
    }
    const message = `MCP tool ${connection.name}.${tool.name} failed: ${(err as Error).message}`;
    end({ Err: message });
    return { output: message, success: false };
  }
  end({ Ok: result });
  if (result.isError) {
    const text = resultText(result);
    return { output: text === "" ? `MCP tool ${tool.name} reported an error` : text, success: false };
  }
  return { output: toolOutputFromResult(result), success: true };
}
