// Cells for history shown again: a resumed or forked thread's earlier turns, read from its rollout as typed
// items (the turns thread/read returns), and what stays on screen after a rollback. Items go through the
// same code that shows them live (item-events.ts), so a turn looks the same whether it ran now or before.
import { PlanStep } from "../../../protocol/core-protocol.js";
import type { ReplayedTurn, TurnItem } from "../../../rollout/replay.js";
import type { HistoryCell, NewCell, SubagentCallRun } from "./cells.js";
import { commit } from "./commit.js";
import { reduceCompletedItem } from "./item-events.js";
import { agentViews } from "./subagent-events.js";
import { initialTuiState, type TuiState } from "./tui-state.js";

/** The cells of a thread's earlier turns, oldest first; reasoning left out when hidden. */
export function cellsFromTurns(
  turns: readonly ReplayedTurn[],
  options: { hideReasoning?: boolean } = {},
): NewCell[] {
  const empty = initialTuiState({ hideReasoning: options.hideReasoning ?? false });
  const cells: NewCell[] = [];
  for (const turn of turns) {
    // A fresh scratch state per turn keeps this linear in the thread's length.
    let scratch = empty;
    if (turn.userMessage !== "") scratch = commit(scratch, { kind: "user", text: turn.userMessage });
    for (const item of turn.items) scratch = replayItem(scratch, item);
    for (const { id: _id, ...cell } of scratch.history) cells.push(cell);
  }
  return cells;
}

function replayItem(state: TuiState, item: TurnItem): TuiState {
  switch (item.type) {
    case "planUpdate":
      return commit(state, {
        kind: "plan",
        steps: item.plan.flatMap((step) => {
          const parsed = PlanStep.safeParse(step);
          return parsed.success ? [parsed.data] : [];
        }),
        ...(item.explanation ? { explanation: item.explanation } : {}),
      });
    case "plan":
      // An old plan is shown, never asked about again.
      return commit(state, { kind: "proposed_plan", markdown: item.text });
    case "collabAgentToolCall":
      return commit(state, { kind: "subagent_call", call: subagentCall(item) });
    default:
      return reduceCompletedItem(state, item);
  }
}

/** A finished subagent call; names are not in the history, so agents show by id. */
function subagentCall(item: Extract<TurnItem, { type: "collabAgentToolCall" }>): SubagentCallRun {
  const failed = item.status === "failed";
  return {
    callId: item.id,
    tool: item.tool,
    status: failed ? "failed" : "succeeded",
    startedAt: 0,
    agents: agentViews([], item.agents),
    ...(item.prompt ? { prompt: item.prompt } : {}),
    ...(item.model ? { model: item.model } : {}),
    ...(failed && item.error ? { error: item.error } : {}),
  };
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
