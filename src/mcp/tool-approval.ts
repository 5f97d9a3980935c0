// Approval of MCP tool calls. A tool its server marks destructive (`destructiveHint: true`, and not
// `readOnlyHint`) asks the user first, unless the server is trusted or the approval policy is `never`. The
// question reuses the exec approval round trip: an `exec_approval_request` whose command reads
// `mcp <server> <tool> <arguments as JSON>`, answered by an `exec_approval` op with the call id. The
// PermissionRequest hooks have their say first. With `approvals_reviewer = "auto_review"` the reviewer
// decides instead of the user (as Codex routes MCP approvals to its reviewer).
import { whyNotAsked, type AskForApproval, type ReviewDecision } from "../protocol/policies.js";
import type { ToolContext } from "../core/tool-api/define-tool.js";
import type { McpTool } from "../core/mcp-api/types.js";
import type { McpReviewRequest } from "../core/approvals/auto-review.js";

export type WaitForApproval = (callId: string, signal: AbortSignal) => Promise<ReviewDecision>;

export function needsApproval(tool: McpTool, trusted: boolean, policy: AskForApproval): boolean {
  if (trusted || policy === "never") return false;
  return tool.annotations?.destructiveHint === true && tool.annotations.readOnlyHint !== true;
}

/**
 * A granular policy without `mcp_elicitations` lets no MCP question be asked: the approval of a destructive
 * tool is declined without one (Codex asks it through an MCP elicitation, which that flag covers): the reason,
 * or undefined when it may be asked.
 */
export function approvalDeclinedBecause(policy: AskForApproval): string | undefined {
  return typeof policy === "object" ? whyNotAsked(policy, "mcp_elicitations") : undefined;
}

/** `{declined}`: declined with the reason the model is told (the reviewer's). */
export type ApprovalOutcome = "run" | "declined" | "abort" | { declined: string };

/** Asks, and remembers "approved for session" per tool for the rest of the session. */
export class McpToolApprovals {
  private readonly approvedForSession = new Set<string>();

  constructor(private readonly wait: WaitForApproval) {}

  async ask(
    ctx: ToolContext,
    request: { server: string; tool: McpTool; qualifiedName: string; args: Record<string, unknown> },
  ): Promise<ApprovalOutcome> {
    if (this.approvedForSession.has(request.qualifiedName)) return "run";
    // A PermissionRequest hook decides before anyone is asked.
    const byHook = await ctx.permissionHook?.();
    if (byHook === "approved") return "run";
    if (byHook === "denied") return "declined";
    if (ctx.reviewMcpCall) {
      const answer = await ctx.reviewMcpCall(reviewRequest(request.server, request.tool, request.args));
      if (typeof answer === "object") return { declined: answer.message };
      return answer === "approved" || answer === "approved_for_session" ? "run" : "declined";
    }
    ctx.emit({
      type: "exec_approval_request",
      call_id: ctx.callId,
      command: ["mcp", request.server, request.tool.name, JSON.stringify(request.args)],
      cwd: ctx.cwd,
      reason: `MCP server '${request.server}' marks tool '${request.tool.name}' as destructive`,
    });
    const decision = await this.wait(ctx.callId, ctx.signal);
    switch (decision) {
      case "approved_for_session":
        this.approvedForSession.add(request.qualifiedName);
        return "run";
      case "approved":
        return "run";
      case "abort":
        return "abort";
      case "denied":
        return "declined";
    }
  }
}

/** What the reviewer is shown of the call: the tool's identity, hints and connector, and the arguments. */
function reviewRequest(server: string, tool: McpTool, args: Record<string, unknown>): McpReviewRequest {
  const meta = (key: string) => (typeof tool.meta?.[key] === "string" ? tool.meta[key] : undefined);
  const { title, ...hints } = tool.annotations ?? {};
  const connectorId = meta("connector_id");
  const connectorName = meta("connector_name");
  return {
    server,
    tool: tool.name,
    arguments: args,
    ...(title ? { title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    ...(Object.keys(hints).length > 0 ? { annotations: hints } : {}),
    ...(connectorId ? { connectorId } : {}),
    ...(connectorName ? { connectorName } : {}),
  };
}
