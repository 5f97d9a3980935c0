// Cells for history shown again: a resumed or forked thread's earlier turns (`session_configured`'s
// `initial_messages`), and what stays on screen after a rollback.
import { KnownEventMsg } from "../../../protocol/core-protocol.js";
import type { HistoryCell, NewCell } from "./cells.js";
import { callRun } from "./subagent-events.js";

/** The cells of a thread's earlier turns; events that are not messages or plans are skipped. */
export function cellsFromHistoryEvents(messages: readonly unknown[]): NewCell[] {
  const cells: NewCell[] = [];
  for (const raw of messages) {
    const parsed = KnownEventMsg.safeParse(raw);
    if (!parsed.success) continue;
    const msg = parsed.data;
    switch (msg.type) {
      case "user_message":
        cells.push({ kind: "user", text: msg.message });
        break;
      case "agent_message":
        cells.push({ kind: "agent", markdown: msg.message });
        break;
      case "agent_reasoning":
        cells.push({ kind: "reasoning", text: msg.text });
        break;
      case "item_completed":
        if (msg.item.type === "plan") cells.push({ kind: "proposed_plan", markdown: msg.item.text });
        break;
      case "subagent_tool_call_end":
        // Names are not in the history: agents show by id.
        cells.push({ kind: "subagent_call", call: callRun([], msg, 0) });
        break;
      case "plan_update":
        cells.push({
          kind: "plan",
          steps: msg.plan,
          ...(msg.explanation ? { explanation: msg.explanation } : {}),
        });
        break;
      default:
        break;
    }
  }
  return cells;
}

/** The history without its last `turns` user turns (each from its user message on), ids dropped. */
export function historyWithoutLastTurns(history: readonly HistoryCell[], turns: number): NewCell[] {
  let cut = history.length;
  let found = 0;
  for (let i = history.length - 1; i >= 0 && found < turns; i--) {
    if (history[i]?.kind === "user") {
      cut = i;
      found++;
    }
  }
  return history.slice(0, cut).map(({ id: _id, ...cell }) => cell);
}
