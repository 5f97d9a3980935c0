// A resumed or forked thread's history as events (`session_configured.initial_messages`), so a client can
// show the conversation so far: each turn's user message, agent messages, reasoning, plans, proposed
// plans (plan mode's `item_completed`) and subagent calls, rebuilt from the rollout with rollbacks applied.
import { PlanStep, type KnownEventMsg } from "../protocol/core-protocol.js";
import type { ReplayResult } from "../rollout/replay.js";

export function historyEvents(replay: ReplayResult, threadId: string): KnownEventMsg[] {
  const events: KnownEventMsg[] = [];
  replay.turns.forEach((turn, index) => {
    const turnId = turn.turnId ?? `turn-${index + 1}`;
    if (turn.userMessage !== "") events.push({ type: "user_message", message: turn.userMessage });
    for (const item of turn.items) {
      switch (item.type) {
        case "agentMessage":
          events.push({ type: "agent_message", message: item.text });
          break;
        case "reasoning":
          events.push({ type: "agent_reasoning", text: item.text });
          break;
        case "plan":
          events.push({
            type: "item_completed",
            thread_id: threadId,
            turn_id: turnId,
            item: { type: "plan", id: `${turnId}-plan`, text: item.text },
          });
          break;
        case "planUpdate":
          events.push({
            type: "plan_update",
            explanation: item.explanation ?? null,
            plan: item.plan.flatMap((step) => {
              const parsed = PlanStep.safeParse(step);
              return parsed.success ? [parsed.data] : [];
            }),
          });
          break;
        case "subagentCall":
          events.push(item.call);
          break;
        default:
          break;
      }
    }
  });
  return events;
}
