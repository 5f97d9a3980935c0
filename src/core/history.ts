// The conversation as the model sees it. Append-only within a session.
import type { ResponseItem } from "../protocol/items.js";

export class ConversationHistory {
  private readonly items: ResponseItem[] = [];

  record(...items: ResponseItem[]): void {
    this.items.push(...items);
  }

  get length(): number {
    return this.items.length;
  }

  /** A snapshot for a request (the request must not change when history grows during the stream). */
  snapshot(): ResponseItem[] {
    return this.items.slice();
  }
}
