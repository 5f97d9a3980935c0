// `hide_agent_reasoning = true`: reasoning summaries are neither streamed nor kept, live or replayed.
import { describe, expect, it } from "vitest";
import { ItemTracker } from "../../../core/items/item-tracker.js";
import type { KnownEventMsg } from "../../../protocol/core-protocol.js";
import { tuiReducer } from "./tui-reducer.js";
import { initialTuiState, type TuiState } from "./tui-state.js";

// Events pass through the engine's item tracker first, as they do in the engine.
const apply = (state: TuiState, ...msgs: KnownEventMsg[]) => {
  const tracker = new ItemTracker("th");
  return msgs
    .flatMap((m) => tracker.process(m))
    .reduce((s, msg) => tuiReducer(s, { type: "engine_event", event: { id: "t", msg }, now: 0 }), state);
};

const reasoning: KnownEventMsg[] = [
  { type: "agent_reasoning_delta", delta: "thinking" },
  { type: "agent_reasoning", text: "**Planning** the fix" },
  { type: "agent_message", message: "done" },
];

describe("hide_agent_reasoning", () => {
  it("shows reasoning by default", () => {
    const kinds = apply(initialTuiState(), ...reasoning).history.map((c) => c.kind);
    expect(kinds).toEqual(["reasoning", "agent"]);
  });

  it("drops it when the setting is on", () => {
    const state = apply(initialTuiState({ hideReasoning: true }), ...reasoning);
    expect(state.history.map((c) => c.kind)).toEqual(["agent"]);
    expect(state.reasoningStream).toBeUndefined();
  });
});
