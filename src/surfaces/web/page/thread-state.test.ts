import { describe, expect, it } from "vitest";
import type { ThreadItem } from "../../../protocol/app-server/v2/items.js";
import { threadPlacement, type Thread, type Turn } from "../../../protocol/app-server/v2/thread.js";
import {
  applyNotification,
  catchUp,
  runningTurn,
  viewOf,
  withChildCaughtUp,
  withChildTurns,
} from "./thread-state.js";

function thread(turns: Turn[]): Thread {
  return {
    id: "th",
    sessionId: "th",
    preview: "",
    ephemeral: false,
    modelProvider: "openai",
    createdAt: 0,
    updatedAt: 0,
    status: { type: "idle" },
    cwd: "/w",
    cliVersion: "0",
    source: "vscode",
    projectId: null,
    ...threadPlacement("/w", 0, false),
    turns,
  };
}

const user = (id: string, text: string): ThreadItem => ({
  type: "userMessage",
  id,
  content: [{ type: "text", text }],
});
const agent = (id: string, text: string): ThreadItem => ({
  type: "agentMessage",
  id,
  text,
  phase: null,
  moderation: null,
  memoryCitation: null,
  delivery: null,
  questions: null,
});
const scope = { threadId: "th", turnId: "t1" };

describe("thread view", () => {
  it("builds a turn from live notifications: items, deltas, command output, status", () => {
    let view = viewOf(thread([]));
    const turn = { id: "t1", items: [], status: "inProgress" } as Turn;
    view = applyNotification(view, "turn/started", { threadId: "th", turn });
    view = applyNotification(view, "item/started", { ...scope, item: agent("m1", "") });
    view = applyNotification(view, "item/agentMessage/delta", { ...scope, itemId: "m1", delta: "Hel" });
    view = applyNotification(view, "item/agentMessage/delta", { ...scope, itemId: "m1", delta: "lo" });
    const command = {
      type: "commandExecution",
      id: "c1",
      command: "ls",
      cwd: "/w",
      commandActions: [],
      status: "inProgress",
      aggregatedOutput: null,
      exitCode: null,
      durationMs: null,
      processId: null,
      pluginId: null,
      scriptPath: null,
    } as ThreadItem;
    view = applyNotification(view, "item/started", { ...scope, item: command });
    view = applyNotification(view, "item/commandExecution/outputDelta", {
      ...scope,
      itemId: "c1",
      delta: "a\n",
    });
    // Another thread's notification changes nothing.
    view = applyNotification(view, "item/agentMessage/delta", {
      ...scope,
      threadId: "other",
      itemId: "m1",
      delta: "!",
    });
    expect(runningTurn(view)?.id).toBe("t1");
    expect(view.turns[0]?.items).toMatchObject([
      { id: "m1", text: "Hello" },
      { id: "c1", aggregatedOutput: "a\n" },
    ]);
    view = applyNotification(view, "turn/completed", {
      threadId: "th",
      turn: { ...turn, status: "completed" },
    });
    expect(runningTurn(view)).toBeUndefined();
    expect(view.turns).toHaveLength(1);
  });

  it("catches up after a drop without showing anything twice", () => {
    // The page saw turn t0 end (with a command the file does not keep), and t1 start, cut mid-answer.
    let view = viewOf(
      thread([
        { id: "t0", status: "completed", items: [user("u0", "first"), agent("m0", "one")] },
        { id: "t1", status: "inProgress", items: [user("user-2", "second"), agent("msg-3", "The ans")] },
      ]),
    );
    // What the file says now: ids of its own, t1 completed, and a turn t2 the page never saw.
    const now = thread([
      { id: "t0", status: "completed", items: [user("t0:0", "first"), agent("t0:1", "one")] },
      { id: "t1", status: "completed", items: [user("t1:0", "second"), agent("t1:1", "The answer, whole.")] },
      { id: "t2", status: "completed", items: [user("t2:0", "third"), agent("t2:1", "three")] },
    ]);
    view = catchUp(view, now);
    expect(view.turns.map((t) => [t.id, t.status, t.items.map((i) => i.id)])).toEqual([
      ["t0", "completed", ["u0", "m0"]],
      ["t1", "completed", ["user-2", "msg-3"]],
      ["t2", "completed", ["t2:0", "t2:1"]],
    ]);
    expect(view.turns[1]?.items[1]).toMatchObject({ text: "The answer, whole." });
    // Live notifications for the kept ids still land.
    view = applyNotification(view, "item/completed", {
      threadId: "th",
      turnId: "t1",
      item: agent("msg-3", "The answer, whole."),
    });
    expect(view.turns[1]?.items).toHaveLength(2);
  });

  it("keeps a subagent's turns apart, under the call that names it; another thread's are ignored", () => {
    const spawn = {
      type: "collabAgentToolCall",
      id: "call1",
      tool: "spawnAgent",
      status: "completed",
      senderThreadId: "th",
      receiverThreadIds: ["kid"],
      agentsStates: { kid: { status: "running", message: null } },
      prompt: null,
      model: null,
      reasoningEffort: null,
    } as ThreadItem;
    let view = viewOf(thread([]));
    view = applyNotification(view, "turn/started", { threadId: "th", turn: { id: "t1", items: [] } });
    view = applyNotification(view, "item/completed", { ...scope, item: spawn });
    expect(view.children?.kid).toEqual({ parentId: "th", turns: [] });
    const kid = { threadId: "kid", turnId: "k1" };
    view = applyNotification(view, "turn/started", { threadId: "kid", turn: { id: "k1", items: [] } });
    view = applyNotification(view, "item/started", { ...kid, item: agent("a1", "") });
    view = applyNotification(view, "item/agentMessage/delta", { ...kid, itemId: "a1", delta: "child says" });
    // A grandchild announced by thread/started joins the tree; a stranger's notifications change nothing.
    const grandchild = { ...thread([]), id: "grand", parentThreadId: "kid" };
    view = applyNotification(view, "thread/started", { thread: grandchild });
    const before = view;
    view = applyNotification(view, "thread/started", {
      thread: { ...thread([]), id: "x", parentThreadId: "other" },
    });
    view = applyNotification(view, "item/started", {
      threadId: "other",
      turnId: "o1",
      item: agent("o", "no"),
    });
    expect(view).toBe(before);
    expect(view.turns[0]?.items).toEqual([spawn]);
    expect(view.children?.kid?.turns[0]?.items).toEqual([agent("a1", "child says")]);
    expect(view.children?.grand).toEqual({ parentId: "kid", turns: [] });
  });

  it("a subagent known from history has its turns read from its file, keeping what came live", () => {
    const spawn = {
      type: "collabAgentToolCall",
      id: "call1",
      tool: "spawnAgent",
      status: "completed",
      senderThreadId: "th",
      receiverThreadIds: ["kid"],
      agentsStates: {},
    } as ThreadItem;
    const view = viewOf(thread([{ id: "t1", items: [spawn], status: "completed" }]));
    expect(view.children?.kid).toEqual({ parentId: "th", turns: [], fromHistory: true });
    const file = {
      ...thread([{ id: "k1", items: [agent("a1", "done")], status: "completed" }]),
      id: "kid",
    };
    const read = withChildTurns(view, "kid", file);
    expect(read.children?.kid?.loaded).toBe(true);
    expect(read.children?.kid?.turns.map((t) => t.items)).toEqual([[agent("a1", "done")]]);
  });

  it("after a reconnect a subagent's running turn gets what it missed, once", () => {
    let view = viewOf(thread([]));
    view = applyNotification(view, "thread/started", {
      thread: { ...thread([]), id: "kid", parentThreadId: "th" },
    });
    const kid = { threadId: "kid", turnId: "k1" };
    const running = { id: "k1", items: [], status: "inProgress" };
    view = applyNotification(view, "turn/started", { threadId: "kid", turn: running });
    view = applyNotification(view, "item/completed", { ...kid, item: user("u-live", "task") });
    const file = {
      ...thread([{ id: "k1", items: [user("u1", "task"), agent("a1", "done")], status: "completed" }]),
      id: "kid",
    };
    const caught = withChildCaughtUp(view, "kid", file);
    expect(caught.children?.kid?.turns).toEqual([
      {
        id: "k1",
        status: "completed",
        error: undefined,
        items: [user("u-live", "task"), agent("a1", "done")],
      },
    ]);
  });
});
