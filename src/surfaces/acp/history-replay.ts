// session/load: the loaded thread's history as session updates. Read from the rollout's turns (its persisted
// items, rollbacks applied), as the app-server's thread/read rebuilds them, and shown through the same item
// mapping as a live turn: each turn's user message, then its items, each started and completed.
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { PlanStep, type KnownEventMsg } from "../../protocol/core-protocol.js";
import { readRollout } from "../../rollout/reader.js";
import { replayRollout, type ReplayedTurn, type TurnItem } from "../../rollout/replay.js";
import { EngineExtras } from "./engine-extras.js";
import { ExecItemSource } from "./item-source.js";
import { ItemUpdates } from "./item-updates.js";
import { ToolCallLedger } from "./tool-calls.js";

/** The turns recorded in a rollout file. */
export async function readTurns(rolloutPath: string): Promise<ReplayedTurn[]> {
  return replayRollout((await readRollout(rolloutPath)).lines).turns;
}

export function historyUpdates(
  turns: readonly ReplayedTurn[],
  threadId: string,
  cwd: string,
): SessionUpdate[] {
  const source = new ExecItemSource();
  const calls = new ToolCallLedger();
  const extras = new EngineExtras(calls, cwd);
  const items = new ItemUpdates(calls, extras, cwd);
  const out: SessionUpdate[] = [];
  turns.forEach((turn, index) => {
    const turnId = turn.turnId ?? `turn-${index + 1}`;
    if (turn.userMessage !== "") {
      out.push({ sessionUpdate: "user_message_chunk", content: { type: "text", text: turn.userMessage } });
    }
    turn.items.forEach((item, i) => {
      for (const msg of itemEvents(item, threadId, turnId, i)) {
        extras.observe(msg);
        for (const e of source.items({ id: "replay", msg })) out.push(...items.map(e));
      }
    });
  });
  return out;
}

/** A replayed item as the events that announced it live: a step list as its update, the rest as items. */
function itemEvents(item: TurnItem, threadId: string, turnId: string, index: number): KnownEventMsg[] {
  if (item.type === "planUpdate") {
    const plan = item.plan.flatMap((step) => {
      const parsed = PlanStep.safeParse(step);
      return parsed.success ? [parsed.data] : [];
    });
    return [{ type: "plan_update", explanation: item.explanation ?? null, plan }];
  }
  // Items of older files have no id: named by position, as thread/read names them.
  const named = item.id === "" ? { ...item, id: `${turnId}:${index + 1}` } : item;
  const base = { thread_id: threadId, turn_id: turnId, item: named };
  return [
    { type: "item_started", ...base },
    { type: "item_completed", ...base },
  ];
}
