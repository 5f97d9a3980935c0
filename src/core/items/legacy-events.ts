// The one place legacy events are derived from items: a resumed or forked thread's history as events
// (`session_configured.initial_messages`, read by `proto` and older clients), so a client can show the
// conversation so far. Each replayed turn's user message, agent messages and reasoning become the legacy
// events the real Codex sends there, step lists `plan_update`, and every other item a completed item.
// The live stream needs no derivation: the engine emits the legacy events beside the items it makes.
import { PlanStep, type KnownEventMsg } from "../../protocol/core-protocol.js";
import type { ReplayResult } from "../../rollout/replay.js";

export function historyEvents(replay: ReplayResult, threadId: string): KnownEventMsg[] {
  const events: KnownEventMsg[] = [];
  replay.turns.forEach((turn, index) => {
    const turnId = turn.turnId ?? `turn-${index + 1}`;
    if (turn.userMessage !== "") events.push({ type: "user_message", message: turn.userMessage });
    turn.items.forEach((item, i) => {
      switch (item.type) {
        case "agentMessage":
          events.push({ type: "agent_message", message: item.text });
          return;
        case "reasoning":
          for (const text of item.summary) events.push({ type: "agent_reasoning", text });
          return;
        case "planUpdate":
          events.push({
            type: "plan_update",
            explanation: item.explanation ?? null,
            plan: item.plan.flatMap((step) => {
              const parsed = PlanStep.safeParse(step);
              return parsed.success ? [parsed.data] : [];
            }),
          });
          return;
        default:
          events.push({
            type: "item_completed",
            thread_id: threadId,
            turn_id: turnId,
            // Items of older files have no id: named by position, as thread/read names them.
            item: item.id === "" ? { ...item, id: `${turnId}:${i + 1}` } : item,
          });
      }
    });
  });
  return events;
}
