// `show_raw_agent_reasoning = true`: the engine emits raw reasoning, which the terminal UI streams and keeps
// after the summary (unless `hide_agent_reasoning` hides all reasoning).
import { describe, expect, it } from "vitest";
import { ItemTracker } from "../../../core/items/item-tracker.js";
import type { KnownEventMsg } from "../../../protocol/core-protocol.js";
import { tuiReducer } from "./tui-reducer.js";
import { initialTuiState, type TuiState } from "./tui-state.js";

const apply = (state: TuiState, msgs: KnownEventMsg[]) => {
  const tracker = new ItemTracker("th");
  return msgs
    .flatMap((m) => tracker.process(m))
    .reduce((s, msg) => tuiReducer(s, { type: "engine_event", event: { id: "t", msg }, now: 0 }), state);
};

describe("raw reasoning in the terminal UI", () => {
  it("streams the raw text, then keeps it after the summary", () => {
    const streaming = apply(initialTuiState(), [{ type: "agent_reasoning_raw_content_delta", delta: "hmm" }]);
    expect(streaming.reasoningStream).toBe("hmm");
    const done = apply(initialTuiState(), [
      { type: "agent_reasoning_raw_content_delta", delta: "hmm" },
      { type: "agent_reasoning", text: "Summary" },
      { type: "agent_reasoning_raw_content", text: "hmm, raw" },
      { type: "agent_message", message: "done" },
    ]);
    // Agent cells keep their text elsewhere (as markdown lines): only the reasoning texts are compared.
    const cells = done.history.map((c) => [c.kind, (c as { text?: string }).text]);
    expect(cells).toEqual([
      ["reasoning", "Summary"],
      ["reasoning", "hmm, raw"],
      ["agent", undefined],
    ]);
  });

  it("hide_agent_reasoning hides it too", () => {
    const state = apply(initialTuiState({ hideReasoning: true }), [
      { type: "agent_reasoning_raw_content_delta", delta: "hmm" },
      { type: "agent_reasoning_raw_content", text: "hmm" },
    ]);
    expect(state.reasoningStream).toBeUndefined();
    expect(state.history).toEqual([]);
  });
});
