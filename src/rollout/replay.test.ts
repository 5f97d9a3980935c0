import { describe, expect, it } from "vitest";
import type { ResponseItem } from "../protocol/items.js";
import { userTextMessage } from "../protocol/items.js";
import type { RolloutLine } from "./lines.js";
import { rolloutLine } from "./lines.js";
import { readRollout } from "./reader.js";
import { COMPACTION_SUMMARY_PREFIX, forkLines, replayRollout } from "./replay.js";
import {
  assistantMessage,
  contextLines,
  event,
  item,
  metaLine,
  REAL_CODEX_FIXTURE,
  threadLines,
  turnLines,
} from "../../test/support/rollout-files.js";
import { isMessage, messageTextParts } from "./user-input.js";

const ID = "0199a3b4-1111-7222-8333-944455556666";
const rollback = (n: number): RolloutLine => event({ type: "thread_rolled_back", num_turns: n });
const questions = (history: ResponseItem[]): string[] =>
  history
    .filter(isMessage)
    .filter((m) => m.role === "user")
    .map(messageTextParts);

describe("replayRollout", () => {
  it("rebuilds the real Codex 0.169 fixture: its function call and output, and one turn", async () => {
    const { lines } = await readRollout(REAL_CODEX_FIXTURE);
    const { history, turns, lastTurnContext, lastTokenCount } = replayRollout(lines);
    const types = history.map((i) => i.type);
    expect(types).toContain("function_call");
    expect(types).toContain("function_call_output");
    expect(types.indexOf("function_call")).toBeLessThan(types.indexOf("function_call_output"));
    expect(history.find((i) => i.type === "function_call")).toMatchObject({
      call_id: "call_1",
      name: "shell",
    });
    expect(turns).toEqual([
      {
        turnId: "01a2022c-4e32-7363-a3ad-dfddf4b2f5e8",
        userMessage: "say hi",
        // From the completed AgentMessage item, not repeated from the assistant response item.
        items: [{ type: "agentMessage", id: "msg_1", text: "Hello world" }],
        // The item's own times, from its item_completed line.
        itemTimes: { msg_1: { startedAtMs: 1795332787904, completedAtMs: 1795332787904 } },
        status: "completed",
        startedAtMs: Date.parse("2026-11-22T07:33:07.769Z"),
        completedAtMs: Date.parse("2026-11-22T07:33:07.917Z"),
      },
    ]);
    expect(lastTurnContext?.model).toBe("gpt-5.1-codex");
    expect(lastTokenCount?.type).toBe("token_count");
  });

  it("builds turns from our own lines", () => {
    const { turns, history } = replayRollout(threadLines(ID, 2));
    expect(turns).toMatchObject([
      {
        turnId: "turn-1",
        userMessage: "question 1",
        items: [{ type: "agentMessage", id: "", text: "answer 1" }],
        status: "completed",
      },
      {
        turnId: "turn-2",
        userMessage: "question 2",
        items: [{ type: "agentMessage", id: "", text: "answer 2" }],
        status: "completed",
      },
    ]);
    expect(history).toHaveLength(2 + 2 * 2);
  });

  it("rolls back the last N turns in both the history and the turn list", () => {
    const five = threadLines(ID, 5);
    const { history, turns } = replayRollout([...five, rollback(2)]);
    expect(turns.map((t) => t.userMessage)).toEqual(["question 1", "question 2", "question 3"]);
    expect(history).toEqual(replayRollout(threadLines(ID, 3)).history);
    expect(questions(history).filter((q) => q.startsWith("question"))).toEqual([
      "question 1",
      "question 2",
      "question 3",
    ]);
  });

  it("clears every turn when N exceeds the number of turns, keeping the context before them", () => {
    const { history, turns } = replayRollout([...threadLines(ID, 5), rollback(99)]);
    expect(turns).toEqual([]);
    expect(history).toEqual(replayRollout(threadLines(ID, 0)).history);
    expect(history).toHaveLength(2);
  });

  it("continues after a rollback, and applies successive rollbacks to what remains", () => {
    const lines = [...threadLines(ID, 3), rollback(1), ...turnLines(4), rollback(2), ...turnLines(5)];
    const { history, turns } = replayRollout(lines);
    expect(turns.map((t) => t.userMessage)).toEqual(["question 1", "question 5"]);
    expect(questions(history).filter((q) => q.startsWith("question"))).toEqual(["question 1", "question 5"]);
  });

  it("ignores rollbacks of zero or malformed counts", () => {
    const lines = [...threadLines(ID, 2), rollback(0), event({ type: "thread_rolled_back", num_turns: "2" })];
    expect(replayRollout(lines).turns).toHaveLength(2);
  });

  it("replaces the history before a compacted line with its replacement history", () => {
    const summary = userTextMessage("summary of turns 1-2");
    const lines = [
      ...threadLines(ID, 2),
      rolloutLine("compacted", { message: "summary", replacement_history: [summary] }),
      ...turnLines(3),
    ];
    const { history, turns } = replayRollout(lines);
    expect(history[0]).toEqual(summary);
    expect(questions(history)).toEqual(["summary of turns 1-2", "question 3"]);
    expect(turns).toHaveLength(3); // the UI still shows every turn
  });

  it("rebuilds older compactions without replacement history from context, user messages and summary", () => {
    const lines = [...threadLines(ID, 2), rolloutLine("compacted", { message: "the gist" })];
    const { history } = replayRollout(lines);
    expect(history.map((i) => ("role" in i ? i.role : i.type))).toEqual([
      "developer",
      "user",
      "user",
      "user",
      "user",
    ]);
    expect(history.at(-1)).toEqual(userTextMessage(COMPACTION_SUMMARY_PREFIX + "the gist"));
  });

  it("undoes a compaction made inside a rolled-back turn", () => {
    const compaction = rolloutLine("compacted", {
      message: "s",
      replacement_history: [userTextMessage("s")],
    });
    const lines = [...threadLines(ID, 2), ...turnLines(3, { extra: [compaction] }), rollback(1)];
    expect(replayRollout(lines).history).toEqual(replayRollout(threadLines(ID, 2)).history);
  });

  it("does not count a task without user input (e.g. a compaction task) as a turn", () => {
    const compactTask = [
      event({ type: "task_started", turn_id: "compact", collaboration_mode_kind: "default" }),
      rolloutLine("compacted", { message: "s", replacement_history: [userTextMessage("s")] }),
      event({ type: "task_complete", turn_id: "compact" }),
    ];
    const lines = [...threadLines(ID, 2), ...compactTask, ...turnLines(3), rollback(1)];
    const { turns, history } = replayRollout(lines);
    expect(turns.map((t) => t.turnId)).toEqual(["turn-1", "turn-2"]);
    expect(history).toEqual([userTextMessage("s")]);
  });

  it("splits older rollouts without task_started at each user input, pairing item and event", () => {
    const legacy: RolloutLine[] = [metaLine(ID), ...contextLines()];
    for (const n of [1, 2, 3]) {
      legacy.push(
        item(userTextMessage(`q${n}`)),
        event({ type: "user_message", message: `q${n}` }),
        item(assistantMessage(`a${n}`)),
        event({ type: "agent_message", message: `a${n}` }),
      );
    }
    const { turns } = replayRollout(legacy);
    expect(turns.map((t) => [t.userMessage, t.items, t.status])).toEqual([
      ["q1", [{ type: "agentMessage", id: "", text: "a1" }], "completed"],
      ["q2", [{ type: "agentMessage", id: "", text: "a2" }], "completed"],
      ["q3", [{ type: "agentMessage", id: "", text: "a3" }], "completed"],
    ]);
    expect(replayRollout([...legacy, rollback(1)]).history).toHaveLength(2 + 2 * 2);
  });

  it("keeps steering input inside the running turn, and reports interrupted and failed turns", () => {
    const lines = [
      metaLine(ID),
      event({ type: "task_started", turn_id: "t1" }),
      item(userTextMessage("first")),
      event({ type: "user_message", message: "first" }),
      item(userTextMessage("also this")),
      event({ type: "user_message", message: "also this" }),
      event({ type: "agent_reasoning", text: "thinking" }),
      event({ type: "plan_update", plan: [{ step: "a", status: "pending" }] }),
      event({ type: "turn_aborted", turn_id: "t1", reason: "interrupted" }),
      event({ type: "task_started", turn_id: "t2" }),
      item(userTextMessage("second")),
      event({ type: "error", message: "boom" }),
      event({ type: "task_complete", turn_id: "t2" }),
      event({ type: "task_started", turn_id: "t3" }),
      item(userTextMessage("third")),
    ];
    const { turns } = replayRollout(lines);
    expect(turns).toMatchObject([
      {
        turnId: "t1",
        userMessage: "first",
        items: [
          { type: "reasoning", id: "", summary: ["thinking"], content: [] },
          { type: "planUpdate", plan: [{ step: "a", status: "pending" }] },
        ],
        status: "interrupted",
      },
      { turnId: "t2", userMessage: "second", items: [], status: "failed" },
      { turnId: "t3", userMessage: "third", items: [], status: "inProgress" },
    ]);
  });

  it("shows a plan item completed in plan mode", () => {
    const plan = event({ type: "item_completed", item: { type: "Plan", id: "p", text: "1. do it" } });
    const { turns } = replayRollout([metaLine(ID), ...turnLines(1, { extra: [plan] })]);
    expect(turns[0]?.items).toEqual([
      { type: "plan", id: "p", text: "1. do it" },
      { type: "agentMessage", id: "", text: "answer 1" },
    ]);
  });
});

