// The model's own items: its answer (agentMessage, streamed by deltas, the final text authoritative) and its
// reasoning (summary parts and raw content, one event each, completed when anything else comes).
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import type { OpenItems } from "./open-items.js";

export class MessageItems {
  private agentMessageId: string | undefined;
  private reasoningId: string | undefined;
  private summaryIndex = 0;

  constructor(
    private readonly items: OpenItems,
    private readonly newId: () => string,
  ) {}

  /** An answer is being streamed. */
  get messageOpen(): boolean {
    return this.agentMessageId !== undefined;
  }

  /** The event as it goes out (reasoning deltas get their item id), or undefined when not the model's. */
  observe(msg: KnownEventMsg, before: KnownEventMsg[], after: KnownEventMsg[]): KnownEventMsg | undefined {
    const { items } = this;
    switch (msg.type) {
      case "agent_message_content_delta":
        if (this.agentMessageId !== msg.item_id) {
          this.closeAgentMessage(before);
          this.agentMessageId = msg.item_id;
          items.start(before, { type: "agentMessage", id: msg.item_id, text: "" });
        }
        items.update(msg.item_id, (item) => ({ ...item, text: (item as { text: string }).text + msg.delta }));
        return msg;
      case "agent_message": {
        // The final text is authoritative: a retried stream may have sent some deltas twice.
        const id = this.agentMessageId ?? this.newId();
        this.agentMessageId = undefined;
        if (!items.has(id)) items.start(after, { type: "agentMessage", id, text: "" });
        items.complete(after, id, () => ({
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
        items.update(id, (item) =>
          item.type === "reasoning" ? { ...item, content: [...item.content, msg.text] } : item,
        );
        return msg;
      }
      case "agent_reasoning": {
        const id = this.openReasoning(before);
        items.update(id, (item) => ({
          ...item,
          summary: [...(item as { summary: string[] }).summary, msg.text],
        }));
        return msg;
      }
      case "stream_error":
        // The model's answer streams again from the start: what the failed attempt began is dropped.
        for (const id of [this.agentMessageId, this.reasoningId]) if (id) items.delete(id);
        this.agentMessageId = undefined;
        this.reasoningId = undefined;
        return msg;
      default:
        return undefined;
    }
  }

  closeReasoning(out: KnownEventMsg[]): void {
    const id = this.reasoningId;
    if (!id) return;
    this.reasoningId = undefined;
    this.items.complete(out, id, (item) => item);
  }

  closeAgentMessage(out: KnownEventMsg[]): void {
    const id = this.agentMessageId;
    if (!id) return;
    this.agentMessageId = undefined;
    this.items.complete(out, id, (item) => item);
  }

  private openReasoning(out: KnownEventMsg[]): string {
    if (this.reasoningId) return this.reasoningId;
    const id = this.newId();
    this.reasoningId = id;
    this.summaryIndex = 0;
    this.items.start(out, { type: "reasoning", id, summary: [], content: [] });
    return id;
  }
}
