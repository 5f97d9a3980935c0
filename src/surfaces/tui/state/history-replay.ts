// Cells for history shown again: a resumed or forked thread's earlier turns (`session_configured`'s
// `initial_messages`), and what stays on screen after a rollback.
import { KnownEventMsg } from "../../../protocol/core-protocol.js";
import type { TurnItem } from "../../../protocol/turn-item.js";
import type { HistoryCell, NewCell } from "./cells.js";
import { noticeOfItem } from "./item-events.js";
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
        cells.push(...cellsOfItem(msg.item));
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

/** A completed item of an earlier turn as cells (messages and reasoning come as their own events). */
function cellsOfItem(item: TurnItem): NewCell[] {
  switch (item.type) {
    case "plan":
      return [{ kind: "proposed_plan", markdown: item.text }];
    case "commandExecution":
      if (item.status === "declined") return [];
      return [
        {
          kind: "exec",
          run: {
            callId: item.id,
            command: item.command,
            cwd: item.cwd,
            startedAt: 0,
            output: item.aggregated_output ?? "",
            status: item.exit_code === 0 ? "succeeded" : "failed",
            exitCode: item.exit_code ?? -1,
            durationMs: item.duration_ms ?? 0,
          },
        },
      ];
    case "fileChange":
      if (item.status === "declined") return [];
      return [
        {
          kind: "patch",
          run: {
            callId: item.id,
            changes: item.changes,
            cwd: "",
            status: item.status === "completed" ? "applied" : "failed",
            ...(item.error ? { error: item.error } : {}),
          },
        },
      ];
    case "collabAgentToolCall":
      // Names are not in the history: agents show by id.
      return [
        {
          kind: "subagent_call",
          call: callRun(
            [],
            {
              type: "subagent_tool_call_end",
              call_id: item.id,
              tool: item.tool,
              sender_agent_id: item.sender_agent_id,
              sender_session_id: item.sender_session_id,
              agents: item.agents,
              prompt: item.prompt ?? null,
              model: item.model ?? null,
              success: item.status === "completed",
              error: item.error ?? null,
            },
            0,
          ),
        },
      ];
    default: {
      const notice = noticeOfItem(item);
      return notice ? [notice] : [];
    }
  }
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
