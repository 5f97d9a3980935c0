// What the page knows of the open thread: its turns and their items, built from thread/resume and then
// from live notifications. Pure functions: each returns a new view, so React sees every change.
import type { ThreadItem } from "../../../protocol/app-server/v2/items.js";
import type { Thread, Turn } from "../../../protocol/app-server/v2/thread.js";

export interface PlanStep {
  step: string;
  status: "pending" | "inProgress" | "completed";
}

export interface TurnView {
  id: string;
  status: Turn["status"];
  items: ThreadItem[];
  error?: string | undefined;
  plan?: { explanation?: string | null | undefined; steps: PlanStep[] };
  diff?: string;
}

/** A subagent of the open thread (at any depth): its turns, live from the notifications about it. */
export interface ChildView {
  parentId: string;
  turns: TurnView[];
  /** Known from the thread's history, not seen live: its turns are read from its file when shown. */
  fromHistory?: boolean;
  /** Its turns were read from its file (thread/read). */
  loaded?: boolean;
}

export interface ThreadView {
  thread: Thread;
  turns: TurnView[];
  /** Subagents by thread id; the app-server sends their turn and item notifications under their ids. */
  children?: Record<string, ChildView>;
  tokens?: { total: number; contextWindow?: number | null | undefined };
  /** A subagent run by its parent: shown, not written to (turns go through the parent). */
  readOnly?: boolean;
}

const toTurnView = (turn: Turn): TurnView => ({
  id: turn.id,
  status: turn.status,
  items: turn.items,
  error: turn.error?.message,
});

export function viewOf(thread: Thread): ThreadView {
  return withChildrenOfItems({ thread, turns: thread.turns.map(toTurnView) });
}

export function runningTurn(view: ThreadView): TurnView | undefined {
  return view.turns.find((t) => t.status === "inProgress");
}

function updateTurn(turns: TurnView[], turnId: string, change: (turn: TurnView) => TurnView): TurnView[] {
  const found = turns.some((t) => t.id === turnId);
  return found
    ? turns.map((t) => (t.id === turnId ? change(t) : t))
    : [...turns, change({ id: turnId, status: "inProgress", items: [] })];
}

function upsertItem(turn: TurnView, item: ThreadItem): TurnView {
  const index = turn.items.findIndex((i) => i.id === item.id);
  if (index < 0) return { ...turn, items: [...turn.items, item] };
  const items = [...turn.items];
  items[index] = item;
  return { ...turn, items };
}

function updateItem(turn: TurnView, itemId: string, change: (item: ThreadItem) => ThreadItem): TurnView {
  return { ...turn, items: turn.items.map((i) => (i.id === itemId ? change(i) : i)) };
}

type Params = Record<string, unknown> & {
  threadId?: string;
  turnId?: string;
  itemId?: string;
  delta?: string;
};

/** A turn or item notification applied to one thread's turns; undefined when it is about something else. */
function applyToTurns(turns: TurnView[], method: string, p: Params): TurnView[] | undefined {
  const turnId = p.turnId ?? "";
  const delta = p.delta ?? "";
  switch (method) {
    case "turn/started":
    case "turn/completed": {
      const turn = p.turn as Turn;
      return updateTurn(turns, turn.id, (t) => ({ ...t, status: turn.status, error: turn.error?.message }));
    }
    case "item/started":
    case "item/completed":
      return updateTurn(turns, turnId, (t) => upsertItem(t, p.item as ThreadItem));
    case "item/agentMessage/delta":
    case "item/plan/delta":
      return updateTurn(turns, turnId, (t) =>
        updateItem(t, p.itemId ?? "", (i) =>
          i.type === "agentMessage" || i.type === "plan" ? { ...i, text: i.text + delta } : i,
        ),
      );
    case "item/reasoning/summaryTextDelta": {
      const index = p.summaryIndex as number;
      return updateTurn(turns, turnId, (t) =>
        updateItem(t, p.itemId ?? "", (i) => {
          if (i.type !== "reasoning") return i;
          const summary = [...i.summary];
          while (summary.length <= index) summary.push("");
          summary[index] += delta;
          return { ...i, summary };
        }),
      );
    }
    case "item/commandExecution/outputDelta":
      return updateTurn(turns, turnId, (t) =>
        updateItem(t, p.itemId ?? "", (i) =>
          i.type === "commandExecution" ? { ...i, aggregatedOutput: (i.aggregatedOutput ?? "") + delta } : i,
        ),
      );
    case "turn/plan/updated":
      return updateTurn(turns, turnId, (t) => ({
        ...t,
        plan: { explanation: p.explanation as string | null | undefined, steps: p.plan as PlanStep[] },
      }));
    case "turn/diff/updated":
      return updateTurn(turns, turnId, (t) => ({ ...t, diff: p.diff as string }));
    default:
      return undefined;
  }
}

/** The threads a subagent call names besides its caller. */
export function subagentsOf(item: ThreadItem): string[] {
  if (item.type !== "collabAgentToolCall") return [];
  const ids = new Set([...item.receiverThreadIds, ...Object.keys(item.agentsStates)]);
  ids.delete(item.senderThreadId);
  return [...ids];
}

function addChild(view: ThreadView, id: string, parentId: string, fromHistory = false): ThreadView {
  if (id === view.thread.id || view.children?.[id]) return view;
  const child: ChildView = fromHistory ? { parentId, turns: [], fromHistory } : { parentId, turns: [] };
  return { ...view, children: { ...view.children, [id]: child } };
}