describe("forkLines", () => {
  it("keeps turns up to K of 4, and replays to the same first K turns", () => {
    const lines = threadLines(ID, 4);
    const fork = forkLines(lines, { upToTurn: 2 });
    const forked = replayRollout(fork);
    const original = replayRollout(lines);
    expect(forked.turns).toEqual(original.turns.slice(0, 2));
    expect(forked.history).toEqual(replayRollout(threadLines(ID, 2)).history);
    expect(fork.some((l) => l.type === "session_meta")).toBe(false);
  });

  it("prepends the new thread's session_meta and keeps everything without a turn limit", () => {
    const lines = threadLines(ID, 3);
    const meta = metaLine("0199a3b4-2222-7222-8333-944455556666", { forked_from_id: ID });
    const fork = forkLines(lines, { sessionMeta: meta });
    expect(fork[0]).toBe(meta);
    expect(fork.slice(1)).toEqual(lines.slice(1));
    expect(forkLines(lines, { upToTurn: 10 })).toEqual(lines.slice(1));
    expect(replayRollout(forkLines(lines, { upToTurn: 0 })).turns).toEqual([]);
  });

  it("counts turns after rollbacks, as the turn list does", () => {
    const lines = [...threadLines(ID, 5), rollback(2), ...turnLines(6)];
    expect(replayRollout(lines).turns.map((t) => t.turnId)).toEqual(["turn-1", "turn-2", "turn-3", "turn-6"]);
    expect(replayRollout(forkLines(lines, { upToTurn: 3 })).turns.map((t) => t.turnId)).toEqual([
      "turn-1",
      "turn-2",
      "turn-3",
    ]);
    expect(replayRollout(forkLines(lines, { upToTurn: 4 })).turns.map((t) => t.turnId)).toEqual([
      "turn-1",
      "turn-2",
      "turn-3",
      "turn-6",
    ]);
  });

  it("rejects a negative or fractional turn count", () => {
    expect(() => forkLines([], { upToTurn: -1 })).toThrow(RangeError);
    expect(() => forkLines([], { upToTurn: 1.5 })).toThrow(RangeError);
  });
});
