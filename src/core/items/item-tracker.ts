// The one place where a turn's items are made. Every event the engine emits passes through here (see
// Session.emit): the tool and model events that announce what happens (a command began, a patch applied,
// an MCP call ended, the model's message is done) become typed items with stable ids and times,
// `item_started` / `item_completed`, in order around the event. Surfaces read the items, never the tool
// events; the tool events stay on the stream for the `proto` surface and older clients.
// The model's items are message-items.ts, tool calls' tool-items.ts; this module keeps the turn's own
// (user input, compaction, hook prompts, review mode) and its end, which closes what is still open.
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import type { ItemStatus } from "../../protocol/turn-item.js";
import type { UserInputItem } from "../../protocol/user-input.js";
import { uuidv7 } from "../ids.js";
import { renderReviewOutput } from "../review/review-output.js";
import { MessageItems } from "./message-items.js";
import { OpenItems } from "./open-items.js";
import { ToolItems } from "./tool-items.js";

/** Events from another agent (a subagent's approved call shown through the root) are not this thread's. */
function fromOtherAgent(msg: KnownEventMsg): boolean {
  return "agent_id" in msg && msg.agent_id !== undefined && msg.agent_id !== null;
}

export class ItemTracker {
  private readonly items: OpenItems;
  private readonly messages: MessageItems;
  private readonly tools: ToolItems;
  /** The id of the compaction item opened and not completed yet. */
  private compaction: string | undefined;

  constructor(
    threadId: string,
    now: () => number = Date.now,
    /** Ids of items the events do not name (messages without deltas, reasoning, user input). */
    private readonly newId: () => string = () => uuidv7(),
  ) {
    this.items = new OpenItems(threadId, now);
    this.messages = new MessageItems(this.items, newId);
    this.tools = new ToolItems(this.items);
  }

  /** The events to emit for `msg`, in order: item events around it, and the event itself. */
  process(msg: KnownEventMsg): KnownEventMsg[] {
    if (fromOtherAgent(msg)) return [msg];
    const before: KnownEventMsg[] = [];
    const after: KnownEventMsg[] = [];
    // Reasoning parts arrive one event each; the item completes when anything else comes.
    if (!msg.type.startsWith("agent_reasoning") && msg.type !== "stream_error")
      this.messages.closeReasoning(before);
    const self = this.observe(msg, before, after);
    return [...before, self, ...after];
  }

  /** The user refused an approval: the command shows as declined, the proposed patch too. */
  decided(callId: string, decision: ReviewDecision): KnownEventMsg[] {
    return this.tools.decided(callId, decision);
  }

  private observe(msg: KnownEventMsg, before: KnownEventMsg[], after: KnownEventMsg[]): KnownEventMsg {
    const { items } = this;
    // The end of a call whose item the turn's end already closed changes nothing.
    if ("call_id" in msg && items.closed.has(msg.call_id)) return msg;
    const asSent = this.messages.observe(msg, before, after);
    if (asSent) return asSent;
    if (this.tools.observe(msg, before, after)) return msg;
    switch (msg.type) {
      case "task_started":
        items.turnId = msg.turn_id;
        items.closed.clear();
        return msg;
      case "user_message":
        items.startAndComplete(after, {
          type: "userMessage",
          id: this.newId(),
          content: userContent(msg),
          ...(msg.client_id ? { client_id: msg.client_id } : {}),
        });
        return msg;
      // The item opens when the compaction begins (a client shows it running) and completes with it.
      case "context_compaction_started":
        this.compaction = this.newId();
        items.start(after, { type: "contextCompaction", id: this.compaction });
        return msg;
      case "context_compacted": {
        const open = this.compaction;
        this.compaction = undefined;
        if (open && items.has(open)) items.complete(after, open, (i) => i);
        else items.startAndComplete(after, { type: "contextCompaction", id: this.newId() });
        return msg;
      }
      case "hook_prompt":
        items.startAndComplete(after, { type: "hookPrompt", id: this.newId(), fragments: msg.fragments });
        return msg;
      case "entered_review_mode":
        items.startAndComplete(after, {
          type: "enteredReviewMode",
          id: `${items.turnId}-review-entered`,
          review: msg.review_request.user_facing_hint ?? "",
        });
        return msg;
      case "exited_review_mode":
        // A review that failed or was interrupted has no findings: its item says nothing.
        items.startAndComplete(after, {
          type: "exitedReviewMode",
          id: `${items.turnId}-review-exited`,
          review: msg.review_output ? renderReviewOutput(msg.review_output) : "",
          output: msg.review_output,
        });
        return msg;
      case "item_started": {
        // Items made elsewhere in the core (plan mode's proposed plan) get their time here.
        const startedAtMs = msg.started_at_ms ?? items.now();
        items.set(msg.item.id, { item: msg.item, startedAtMs, turnId: msg.turn_id });
        return { ...msg, started_at_ms: startedAtMs };
      }
      case "item_completed": {
        const startedAtMs = msg.started_at_ms ?? items.get(msg.item.id)?.startedAtMs ?? items.now();
        items.delete(msg.item.id);
        return { ...msg, started_at_ms: startedAtMs, completed_at_ms: msg.completed_at_ms ?? items.now() };
      }
      case "task_complete":
        this.closeAll(before, "completed");
        return msg;
      case "turn_aborted":
      case "error":
        // An error outside a task (a bad op) ends nothing; within one it ends the turn.
        if (msg.type === "error" && items.size === 0 && !this.messages.messageOpen) return msg;
        this.closeAll(before, "failed");
        return msg;
      default:
        return msg;
    }
  }

  /**
   * Items still open when the turn ends complete with what they have: tool calls as `status`, messages as
   * they stand. A call closed this way that reports later changes nothing.
   */
  private closeAll(out: KnownEventMsg[], status: ItemStatus): void {
    const { items } = this;
    this.messages.closeAgentMessage(out);
    for (const [id, open] of items.entries()) {
      const item = open.item;
      // A command still running when the turn completes is a background process (exec_command keeps it
      // across turns): its item completes when it ends. An interrupt killed this turn's, not earlier ones.
      if (item.type === "commandExecution" && (status === "completed" || open.turnId !== items.turnId))
        continue;
      if ("status" in item && item.status === "in_progress") {
        items.complete(out, id, () => ({ ...item, status }));
        items.closed.add(id);
      } else {
        items.complete(out, id, () => item);
      }
    }
    this.tools.clearApprovals();
  }
}

function userContent(msg: Extract<KnownEventMsg, { type: "user_message" }>): UserInputItem[] {
  const images = (msg.images ?? []).map((url): UserInputItem => ({ type: "image", image_url: url }));
  const elements = msg.text_elements?.length ? { text_elements: msg.text_elements } : {};
  return msg.message === "" && images.length > 0
    ? images
    : [{ type: "text", text: msg.message, ...elements }, ...images];
}
