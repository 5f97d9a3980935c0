// The one place where a turn's items are made. Every event the engine emits passes through here (see
// Session.emit): the tool and model events that announce what happens (a command began, a patch applied,
// an MCP call ended, the model's message is done) become typed items with stable ids and times,
// `item_started` / `item_completed`, in order around the event. Surfaces read the items, never the tool
// events; the tool events stay on the stream for the `proto` surface and older clients.
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import type { ItemStatus, TurnItem, TurnItemOf } from "../../protocol/turn-item.js";
import type { UserInputItem } from "../../protocol/user-input.js";
import { uuidv7 } from "../ids.js";
import { renderReviewOutput } from "../review/review-output.js";

interface OpenItem {
  item: TurnItem;
  startedAtMs: number;
  /** The turn it began in (a background command may end in a later one). */
  turnId: string;
}

type ApprovalRequest = Extract<KnownEventMsg, { type: "exec_approval_request" }>;

/** Events from another agent (a subagent's approved call shown through the root) are not this thread's. */
function fromOtherAgent(msg: KnownEventMsg): boolean {
  return "agent_id" in msg && msg.agent_id !== undefined && msg.agent_id !== null;
}

export class ItemTracker {
  private turnId = "";
  private readonly open = new Map<string, OpenItem>();
  private agentMessageId: string | undefined;
  private reasoningId: string | undefined;
  private summaryIndex = 0;
  private readonly approvals = new Map<string, ApprovalRequest>();
  /** Calls whose item the turn's end already closed (a background command may still report later). */
  private readonly closed = new Set<string>();

  constructor(
    private readonly threadId: string,
    private readonly now: () => number = Date.now,
    /** Ids of items the events do not name (messages without deltas, reasoning, user input). */
    private readonly newId: () => string = () => uuidv7(),
  ) {}

  /** The events to emit for `msg`, in order: item events around it, and the event itself. */
  process(msg: KnownEventMsg): KnownEventMsg[] {
    if (fromOtherAgent(msg)) return [msg];
    const before: KnownEventMsg[] = [];
    const after: KnownEventMsg[] = [];
    // Reasoning parts arrive one event each; the item completes when anything else comes.
    if (!msg.type.startsWith("agent_reasoning") && msg.type !== "stream_error") this.closeReasoning(before);
    const self = this.observe(msg, before, after);
    return [...before, self, ...after];
  }

  /** The user refused an approval: the command shows as declined, the proposed patch too. */
  decided(callId: string, decision: ReviewDecision): KnownEventMsg[] {
    const request = this.approvals.get(callId);
    this.approvals.delete(callId);
    if (decision === "approved" || decision === "approved_for_session") return [];
    const out: KnownEventMsg[] = [];
    if (request) {
      this.start(out, commandItem(callId, request.command, request.cwd));
      this.complete(out, callId, (item) => ({ ...item, status: "declined" }) as TurnItem);
    }
    if (this.open.get(callId)?.item.type === "fileChange") {
      this.complete(out, callId, (item) => ({ ...item, status: "declined" }) as TurnItem);
    }
    return out;
  }

