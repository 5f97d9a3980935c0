// Approvals asked of the MCP client's user through elicitation: a one-field form whose answer is a review
// decision. Declining or cancelling the form denies.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ReviewDecision } from "../../protocol/policies.js";
import type { ApprovalRequest } from "./mcp-thread.js";

function describe(request: ApprovalRequest): string {
  const reason = request.reason ? `\nReason: ${request.reason}` : "";
  if (request.type === "exec_approval_request") {
    return `Codex wants to run a command in ${request.cwd}:\n${request.command.join(" ")}${reason}`;
  }
  return `Codex wants to change these files:\n${Object.keys(request.changes).join("\n")}${reason}`;
}

export async function elicitApproval(
  server: Server,
  request: ApprovalRequest,
  signal: AbortSignal,
): Promise<ReviewDecision> {
  const result = await server.elicitInput(
    {
      mode: "form",
      message: describe(request),
      requestedSchema: {
        type: "object",
        properties: {
          decision: {
            type: "string",
            title: "Decision",
            description: "approved: this once; approved_for_session: for the rest of the thread",
            enum: ["approved", "approved_for_session", "denied", "abort"],
          },
        },
        required: ["decision"],
      },
    },
    { signal },
  );
  if (result.action !== "accept") return "denied";
  const decision = ReviewDecision.safeParse(result.content?.decision);
  return decision.success ? decision.data : "denied";
}
