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

export interface ThreadView {
  thread: Thread;
  turns: TurnView[];
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
  return { thread, turns: thread.turns.map(toTurnView) };
}

export function runningTurn(view: ThreadView): TurnView | undefined {
  return view.turns.find((t) => t.status === "inProgress");
}

function updateTurn(view: ThreadView, turnId: string, change: (turn: TurnView) => TurnView): ThreadView {
  const found = view.turns.some((t) => t.id === turnId);
  const turns = found
    ? view.turns.map((t) => (t.id === turnId ? change(t) : t))
    : [...view.turns, change({ id: turnId, status: "inProgress", items: [] })];
  return { ...view, turns };
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

/** Applies one notification about this thread; others come back unchanged. */
export function applyNotification(view: ThreadView, method: string, raw: unknown): ThreadView {
  const p = raw as Params;
  if (p.threadId !== view.thread.id) return view;
  const turnId = p.turnId ?? "";
  const delta = p.delta ?? "";
  switch (method) {
    case "turn/started":
    case "turn/completed": {
      const turn = p.turn as Turn;
      return updateTurn(view, turn.id, (t) => ({ ...t, status: turn.status, error: turn.error?.message }));
    }
    case "item/started":
    case "item/completed":
      return updateTurn(view, turnId, (t) => upsertItem(t, p.item as ThreadItem));
    case "item/agentMessage/delta":
    case "item/plan/delta":
      return updateTurn(view, turnId, (t) =>
        updateItem(t, p.itemId ?? "", (i) =>
          i.type === "agentMessage" || i.type === "plan" ? { ...i, text: i.text + delta } : i,
        ),
      );
    case "item/reasoning/summaryTextDelta": {
      const index = p.summaryIndex as number;
      return updateTurn(view, turnId, (t) =>
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
      return updateTurn(view, turnId, (t) =>
        updateItem(t, p.itemId ?? "", (i) =>
          i.type === "commandExecution" ? { ...i, aggregatedOutput: (i.aggregatedOutput ?? "") + delta } : i,
        ),
      );
    case "turn/plan/updated":
      return updateTurn(view, turnId, (t) => ({
        ...t,
        plan: { explanation: p.explanation as string | null | undefined, steps: p.plan as PlanStep[] },
      }));
    case "turn/diff/updated":
      return updateTurn(view, turnId, (t) => ({ ...t, diff: p.diff as string }));
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
  return { ...view, thread: { ...thread, turns: [] }, turns: [...turns, ...local.values()] };
}