  private observe(msg: KnownEventMsg, before: KnownEventMsg[], after: KnownEventMsg[]): KnownEventMsg {
    // The end of a call whose item the turn's end already closed changes nothing.
    if ("call_id" in msg && this.closed.has(msg.call_id)) return msg;
    switch (msg.type) {
      case "task_started":
        this.turnId = msg.turn_id;
        this.closed.clear();
        return msg;
      case "user_message":
        this.startAndComplete(after, {
          type: "userMessage",
          id: this.newId(),
          content: userContent(msg),
          ...(msg.client_id ? { client_id: msg.client_id } : {}),
        });
        return msg;
      case "agent_message_content_delta":
        if (this.agentMessageId !== msg.item_id) {
          this.closeAgentMessage(before);
          this.agentMessageId = msg.item_id;
          this.start(before, { type: "agentMessage", id: msg.item_id, text: "" });
        }
        this.update(msg.item_id, (item) => ({ ...item, text: (item as { text: string }).text + msg.delta }));
        return msg;
      case "agent_message": {
        // The final text is authoritative: a retried stream may have sent some deltas twice.
        const id = this.agentMessageId ?? this.newId();
        this.agentMessageId = undefined;
        if (!this.open.has(id)) this.start(after, { type: "agentMessage", id, text: "" });
        this.complete(after, id, () => ({
          type: "agentMessage",
          id,
          text: msg.message,
          ...(msg.refusal ? { refusal: true } : {}),
        }));
        return msg;
      }
      case "agent_reasoning_delta": {
        const id = this.openReasoning(before);
        this.summaryIndex = msg.summary_index ?? this.summaryIndex;
        return { ...msg, item_id: id, summary_index: this.summaryIndex };
      }
      case "agent_reasoning_section_break": {
        const id = this.openReasoning(before);
        this.summaryIndex = msg.summary_index ?? this.summaryIndex + 1;
        return { ...msg, item_id: id, summary_index: this.summaryIndex };
      }
      case "agent_reasoning_raw_content_delta": {
        const id = this.openReasoning(before);
        return { ...msg, item_id: id };
      }
      case "agent_reasoning_raw_content": {
        const id = this.openReasoning(before);
        this.update(id, (item) =>
          item.type === "reasoning" ? { ...item, content: [...item.content, msg.text] } : item,
        );
        return msg;
      }
      case "agent_reasoning": {
        const id = this.openReasoning(before);
        this.update(id, (item) => ({
          ...item,
          summary: [...(item as { summary: string[] }).summary, msg.text],
        }));
        return msg;
      }
      case "exec_approval_request":
        this.approvals.set(msg.call_id, msg);
        return msg;
      case "exec_command_begin":
        this.approvals.delete(msg.call_id);
        this.start(after, {
          ...commandItem(msg.call_id, msg.command, msg.cwd),
          ...(msg.process_id ? { process_id: msg.process_id } : {}),
          ...(msg.source ? { source: msg.source } : {}),
        });
        return msg;
      case "exec_command_end":
        if (!this.open.has(msg.call_id)) this.start(after, commandItem(msg.call_id, msg.command, msg.cwd));
        this.complete(after, msg.call_id, (item) => ({
          ...(item as TurnItemOf<"commandExecution">),
          status: msg.exit_code === 0 ? "completed" : "failed",
          aggregated_output: msg.aggregated_output,
          exit_code: msg.exit_code,
          duration_ms: Math.round(msg.duration_ms),
        }));
        return msg;
      case "apply_patch_approval_request":
        // The item shows first, so a client can display the diff it is asked about.
        if (!this.open.has(msg.call_id))
          this.start(before, {
            type: "fileChange",
            id: msg.call_id,
            changes: msg.changes,
            status: "in_progress",
          });
        return msg;
      case "patch_apply_begin":
        if (!this.open.has(msg.call_id))
          this.start(after, {
            type: "fileChange",
            id: msg.call_id,
            changes: msg.changes,
            status: "in_progress",
          });
        return msg;
      case "patch_apply_end":
        if (!this.open.has(msg.call_id))
          this.start(after, { type: "fileChange", id: msg.call_id, changes: {}, status: "in_progress" });
        this.complete(
          after,
          msg.call_id,
          (item) =>
            (msg.success
              ? { ...item, status: "completed" }
              : { ...item, status: "failed", error: msg.stderr || msg.stdout }) as TurnItem,
        );
        return msg;
      case "mcp_tool_call_begin":
        this.start(after, mcpItem(msg.call_id, msg.invocation));
        return msg;
      case "mcp_tool_call_end": {
        if (!this.open.has(msg.call_id)) this.start(after, mcpItem(msg.call_id, msg.invocation));
        const ok = "Ok" in msg.result ? msg.result.Ok : undefined;
        const error = "Err" in msg.result ? msg.result.Err : null;
        this.complete(after, msg.call_id, (item) => ({
          ...(item as TurnItemOf<"mcpToolCall">),
          status: ok && !ok.isError ? "completed" : "failed",
          result: ok ? { content: ok.content, structured_content: ok.structuredContent ?? null } : null,
          error,
          duration_ms: Math.round(msg.duration_ms),
        }));
        return msg;
      }
      case "subagent_tool_call_begin":
        this.start(after, collabItem(msg, "in_progress"));
        return msg;
      case "subagent_tool_call_end":
        if (!this.open.has(msg.call_id)) this.start(after, collabItem(msg, "in_progress"));
        this.complete(after, msg.call_id, () => ({
          ...collabItem(msg, msg.success ? "completed" : "failed"),
          error: msg.error ?? null,
        }));
        return msg;
      case "view_image_tool_call":
        this.startAndComplete(after, { type: "imageView", id: msg.call_id, path: msg.path });
        return msg;
      case "context_compacted":
        this.startAndComplete(after, { type: "contextCompaction", id: this.newId() });
        return msg;
      case "hook_prompt":
        this.startAndComplete(after, { type: "hookPrompt", id: this.newId(), fragments: msg.fragments });
        return msg;
      case "web_search_begin":
        if (!this.open.has(msg.call_id))
          this.start(after, { type: "webSearch", id: msg.call_id, query: "", action: null });
        return msg;
      case "web_search_end":
        // A search announced only when done still gets its item_started.
        if (!this.open.has(msg.call_id))
          this.start(after, { type: "webSearch", id: msg.call_id, query: "", action: null });
        this.complete(after, msg.call_id, () => ({
          type: "webSearch",
          id: msg.call_id,
          query: msg.query,
          action: searchAction(msg.action),
        }));
        return msg;
      case "tool_call_failed":
        this.callFailed(after, msg);
        return msg;
      case "entered_review_mode":
        this.startAndComplete(after, {
          type: "enteredReviewMode",
          id: `${this.turnId}-review-entered`,
          review: msg.review_request.user_facing_hint ?? "",
        });
        return msg;
      case "exited_review_mode":
        // A review that failed or was interrupted has no findings: its item says nothing.
        this.startAndComplete(after, {
          type: "exitedReviewMode",
          id: `${this.turnId}-review-exited`,
          review: msg.review_output ? renderReviewOutput(msg.review_output) : "",
          output: msg.review_output,
        });
        return msg;
      case "item_started": {
        // Items made elsewhere in the core (plan mode's proposed plan) get their time here.
        const startedAtMs = msg.started_at_ms ?? this.now();
        this.open.set(msg.item.id, { item: msg.item, startedAtMs, turnId: msg.turn_id });
        return { ...msg, started_at_ms: startedAtMs };
      }
      case "item_completed": {
        const startedAtMs = msg.started_at_ms ?? this.open.get(msg.item.id)?.startedAtMs ?? this.now();
        this.open.delete(msg.item.id);
        return { ...msg, started_at_ms: startedAtMs, completed_at_ms: msg.completed_at_ms ?? this.now() };
      }
      case "stream_error":
        // The model's answer streams again from the start: what the failed attempt began is dropped.
        for (const id of [this.agentMessageId, this.reasoningId]) if (id) this.open.delete(id);
        this.agentMessageId = undefined;
        this.reasoningId = undefined;
        return msg;
      case "task_complete":
        this.closeAll(before, "completed");
        return msg;
      case "turn_aborted":
      case "error":
        // An error outside a task (a bad op) ends nothing; within one it ends the turn.
        if (msg.type === "error" && this.open.size === 0 && !this.agentMessageId) return msg;
        this.closeAll(before, "failed");
        return msg;
      default:
        return msg;
    }
  }

