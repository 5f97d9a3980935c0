// Tool calls as items: commands (with their approvals), patches, MCP and subagent calls, image views, web
// searches, and a call that failed without an item of its own. A tool item's id is its call id.
import type { KnownEventMsg, McpInvocation } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import { collabAgentItem, type TurnItem, type TurnItemOf } from "../../protocol/turn-item.js";
import type { OpenItems } from "./open-items.js";

type ApprovalRequest = Extract<KnownEventMsg, { type: "exec_approval_request" }>;

export class ToolItems {
  /** Commands waiting for the user's approval: a refused one still shows, as declined. */
  private readonly approvals = new Map<string, ApprovalRequest>();

  constructor(private readonly items: OpenItems) {}

  /** The user refused an approval: the command shows as declined, the proposed patch too. */
  decided(callId: string, decision: ReviewDecision): KnownEventMsg[] {
    const request = this.approvals.get(callId);
    this.approvals.delete(callId);
    if (decision === "approved" || decision === "approved_for_session") return [];
    const out: KnownEventMsg[] = [];
    if (request) {
      this.items.start(out, commandItem(callId, request.command, request.cwd));
      this.items.complete(out, callId, (item) => ({ ...item, status: "declined" }) as TurnItem);
    }
    if (this.items.get(callId)?.item.type === "fileChange") {
      this.items.complete(out, callId, (item) => ({ ...item, status: "declined" }) as TurnItem);
    }
    return out;
  }

  /**
   * As Codex's app-server shows it: a command under automatic review shows (in progress) before its
   * review starts; one the reviewer did not let run ends declined (denied, or cut short), or failed when
   * the review timed out; an approved one goes on as it runs.
   */
  private reviewed(
    msg: Extract<KnownEventMsg, { type: "auto_review" }>,
    before: KnownEventMsg[],
    after: KnownEventMsg[],
  ): void {
    const { action, target_item_id: callId } = msg;
    if (action.type !== "command" || !callId) return;
    if (msg.status === "in_progress") {
      if (!this.items.has(callId)) this.items.start(before, commandItem(callId, action.command, action.cwd));
      return;
    }
    if (msg.status === "approved") return;
    const status = msg.status === "timed_out" ? "failed" : "declined";
    if (!this.items.has(callId)) this.items.start(after, commandItem(callId, action.command, action.cwd));
    this.items.complete(after, callId, (item) => ({ ...item, status }) as TurnItem);
  }

  /** The turn ended: no approval asked in it is answered any more. */
  clearApprovals(): void {
    this.approvals.clear();
  }

  /** True when `msg` is a tool event (its items are added to `before` / `after`). */
  observe(msg: KnownEventMsg, before: KnownEventMsg[], after: KnownEventMsg[]): boolean {
    const { items } = this;
    switch (msg.type) {
      case "exec_approval_request":
        this.approvals.set(msg.call_id, msg);
        return true;
      case "auto_review":
        this.reviewed(msg, before, after);
        return true;
      case "exec_command_begin": {
        this.approvals.delete(msg.call_id);
        const item = {
          ...commandItem(msg.call_id, msg.command, msg.cwd),
          ...(msg.process_id ? { process_id: msg.process_id } : {}),
          ...(msg.source ? { source: msg.source } : {}),
        };
        // Shown already while its review ran: it only learns how it runs.
        if (items.has(msg.call_id)) items.update(msg.call_id, () => item);
        else items.start(after, item);
        return true;
      }
      case "exec_command_end":
        if (!items.has(msg.call_id)) items.start(after, commandItem(msg.call_id, msg.command, msg.cwd));
        items.complete(after, msg.call_id, (item) => ({
          ...(item as TurnItemOf<"commandExecution">),
          status: msg.exit_code === 0 ? "completed" : "failed",
          aggregated_output: msg.aggregated_output,
          exit_code: msg.exit_code,
          duration_ms: Math.round(msg.duration_ms),
        }));
        return true;
      case "apply_patch_approval_request":
        // The item shows first, so a client can display the diff it is asked about.
        if (!items.has(msg.call_id)) items.start(before, fileChangeItem(msg.call_id, msg.changes));
        return true;
      case "patch_apply_begin":
        if (!items.has(msg.call_id)) items.start(after, fileChangeItem(msg.call_id, msg.changes));
        return true;
      case "patch_apply_end":
        if (!items.has(msg.call_id)) items.start(after, fileChangeItem(msg.call_id, {}));
        items.complete(
          after,
          msg.call_id,
          (item) =>
            (msg.success
              ? { ...item, status: "completed" }
              : { ...item, status: "failed", error: msg.stderr || msg.stdout }) as TurnItem,
        );
        return true;
      case "mcp_tool_call_begin":
        items.start(after, mcpItem(msg.call_id, msg.invocation));
        return true;
      case "mcp_tool_call_end": {
        if (!items.has(msg.call_id)) items.start(after, mcpItem(msg.call_id, msg.invocation));
        const ok = "Ok" in msg.result ? msg.result.Ok : undefined;
        const error = "Err" in msg.result ? msg.result.Err : null;
        items.complete(after, msg.call_id, (item) => ({
          ...(item as TurnItemOf<"mcpToolCall">),
          status: ok && !ok.isError ? "completed" : "failed",
          result: ok ? { content: ok.content, structured_content: ok.structuredContent ?? null } : null,
          error,
          duration_ms: Math.round(msg.duration_ms),
        }));
        return true;
      }
      case "subagent_tool_call_begin":
        items.start(after, collabAgentItem(msg, "in_progress"));
        return true;
      case "subagent_tool_call_end":
        if (!items.has(msg.call_id)) items.start(after, collabAgentItem(msg, "in_progress"));
        items.complete(after, msg.call_id, () => ({
          ...collabAgentItem(msg, msg.success ? "completed" : "failed"),
          error: msg.error ?? null,
        }));
        return true;
      case "view_image_tool_call":
        items.startAndComplete(after, { type: "imageView", id: msg.call_id, path: msg.path });
        return true;
      case "web_search_begin":
        if (!items.has(msg.call_id))
          items.start(after, { type: "webSearch", id: msg.call_id, query: "", action: null });
        return true;
      case "web_search_end":
        // A search announced only when done still gets its item_started.
        if (!items.has(msg.call_id))
          items.start(after, { type: "webSearch", id: msg.call_id, query: "", action: null });
        items.complete(after, msg.call_id, () => ({
          type: "webSearch",
          id: msg.call_id,
          query: msg.query,
          action: searchAction(msg.action),
        }));
        return true;
      case "tool_call_failed":
        this.callFailed(after, msg);
        return true;
      default:
        return false;
    }
  }

