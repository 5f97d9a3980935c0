// The items of a thread that have started and not completed, and the item_started / item_completed events
// that open and close them. Every kind of item (messages, tool calls, the turn's own) goes through here,
// so ids, times and the turn an item belongs to are stamped in one place.
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import type { TurnItem } from "../../protocol/turn-item.js";

export interface OpenItem {
  item: TurnItem;
  startedAtMs: number;
  /** The turn it began in (a background command may end in a later one). */
  turnId: string;
}

export class OpenItems {
  /** The running turn: items started now belong to it. */
  turnId = "";
  private readonly open = new Map<string, OpenItem>();
  /** Calls whose item the turn's end already closed (a background command may still report later). */
  readonly closed = new Set<string>();

  constructor(
    private readonly threadId: string,
    readonly now: () => number,
  ) {}

  get size(): number {
    return this.open.size;
  }

  has(id: string): boolean {
    return this.open.has(id);
  }

  get(id: string): OpenItem | undefined {
    return this.open.get(id);
  }

  /** Tracks an item whose item_started was made elsewhere in the core. */
  set(id: string, open: OpenItem): void {
    this.open.set(id, open);
  }

  /** Forgets an item without completing it. */
  delete(id: string): void {
    this.open.delete(id);
  }

  /** A copy of what is open, safe to complete while iterating. */
  entries(): [string, OpenItem][] {
    return [...this.open];
  }

  start(out: KnownEventMsg[], item: TurnItem): void {
    const startedAtMs = this.now();
    this.open.set(item.id, { item, startedAtMs, turnId: this.turnId });
    out.push({
      type: "item_started",
      thread_id: this.threadId,
      turn_id: this.turnId,
      item: structuredClone(item),
      started_at_ms: startedAtMs,
    });
  }

  update(id: string, change: (item: TurnItem) => TurnItem): void {
    const open = this.open.get(id);
    if (open) open.item = change(open.item);
  }

  complete(out: KnownEventMsg[], id: string, final: (item: TurnItem) => TurnItem): void {
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

  startAndComplete(out: KnownEventMsg[], item: TurnItem): void {
    this.start(out, item);
    this.complete(out, item.id, (i) => i);
  }
}
