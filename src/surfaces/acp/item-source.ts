// Where ACP gets its items today: the item projection `exec --json` prints (ExecEventMapper). This is the
// piece to swap once the core emits items itself; item-updates.ts reads only what this returns.
import type { Event } from "../../protocol/core-protocol.js";
import { ExecEventMapper } from "../exec/event-mapper.js";
import type { ItemEvent } from "./item-updates.js";

/** Requests are answered by ACP's permission flow (permissions.ts), not shown as refused like in exec. */
const NOT_ITEMS = new Set(["exec_approval_request", "apply_patch_approval_request", "request_user_input"]);

export class ExecItemSource {
  private readonly mapper = new ExecEventMapper();

  items(event: Event): ItemEvent[] {
    const msg = event.msg;
    if (NOT_ITEMS.has(msg.type)) return [];
    // The engine's call id names the tool call, so an approval asked before the run shares its id; a tool
    // item's id is its call id.
    const callId =
      msg.type === "item_started" || msg.type === "item_completed"
        ? msg.item.id
        : "call_id" in msg && typeof msg.call_id === "string"
          ? msg.call_id
          : undefined;
    const out: ItemEvent[] = [];
    for (const e of this.mapper.map(event)) {
      if (e.type !== "item.started" && e.type !== "item.updated" && e.type !== "item.completed") continue;
      const phase =
        e.type === "item.started" ? "started" : e.type === "item.updated" ? "updated" : "completed";
      out.push({ phase, item: e.item, ...(callId ? { toolCallId: callId } : {}) });
    }
    return out;
  }
}
