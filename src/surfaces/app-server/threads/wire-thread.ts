// Threads and turns read from disk, as the v2 wire shows them: an index row -> Thread, replayed turns ->
// Turn[]. Ids of replayed turns and items are derived from their position, so reading twice gives the same.
import type { ReplayedTurn } from "../../../rollout/replay.js";
import type { ThreadSummary } from "../../../rollout/summary.js";
import type { SessionSource, ThreadStatus } from "../../../protocol/app-server/v2/common.js";
import type { ThreadItem } from "../../../protocol/app-server/v2/items.js";
import type { ThreadSourceKind } from "../../../protocol/app-server/v2/thread-history.js";
import { threadPlacement, type Thread, type Turn } from "../../../protocol/app-server/v2/thread.js";
import { collabItem } from "../collab-item.js";

const PLAIN_SOURCES = new Set(["cli", "vscode", "exec", "appServer", "unknown"]);

/** The index's source text (a name, or JSON for object sources) as the wire's SessionSource. */
export function toWireSource(source: string | null, parentThreadId: string | null): SessionSource {
  if (parentThreadId) return { subAgent: { thread_spawn: { parent_thread_id: parentThreadId, depth: 1 } } };
  if (source === "app-server" || source === "app_server") return "appServer";
  if (source && PLAIN_SOURCES.has(source)) return source as Exclude<SessionSource, object>;
  return "unknown";
}

export function sourceKind(source: SessionSource): ThreadSourceKind {
  if (typeof source === "string") return source;
  if ("custom" in source) return "unknown";
  const sub = source.subAgent;
  if (sub === "review") return "subAgentReview";
  if (sub === "compact") return "subAgentCompact";
  if (typeof sub === "object" && "thread_spawn" in sub) return "subAgentThreadSpawn";
  return "subAgentOther";
}

export interface ThreadExtras {
  name: string | null;
  status: ThreadStatus;
  cliVersion?: string;
  originator?: string | null;
  turns?: Turn[];
}

export function threadFromSummary(s: ThreadSummary, extras: ThreadExtras): Thread {
  return {
    id: s.id,
    sessionId: s.id,
    preview: s.preview,
    ephemeral: false,
    modelProvider: s.modelProvider ?? "",
    createdAt: Math.floor(s.createdAt / 1000),
    updatedAt: Math.floor(s.updatedAt / 1000),
    status: extras.status,
    path: s.path,
    cwd: s.cwd ?? "",
    // The index keeps the rollout head's facts but not the writer's version; a full read fills it in.
    cliVersion: extras.cliVersion ?? "",
    originator: extras.originator ?? null,
    source: toWireSource(s.source, s.parentThreadId),
    projectId: null,
    name: extras.name,
    forkedFromId: s.forkedFrom,
    parentThreadId: s.parentThreadId,
    ...threadPlacement(s.cwd ?? "", Math.floor(s.updatedAt / 1000), Boolean(s.parentThreadId)),
    turns: extras.turns ?? [],
  };
}

/** The id a replayed turn is known by: the engine's, else its 1-based position. */
export function replayedTurnId(turn: ReplayedTurn, index: number): string {
  return turn.turnId ?? `turn-${index + 1}`;
}

export function toWireTurns(turns: readonly ReplayedTurn[]): Turn[] {
  return turns.map((turn, index) => {
    const id = replayedTurnId(turn, index);
    const items: ThreadItem[] = [
      { type: "userMessage", id: `${id}:0`, content: [{ type: "text", text: turn.userMessage }] },
    ];
    turn.items.forEach((item, i) => {
      const itemId = `${id}:${i + 1}`;
      switch (item.type) {
        case "agentMessage":
          items.push({ type: "agentMessage", id: itemId, text: item.text });
          return;
        case "reasoning":
          items.push({ type: "reasoning", id: itemId, summary: [item.text], content: [] });
          return;
        case "plan":
          items.push({ type: "plan", id: itemId, text: item.text });
          return;
        case "subagentCall":
          // Keyed by its call id, as it was live.
          items.push(collabItem(item.call, item.call.success ? "completed" : "failed"));
          return;
        case "planUpdate":
          // A step list is turn/plan/updated on the wire, not an item.
          return;
      }
    });
    return { id, items, status: turn.status, error: null };
  });
}