  /**
   * A tool call that failed without an item of its own telling it (a patch that did not parse, an unknown
   * tool, a handler that threw) becomes a failed dynamicToolCall whose content is the error, so no surface
   * drops it. A call whose item is open (a command that began) fails as that item instead.
   */
  private callFailed(out: KnownEventMsg[], msg: Extract<KnownEventMsg, { type: "tool_call_failed" }>): void {
    if (this.open.has(msg.call_id)) {
      this.complete(out, msg.call_id, (item) => {
        if (!("status" in item)) return item;
        // Kinds with an error field say why; a command's output is what it printed.
        const withError = item.type === "fileChange" || item.type === "mcpToolCall";
        return { ...item, status: "failed", ...(withError ? { error: msg.error } : {}) };
      });
      return;
    }
    this.start(out, {
      type: "dynamicToolCall",
      id: msg.call_id,
      tool: msg.tool,
      arguments: null,
      status: "in_progress",
      content_items: null,
      success: null,
      duration_ms: null,
    });
    this.complete(out, msg.call_id, (item) => ({
      ...(item as TurnItemOf<"dynamicToolCall">),
      status: "failed",
      content_items: [{ type: "inputText", text: msg.error }],
      success: false,
    }));
  }

  private event(type: "item_started", item: TurnItem, startedAtMs: number): KnownEventMsg {
    return {
      type,
      thread_id: this.threadId,
      turn_id: this.turnId,
      item: structuredClone(item),
      started_at_ms: startedAtMs,
    };
  }

