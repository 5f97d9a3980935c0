// Messages waiting for an agent. A subagent gets them as its next user turn (an interrupt ends its running
// turn first); the root reads the messages its children post with `subagent_await`. Each message carries the
// number it was recorded under in the root's rollout (`agent_inbox_message`), so taking it can be recorded
// too (`agent_inbox_taken`) and a resume knows what was still waiting.

export interface InboxMessage {
  /** Numbers every message of the tree once, in arrival order (unique within the root thread). */
  seq: number;
  /** The agent that sent it. */
  from: number;
  text: string;
  interrupt: boolean;
}

export interface InboxCounts {
  pending_messages: number;
  pending_interrupts: number;
}

export const MAX_INBOX_MESSAGES = 100;

export class AgentInbox {
  private messages: InboxMessage[] = [];

  /** False when the inbox is full (the sender is told; nothing is dropped silently). */
  push(message: InboxMessage): boolean {
    if (this.messages.length >= MAX_INBOX_MESSAGES) return false;
    this.messages.push(message);
    return true;
  }

  /**
   * Puts back messages from a previous run (still waiting, or taken but never received), in arrival order
   * among those already there. No limit: they were accepted once.
   */
  restore(messages: readonly InboxMessage[]): void {
    const known = new Set(this.messages.map((m) => m.seq));
    this.messages = [...this.messages, ...messages.filter((m) => !known.has(m.seq))].sort(
      (a, b) => a.seq - b.seq,
    );
  }

  /** Removes and returns every message matching `predicate` (all when absent), in arrival order. */
  take(predicate: (message: InboxMessage) => boolean = () => true): InboxMessage[] {
    const taken = this.messages.filter(predicate);
    if (taken.length > 0) this.messages = this.messages.filter((m) => !predicate(m));
    return taken;
  }

  has(predicate: (message: InboxMessage) => boolean = () => true): boolean {
    return this.messages.some(predicate);
  }

  get hasInterrupt(): boolean {
    return this.messages.some((m) => m.interrupt);
  }

  get counts(): InboxCounts {
    return countsOf(this.messages);
  }
}

export function countsOf(messages: readonly InboxMessage[]): InboxCounts {
  const interrupts = messages.filter((m) => m.interrupt).length;
  return { pending_messages: messages.length - interrupts, pending_interrupts: interrupts };
}
