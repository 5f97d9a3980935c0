// The reducer for plan mode (proposed plan, "Implement this plan?"), resumed history, rollback and compaction.
import { describe, expect, it } from "vitest";
import { ItemTracker } from "../../../core/items/item-tracker.js";
import type { Event, KnownEventMsg } from "../../../protocol/core-protocol.js";
import { recordedEvents, replay } from "../fixtures/recorded-events.js";
import type { HistoryCell } from "./cells.js";
import type { ReplayedTurn, TurnItem } from "../../../rollout/replay.js";
import { cellsFromTurns, historyWithoutLastTurns } from "./history-replay.js";
import { HISTORY_BATCH, tuiReducer } from "./tui-reducer.js";
import { initialTuiState, type TuiState } from "./tui-state.js";

const kinds = (cells: readonly { kind: string }[]) => cells.map((c) => c.kind);
const ev = (msg: KnownEventMsg, id = "turn"): Event => ({ id, msg });
// Events pass through the engine's item tracker first, as they do in the engine.
const apply = (state: TuiState, ...msgs: KnownEventMsg[]) => {
  const tracker = new ItemTracker("th");
  return msgs
    .flatMap((m) => tracker.process(m))
    .reduce((s, m, i) => tuiReducer(s, { type: "engine_event", event: ev(m), now: 100 + i }), state);
};
const started = (mode: "plan" | "default" = "plan"): KnownEventMsg => ({
  type: "task_started",
  turn_id: "t",
  collaboration_mode_kind: mode,
});
const ids = { thread_id: "th", turn_id: "t" };
const planItem = (text: string) => ({ type: "plan" as const, id: "p1", text });
const complete: KnownEventMsg = { type: "task_complete", turn_id: "t" };
const configured = (): KnownEventMsg => {
  const base = replay(recordedEvents("message")).session;
  return {
    type: "session_configured",
    session_id: base?.threadId ?? "th",
    model: "gpt-5.1-codex",
    model_provider_id: "openai",
    cwd: "/work/project",
    approval_policy: "on-request",
    sandbox_policy: { type: "read-only" },
    history_log_id: 0,
    history_entry_count: 0,
    rollout_path: "/home/x/.codex-ts/sessions/rollout.jsonl",
  };
};
/** Prints every pending cell, as the app does batch by batch. */
const flush = (state: TuiState) => {
  while (state.pendingHistory.length > 0) state = tuiReducer(state, { type: "history_batch", count: 2 });
  return state;
};

describe("plan mode", () => {
  it("streams the proposed plan live, then commits the completed item's text and asks to implement", () => {
    let state = apply(initialTuiState(), started(), {
      type: "item_started",
      ...ids,
      item: planItem(""),
    });
    state = apply(
      state,
      { type: "plan_delta", ...ids, item_id: "p1", delta: "# Dra" },
      { type: "plan_delta", ...ids, item_id: "p1", delta: "ft" },
    );
    expect(state.planStream).toBe("# Draft");
    expect(state.task?.planProduced).toBeUndefined();
    state = apply(state, { type: "item_completed", ...ids, item: planItem("# Final\n\n1. Do it.") });
    expect(state.planStream).toBeUndefined();
    expect(state.history.at(-1)).toMatchObject({ kind: "proposed_plan", markdown: "# Final\n\n1. Do it." });
    expect(state.askImplementPlan).toBeUndefined();
    state = apply(state, complete);
    expect(state.askImplementPlan).toBe(true);
    expect(tuiReducer(state, { type: "plan_prompt_closed" }).askImplementPlan).toBeUndefined();
  });

  it("does not ask after a turn without a plan, or one that was interrupted", () => {
    expect(apply(initialTuiState(), started(), complete).askImplementPlan).toBeUndefined();
    const cut = apply(
      initialTuiState(),
      started(),
      { type: "item_started", ...ids, item: planItem("") },
      { type: "plan_delta", ...ids, item_id: "p1", delta: "half a plan" },
      { type: "turn_aborted", reason: "interrupted" },
    );
    expect(cut.askImplementPlan).toBeUndefined();
    expect(kinds(cut.history)).toEqual(["proposed_plan", "notice"]);
  });

  it("takes the mode from task_started and from Shift+Tab, and keeps it across /new", () => {
    expect(initialTuiState({ collaborationMode: "plan" }).collaborationMode).toBe("plan");
    const planned = tuiReducer(initialTuiState(), { type: "collaboration_mode_set", mode: "plan" });
    expect(planned.collaborationMode).toBe("plan");
    expect(tuiReducer(planned, { type: "session_reset" }).collaborationMode).toBe("plan");
    expect(apply(planned, started("default")).collaborationMode).toBe("default");
  });
});

