import { describe, expect, it } from "vitest";
import { appendAgentDelta, finishAgentStream, finishedBlocksEnd } from "./agent-stream.js";
import { initialTuiState } from "./tui-state.js";

describe("finishedBlocksEnd", () => {
  it("cuts after a blank line followed by a new block", () => {
    const text = "para one\n\npara two\n\nstill";
    expect(text.slice(0, finishedBlocksEnd(text))).toBe("para one\n\npara two\n\n");
  });

  it("never cuts inside a code fence or before an indented continuation", () => {
    expect(finishedBlocksEnd("```\na\n\nb\n")).toBe(0);
    expect(finishedBlocksEnd("- item\n\n  more of it\n")).toBe(0);
    const closed = "```\na\n\nb\n```\n\nafter\n";
    expect(closed.slice(finishedBlocksEnd(closed))).toBe("after\n");
  });
});

describe("streaming an answer into the history", () => {
  it("commits finished blocks as they arrive and ends with the live tail, every block once", () => {
    const answer = "# Title\n\nfirst paragraph\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nlast words";
    let state = initialTuiState();
    for (let i = 0; i < answer.length; i += 3) state = appendAgentDelta(state, answer.slice(i, i + 3));
    expect(state.history.length).toBeGreaterThan(1);
    expect(state.agentStream).toBe("last words");
    state = finishAgentStream(state, answer);
    const cells = state.history.map((c) => (c.kind === "agent" ? c : undefined));
    expect(cells.map((c) => c?.markdown).join("\n\n")).toBe(answer);
    expect(cells.map((c) => c?.continued ?? false)).toEqual([false, ...cells.slice(1).map(() => true)]);
    expect(state.agentStream).toBeUndefined();
    expect(state.agentCommitted).toBeUndefined();
  });
});