  private start(out: KnownEventMsg[], item: TurnItem): void {
    const startedAtMs = this.now();
    this.open.set(item.id, { item, startedAtMs, turnId: this.turnId });
    out.push(this.event("item_started", item, startedAtMs));
  }

  private update(id: string, change: (item: TurnItem) => TurnItem): void {
    const open = this.open.get(id);
    if (open) open.item = change(open.item);
  }

  private complete(out: KnownEventMsg[], id: string, final: (item: TurnItem) => TurnItem): void {
    const open = this.open.get(id);
    if (!open) return;
    this.open.delete(id);
    out.push({
      type: "item_completed",
      thread_id: this.threadId,
      turn_id: open.turnId,
      item: final(open.item),
      started_at_ms: open.startedAtMs,
      completed_at_ms: this.now(),
    });
  }

  private startAndComplete(out: KnownEventMsg[], item: TurnItem): void {
    this.start(out, item);
    this.complete(out, item.id, (i) => i);
  }

  private openReasoning(out: KnownEventMsg[]): string {
    if (this.reasoningId) return this.reasoningId;
    const id = this.newId();
    this.reasoningId = id;
    this.summaryIndex = 0;
    this.start(out, { type: "reasoning", id, summary: [], content: [] });
    return id;
  }

  private closeReasoning(out: KnownEventMsg[]): void {
    const id = this.reasoningId;
    if (!id) return;
    this.reasoningId = undefined;
    this.complete(out, id, (item) => item);
  }

  private closeAgentMessage(out: KnownEventMsg[]): void {
    const id = this.agentMessageId;
    if (!id) return;
    this.agentMessageId = undefined;
    this.complete(out, id, (item) => item);
  }

  /**
   * Items still open when the turn ends complete with what they have: tool calls as `status`, messages as
   * they stand. A call closed this way that reports later changes nothing.
   */
  private closeAll(out: KnownEventMsg[], status: ItemStatus): void {
    this.closeAgentMessage(out);
    for (const [id, open] of [...this.open]) {
      const item = open.item;
      // A command still running when the turn completes is a background process (exec_command keeps it
      // across turns): its item completes when it ends. An interrupt killed this turn's, not earlier ones.
      if (item.type === "commandExecution" && (status === "completed" || open.turnId !== this.turnId))
        continue;
      if ("status" in item && item.status === "in_progress") {
        this.complete(out, id, () => ({ ...item, status }));
        this.closed.add(id);
      } else {
        this.complete(out, id, () => item);
      }
    }
    this.approvals.clear();
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

function mcpItem(
  callId: string,
  invocation: { server: string; tool: string; arguments?: unknown },
): TurnItemOf<"mcpToolCall"> {
  return {
    type: "mcpToolCall",
    id: callId,
    server: invocation.server,
    tool: invocation.tool,
    arguments: invocation.arguments ?? null,
    status: "in_progress",
  };
}

type SubagentCallMsg = Extract<
  KnownEventMsg,
  { type: "subagent_tool_call_begin" | "subagent_tool_call_end" }
>;

function collabItem(msg: SubagentCallMsg, status: ItemStatus): TurnItemOf<"collabAgentToolCall"> {
  return {
    type: "collabAgentToolCall",
    id: msg.call_id,
    tool: msg.tool,
    sender_agent_id: msg.sender_agent_id,
    sender_session_id: msg.sender_session_id,
    agents: msg.agents,
    prompt: msg.prompt ?? null,
    model: msg.model ?? null,
    status,
  };
}

/** The Responses API's action, kept as it came (the surfaces name it their way); one without a type is "other". */
function searchAction(action: unknown): TurnItemOf<"webSearch">["action"] {
  if (!action || typeof action !== "object" || Array.isArray(action)) return null;
  const fields = action as Record<string, unknown>;
  return { ...fields, type: typeof fields.type === "string" ? fields.type : "other" };
}

function userContent(msg: Extract<KnownEventMsg, { type: "user_message" }>): UserInputItem[] {
  const images = (msg.images ?? []).map((url): UserInputItem => ({ type: "image", image_url: url }));
  const elements = msg.text_elements?.length ? { text_elements: msg.text_elements } : {};
  return msg.message === "" && images.length > 0
    ? images
    : [{ type: "text", text: msg.message, ...elements }, ...images];
}