describe("resumed history", () => {
  // A thread's earlier turns as the rollout gives them: typed items, as thread/read returns them.
  const earlier: ReplayedTurn[] = [
    {
      userMessage: "plan a cache",
      status: "completed",
      items: [
        { type: "reasoning", id: "r1", summary: ["thinking"], content: [] },
        planItem("1. Memo"),
        { type: "agentMessage", id: "m1", text: "Here it is." },
        { type: "planUpdate", plan: [{ step: "a", status: "pending" }] },
        {
          type: "collabAgentToolCall",
          id: "c1",
          tool: "spawn",
          sender_agent_id: 0,
          sender_session_id: "th",
          agents: [{ agent_id: 1, session_id: "s1", status: "running" }],
          prompt: "task-a",
          status: "completed",
        },
        {
          type: "commandExecution",
          id: "e1",
          command: ["ls"],
          cwd: "/w",
          status: "declined",
          aggregated_output: null,
          exit_code: null,
          duration_ms: null,
        },
      ],
    },
  ];

  it("maps the turns' items to cells, skipping what it does not draw", () => {
    expect(kinds(cellsFromTurns(earlier))).toEqual([
      "user",
      "reasoning",
      "proposed_plan",
      "agent",
      "plan",
      "subagent_call",
    ]);
    expect(kinds(cellsFromTurns(earlier, { hideReasoning: true }))).not.toContain("reasoning");
  });

  it("shows a web search, a failed call and review mode as they showed live", () => {
    const tracker = new ItemTracker("th");
    const live = [
      started("default"),
      {
        type: "entered_review_mode",
        review_request: { target: { type: "uncommittedChanges" }, user_facing_hint: "current changes" },
      },
      { type: "web_search_end", call_id: "ws", query: "codex docs" },
      { type: "tool_call_failed", call_id: "c", tool: "apply_patch", error: "bad patch" },
      {
        type: "exited_review_mode",
        review_output: {
          findings: [],
          overall_correctness: "patch is correct",
          overall_explanation: "Fine.",
          overall_confidence_score: 1,
        },
      },
    ].flatMap((m) => tracker.process(m as KnownEventMsg));
    const texts = (cells: readonly { kind: string; text?: string }[]) =>
      cells.filter((c) => c.kind === "notice").map((c) => c.text);
    const expected = [
      ">> Code review started: current changes <<",
      "Searched the web: codex docs",
      "apply_patch failed: bad patch",
      "<< Code review finished >>",
    ];
    // What the rollout keeps: the completed items.
    const items = live.flatMap((m) => (m.type === "item_completed" ? [m.item as TurnItem] : []));
    expect(texts(cellsFromTurns([{ userMessage: "", status: "completed", items }]))).toEqual(expected);
    const shown = flush(apply(initialTuiState(), ...live.filter((m) => !m.type.startsWith("item_"))));
    expect(texts(shown.history)).toEqual(expected);
  });

  it("prints the header, then the earlier turns in batches; no plan question for an old plan", () => {
    let state = tuiReducer(initialTuiState(), {
      type: "engine_event",
      event: ev(configured()),
      now: 0,
      replayed: earlier,
    });
    expect(kinds(state.history)).toEqual(["session_header"]);
    expect(state.session?.rolloutPath).toBe("/home/x/.codex-ts/sessions/rollout.jsonl");
    state = tuiReducer(state, { type: "history_batch", count: 2 });
    expect(kinds(state.history)).toEqual(["session_header", "user", "reasoning"]);
    state = flush(state);
    expect(kinds(state.history)).toEqual([
      "session_header",
      "user",
      "reasoning",
      "proposed_plan",
      "agent",
      "plan",
      "subagent_call",
    ]);
    expect(state.history.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(state.askImplementPlan).toBeUndefined();
    expect(HISTORY_BATCH).toBeGreaterThan(1);
  });
});

describe("rollback and compaction", () => {
  const cells = (...texts: string[]): HistoryCell[] =>
    texts.map((t, i) =>
      t.startsWith(">") ? { kind: "user", text: t, id: i } : { kind: "agent", markdown: t, id: i },
    );

  it("drops the last N user turns, each from its user message on", () => {
    const history = cells("header", "> one", "a1", "> two", "a2", "a2b", "> three", "a3");
    expect(historyWithoutLastTurns(history, 1).map((c) => ("text" in c ? c.text : ""))).toHaveLength(6);
    expect(kinds(historyWithoutLastTurns(history, 2))).toEqual(["agent", "user", "agent"]);
    expect(historyWithoutLastTurns(history, 9)).toEqual([{ kind: "agent", markdown: "header" }]);
  });

  it("prints the kept history again under a new epoch, with a note", () => {
    let state = apply(
      initialTuiState(),
      configured(),
      { type: "user_message", message: "one" },
      { type: "agent_message", message: "a1" },
      { type: "user_message", message: "two" },
      { type: "agent_message", message: "a2" },
    );
    state = apply(state, { type: "thread_rolled_back", num_turns: 1 });
    expect(state.historyEpoch).toBe(1);
    expect(state.history).toEqual([]);
    state = flush(state);
    expect(kinds(state.history)).toEqual(["session_header", "user", "agent", "notice"]);
    expect(state.history.at(-1)).toMatchObject({ text: "Dropped the last 1 turn from the conversation." });
  });

  it("shows a cell when the context was compacted", () => {
    const state = apply(initialTuiState(), { type: "context_compacted", reason: "manual" });
    expect(state.history.at(-1)).toMatchObject({
      kind: "notice",
      text: expect.stringContaining("compacted"),
    });
  });
});
