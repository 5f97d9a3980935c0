// Plan mode's events: the proposed plan streams (`plan_delta`), then its completed item replaces the draft
// and is printed as a "Proposed Plan" block. A task that produced one asks, when it completes, whether to
// implement it.
import type { KnownEventMsg } from "../../../protocol/core-protocol.js";
import { commit } from "./commit.js";
import type { TuiState } from "./tui-state.js";

type PlanEventMsg = Extract<KnownEventMsg, { type: "plan_delta" | "item_started" | "item_completed" }>;

export function reducePlanEvent(state: TuiState, msg: PlanEventMsg): TuiState {
  switch (msg.type) {
    case "item_started":
      return msg.item.type === "plan" ? { ...state, planStream: msg.item.text } : state;
    case "plan_delta":
      return { ...state, planStream: (state.planStream ?? "") + msg.delta };
    case "item_completed": {
      if (msg.item.type !== "plan") return state;
      const { planStream: _p, ...rest } = state;
      const task = state.task ? { ...state.task, planProduced: true } : undefined;
      return commit(
        { ...rest, ...(task ? { task } : {}) },
        { kind: "proposed_plan", markdown: msg.item.text },
      );
    }
  }
}
