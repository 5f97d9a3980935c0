// session/load: the loaded thread's history as session updates. Read from the rollout's turns (its persisted
// items, rollbacks applied), as the app-server's thread/read rebuilds them, and shown through the same item
// projection as a live turn: each turn's user message, then its items, each started and completed.
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { PlanStep } from "../../protocol/core-protocol.js";
import { readRollout } from "../../rollout/reader.js";
import { replayRollout, type ReplayedTurn } from "../../rollout/replay.js";
import { ItemUpdates } from "./item-updates.js";
import { ToolCallLedger } from "./tool-calls.js";

/** The turns recorded in a rollout file. */
export async function readTurns(rolloutPath: string): Promise<ReplayedTurn[]> {
  return replayRollout((await readRollout(rolloutPath)).lines).turns;
}

export function historyUpdates(turns: readonly ReplayedTurn[], cwd: string): SessionUpdate[] {
  const items = new ItemUpdates(new ToolCallLedger(), cwd);
  const out: SessionUpdate[] = [];
  turns.forEach((turn, index) => {
    const turnId = turn.turnId ?? `turn-${index + 1}`;
    if (turn.userMessage !== "") {
      out.push({ sessionUpdate: "user_message_chunk", content: { type: "text", text: turn.userMessage } });
    }
    turn.items.forEach((item, i) => {
      if (item.type === "planUpdate") {
        const steps = item.plan.flatMap((step) => {
          const parsed = PlanStep.safeParse(step);
          return parsed.success ? [parsed.data] : [];
        });
        out.push(ItemUpdates.plan(steps));
        return;
      }
      // Items of older files have no id: named by position, as thread/read names them.
      const named = item.id === "" ? { ...item, id: `${turnId}:${i + 1}` } : item;
      out.push(...items.started(named), ...items.completed(named));
    });
  });
  return out;
}
