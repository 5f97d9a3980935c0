// One thread's turns on the wire, projected from the engine's items: turn/started, item/started, the
// deltas, item/completed, and turn/completed carrying the turn's items. Used for the thread a client
// opened and, live, for each of its subagents' threads.
import { StringDecoder } from "node:string_decoder";
import type { EventMsgOf, KnownEventMsg } from "../../protocol/core-protocol.js";
import type { TurnError, TurnStatus, UserInput } from "../../protocol/app-server/v2/common.js";
import type { ThreadItem } from "../../protocol/app-server/v2/items.js";
import type { OutputBuffer } from "./mapper-output.js";
import { toThreadItem } from "./item-projection.js";

export interface OpenTurn {
  subId: string;
  id: string;
  startedAtMs: number;
  /** Completed items, in order, for turn/completed. */
  items: ThreadItem[];
}

export class TurnProjector {
  turn: OpenTurn | undefined;
  private readonly decoders = new Map<string, StringDecoder>();
  /** Summary parts announced (item/reasoning/summaryPartAdded), per reasoning item. */
  private readonly parts = new Map<string, Set<number>>();

  constructor(
    private readonly out: OutputBuffer,
    readonly threadId: string,
  ) {}

  private get scope() {
    return { threadId: this.threadId, turnId: this.turn?.id ?? "" };
  }

  start(subId: string, turnId: string): void {
    const startedAtMs = this.out.now();
    this.turn = { subId, id: turnId, startedAtMs, items: [] };
    this.out.notify({
      method: "turn/started",
      params: {
        threadId: this.threadId,
        turn: {
          id: turnId,
          items: [],
          itemsView: "full",
          status: "inProgress",
          error: null,
          startedAt: Math.floor(startedAtMs / 1000),
          completedAt: null,
          durationMs: null,
          rootTurnId: turnId,
        },
      },
    });
  }

  /** The user's message shows what the client sent, when it is known. */
  itemStarted(msg: EventMsgOf<"item_started">, input?: UserInput[]): void {
    const item = toThreadItem(msg.item, input);
    this.out.item("item/started", item, this.itemScope(msg.turn_id), msg.started_at_ms);
  }

  /** A background command may end in a later turn: it stays its own turn's item. */
  itemCompleted(msg: EventMsgOf<"item_completed">, input?: UserInput[]): ThreadItem {
    const item: ThreadItem = {
      ...toThreadItem(msg.item, input),
      startedAtMs: msg.started_at_ms ?? null,
      completedAtMs: msg.completed_at_ms ?? null,
    };
    this.decoders.delete(item.id);
    this.parts.delete(item.id);
    if (!msg.turn_id || msg.turn_id === this.turn?.id) this.turn?.items.push(item);
    this.out.item("item/completed", item, this.itemScope(msg.turn_id), msg.completed_at_ms);
    return item;
  }

  private itemScope(turnId: string) {
    return { threadId: this.threadId, turnId: turnId || (this.turn?.id ?? "") };
  }

  /** Deltas of open items; false for events that are not one. */
  delta(msg: KnownEventMsg): boolean {
    switch (msg.type) {
      case "agent_message_content_delta":
        this.out.notify({
          method: "item/agentMessage/delta",
          params: { ...this.scope, itemId: msg.item_id, delta: msg.delta },
        });
        return true;
      case "plan_delta":
        this.out.notify({
          method: "item/plan/delta",
          params: { ...this.scope, itemId: msg.item_id, delta: msg.delta },
        });
        return true;
      case "agent_reasoning_delta":
        if (msg.item_id === undefined) return true;
        this.partAdded(msg.item_id, msg.summary_index ?? 0);
        this.out.notify({
          method: "item/reasoning/summaryTextDelta",
          params: {
            ...this.scope,
            itemId: msg.item_id,
            delta: msg.delta,
            summaryIndex: msg.summary_index ?? 0,
          },
        });
        return true;
      case "agent_reasoning_raw_content_delta":
        if (msg.item_id === undefined) return true;
        this.out.notify({
          method: "item/reasoning/textDelta",
          params: {
            ...this.scope,
            itemId: msg.item_id,
            delta: msg.delta,
            contentIndex: msg.content_index ?? 0,
          },
        });
        return true;
      case "agent_reasoning_section_break":
        if (msg.item_id !== undefined) this.partAdded(msg.item_id, msg.summary_index ?? 0);
        return true;
      case "exec_command_output_delta":
        this.commandOutput(msg);
        return true;
      default:
        return false;
    }
  }

  private partAdded(itemId: string, summaryIndex: number): void {
    let seen = this.parts.get(itemId);
    if (!seen) this.parts.set(itemId, (seen = new Set()));
    if (seen.has(summaryIndex)) return;
    seen.add(summaryIndex);
    this.out.notify({
      method: "item/reasoning/summaryPartAdded",
      params: { ...this.scope, itemId, summaryIndex },
    });
  }

  /** Output arrives as base64 chunks that may split a UTF-8 character; a decoder per command joins them. */
  private commandOutput(msg: EventMsgOf<"exec_command_output_delta">): void {
    let decoder = this.decoders.get(msg.call_id);
    if (!decoder) this.decoders.set(msg.call_id, (decoder = new StringDecoder("utf8")));
    const delta = decoder.write(Buffer.from(msg.chunk, "base64"));
    if (delta === "") return;
    this.out.notify({
      method: "item/commandExecution/outputDelta",
      params: { ...this.scope, itemId: msg.call_id, delta },
    });
  }

  /** turn/completed with the turn's items; false when no turn was open. */
  end(status: TurnStatus, error: TurnError | null): boolean {
    const turn = this.turn;
    if (!turn) return false;
    this.turn = undefined;
    const completedAtMs = this.out.now();
    this.out.notify({
      method: "turn/completed",
      params: {
        threadId: this.threadId,
        turn: {
          id: turn.id,
          items: turn.items,
          itemsView: "full",
          status,
          error,
          startedAt: Math.floor(turn.startedAtMs / 1000),
          completedAt: Math.floor(completedAtMs / 1000),
          durationMs: completedAtMs - turn.startedAtMs,
          rootTurnId: turn.id,
        },
      },
    });
    return true;
  }
}
