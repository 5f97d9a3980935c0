// The conversation as the model sees it. Append-only within a session.
import type { ResponseItem } from "../protocol/items.js";

export class ConversationHistory {
  private items: ResponseItem[];

  constructor(
    initial: readonly ResponseItem[] = [],
    private readonly onRecord: (items: readonly ResponseItem[]) => void = () => undefined,
  ) {
    this.items = [...initial];
  }

  record(...items: ResponseItem[]): void {
    this.items.push(...items);
    this.onRecord(items);
  }

  /** After a rollback: the history a replay of the rollout gives. Nothing is recorded. */
  replaceAll(items: readonly ResponseItem[]): void {
    this.items = [...items];
  }

  /** The last user message whose text starts with `prefix` (e.g. the latest <environment_context>). */
  lastUserTextStartingWith(prefix: string): string | undefined {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const item = this.items[i];
      if (item?.type !== "message" || (item as { role?: string }).role !== "user") continue;
      const content = (item as { content?: Array<{ text?: unknown }> }).content ?? [];
      const text = content.map((c) => (typeof c.text === "string" ? c.text : "")).join("");
      if (text.startsWith(prefix)) return text;
    }
    return undefined;
  }

  get length(): number {
    return this.items.length;
  }

  /** A snapshot for a request (the request must not change when history grows during the stream). */
  snapshot(): ResponseItem[] {
    return this.items.slice();
  }
}
