// Messages waiting for an agent. A subagent gets them as its next user turn (an interrupt ends its running
// turn first); the root reads the messages its children post with `subagent_await`.

export interface InboxMessage {
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
    const interrupts = this.messages.filter((m) => m.interrupt).length;
    return { pending_messages: this.messages.length - interrupts, pending_interrupts: interrupts };
  }
}