  /**
   * A tool call that failed without an item of its own telling it (a patch that did not parse, an unknown
   * tool, a handler that threw) becomes a failed dynamicToolCall whose content is the error, so no surface
   * drops it. A call whose item is open (a command that began) fails as that item instead.
   */
  private callFailed(out: KnownEventMsg[], msg: Extract<KnownEventMsg, { type: "tool_call_failed" }>): void {
    if (this.items.has(msg.call_id)) {
      this.items.complete(out, msg.call_id, (item) => {
        if (!("status" in item)) return item;
        // Kinds with an error field say why; a command's output is what it printed.
        const withError = item.type === "fileChange" || item.type === "mcpToolCall";
        return { ...item, status: "failed", ...(withError ? { error: msg.error } : {}) };
      });
      return;
    }
    this.items.start(out, {
      type: "dynamicToolCall",
      id: msg.call_id,
      tool: msg.tool,
      arguments: null,
      status: "in_progress",
      content_items: null,
      success: null,
      duration_ms: null,
    });
    this.items.complete(out, msg.call_id, (item) => ({
      ...(item as TurnItemOf<"dynamicToolCall">),
      status: "failed",
      content_items: [{ type: "inputText", text: msg.error }],
      success: false,
    }));
  }
}

function commandItem(callId: string, command: string[], cwd: string): TurnItemOf<"commandExecution"> {
  return {
    type: "commandExecution",
    id: callId,
    command,
    cwd,
    status: "in_progress",
    aggregated_output: null,
    exit_code: null,
    duration_ms: null,
  };
}

function fileChangeItem(
  callId: string,
  changes: TurnItemOf<"fileChange">["changes"],
): TurnItemOf<"fileChange"> {
  return { type: "fileChange", id: callId, changes, status: "in_progress" };
}

function mcpItem(callId: string, invocation: McpInvocation): TurnItemOf<"mcpToolCall"> {
  return {
    type: "mcpToolCall",
    id: callId,
    server: invocation.server,
    tool: invocation.tool,
    arguments: invocation.arguments ?? null,
    status: "in_progress",
    ...(invocation.plugin_id ? { plugin_id: invocation.plugin_id } : {}),
    ...(typeof invocation.read_only_hint === "boolean" ? { read_only_hint: invocation.read_only_hint } : {}),
  };
}

/** The Responses API's action, kept as it came (the surfaces name it their way); one without a type is "other". */
function searchAction(action: unknown): TurnItemOf<"webSearch">["action"] {
  if (!action || typeof action !== "object" || Array.isArray(action)) return null;
  const fields = action as Record<string, unknown>;
  return { ...fields, type: typeof fields.type === "string" ? fields.type : "other" };
}