/** A subagent call in the tree makes its subagents part of the tree. */
function addChildrenOf(view: ThreadView, method: string, p: Params): ThreadView {
  if (method !== "item/started" && method !== "item/completed") return view;
  const item = p.item as ThreadItem;
  if (item.type !== "collabAgentToolCall") return view;
  return subagentsOf(item).reduce((v, id) => addChild(v, id, item.senderThreadId), view);
}

/** Applies one notification about this thread or one of its subagents; others come back unchanged. */
export function applyNotification(view: ThreadView, method: string, raw: unknown): ThreadView {
  const p = raw as Params;
  if (method === "thread/started") {
    const started = p.thread as Thread;
    const parent = started.parentThreadId;
    const inTree = parent === view.thread.id || (parent != null && view.children?.[parent] !== undefined);
    return inTree && parent ? addChild(view, started.id, parent) : view;
  }
  const child = p.threadId === undefined ? undefined : view.children?.[p.threadId];
  if (child && p.threadId) {
    const next = addChildrenOf(view, method, p);
    const turns = applyToTurns(child.turns, method, p);
    return turns ? { ...next, children: { ...next.children, [p.threadId]: { ...child, turns } } } : next;
  }
  if (p.threadId !== view.thread.id) return view;
  const next = addChildrenOf(view, method, p);
  const turns = applyToTurns(next.turns, method, p);
  if (turns) return { ...next, turns };
  switch (method) {
    case "thread/tokenUsage/updated": {
      const usage = p.tokenUsage as { total: { totalTokens: number }; modelContextWindow?: number | null };
      return { ...view, tokens: { total: usage.total.totalTokens, contextWindow: usage.modelContextWindow } };
    }
    case "thread/name/updated":
      return { ...view, thread: { ...view.thread, name: p.threadName as string | null | undefined } };
    case "thread/status/changed":
      return { ...view, thread: { ...view.thread, status: p.status as Thread["status"] } };
    default:
      return view;
  }
}

/** Subagents named by the thread's items (a thread opened after they ran): known, their turns not yet read. */
export function withChildrenOfItems(view: ThreadView): ThreadView {
  let next = view;
  const visit = (turns: TurnView[]) => {
    for (const turn of turns)
      for (const item of turn.items)
        if (item.type === "collabAgentToolCall")
          for (const id of subagentsOf(item)) next = addChild(next, id, item.senderThreadId, true);
  };
  visit(view.turns);
  for (const child of Object.values(view.children ?? {})) visit(child.turns);
  return next;
}

/**
 * A subagent's turns as its file has them, for one the page did not see run. Turns the page saw live are
 * kept; turns only the file has are added in its order.
 */
export function withChildTurns(view: ThreadView, childId: string, thread: Thread): ThreadView {
  const child = view.children?.[childId];
  if (!child) return view;
  const live = new Map(child.turns.map((t) => [t.id, t]));
  const turns = thread.turns.map((t) => live.get(t.id) ?? toTurnView(t));
  const known = new Set(thread.turns.map((t) => t.id));
  turns.push(...child.turns.filter((t) => !known.has(t.id)));
  const next = { ...view, children: { ...view.children, [childId]: { ...child, turns, loaded: true } } };
  // Its own subagents join the tree.
  return withChildrenOfItems(next);
}

/** The text an item is recognised by when ids differ (the rollout numbers items its own way). */
function textOf(item: ThreadItem): string | undefined {
  switch (item.type) {
    case "agentMessage":
    case "plan":
      return item.text;
    case "reasoning":
      return item.summary.join("");
    case "userMessage":
      return item.content.map((c) => (c.type === "text" ? c.text : "")).join("");
    default:
      return undefined;
  }
}

/**
 * After a reconnect: what thread/resume says the thread holds now, merged into what the page already
 * shows, so nothing shows twice. A turn the page saw end is kept as it is (it has commands and diffs the
 * file does not); a turn it missed is added; a turn that ran meanwhile gets the items it lacks, and an
 * answer cut short by the drop is replaced by its full text.
 */
export function catchUp(view: ThreadView, thread: Thread): ThreadView {
  const local = new Map(view.turns.map((t) => [t.id, t]));
  const turns = thread.turns.map((remote): TurnView => {
    const mine = local.get(remote.id);
    if (!mine) return toTurnView(remote);
    local.delete(remote.id);
    if (mine.status !== "inProgress") return mine;
    const items = [...mine.items];
    for (const item of remote.items) {
      const text = textOf(item);
      if (text === undefined) continue;
      const same = items.findIndex((i) => i.type === item.type && textOf(i) === text);
      if (same >= 0) continue;
      const partial = items.findIndex((i) => i.type === item.type && text.startsWith(textOf(i) ?? "\u0000"));
      if (partial >= 0) items[partial] = { ...item, id: items[partial]!.id };
      else items.push(item);
    }
    return { ...mine, status: remote.status, error: remote.error?.message ?? mine.error, items };
  });
  // Turns only the page knows (started after the file was read) stay, in order, at the end.
  return withChildrenOfItems({
    ...view,
    thread: { ...thread, turns: [] },
    turns: [...turns, ...local.values()],
  });
}

/**
 * After a reconnect: a subagent the page was showing, merged with what its file holds now, as `catchUp`
 * does for the open thread (nothing twice; what ran during the drop is added).
 */
export function withChildCaughtUp(view: ThreadView, childId: string, thread: Thread): ThreadView {
  const child = view.children?.[childId];
  if (!child) return view;
  const merged = catchUp({ thread, turns: child.turns }, thread);
  const next = {
    ...view,
    children: { ...view.children, [childId]: { ...child, turns: merged.turns, loaded: true } },
  };
  return withChildrenOfItems(next);
}
