// Threads and turns read from disk, as the v2 wire shows them: an index row -> Thread, replayed turns ->
// Turn[]. Items keep the ids the engine gave them; in older files without ids, turns and items are named by
// their position, so reading twice gives the same.
import type { ReplayedTurn } from "../../../rollout/replay.js";
import type { GitInfo } from "../../../rollout/lines.js";
import type { ThreadHeadFacts, ThreadSummary } from "../../../rollout/summary.js";
import type { SessionSource, ThreadStatus } from "../../../protocol/app-server/v2/common.js";
import type { ThreadItem } from "../../../protocol/app-server/v2/items.js";
import type { ThreadSourceKind } from "../../../protocol/app-server/v2/thread-history.js";
import { threadPlacement, type Thread, type Turn } from "../../../protocol/app-server/v2/thread.js";
import { toThreadItem } from "../item-projection.js";

const PLAIN_SOURCES = new Set(["cli", "vscode", "exec", "appServer", "unknown"]);

/** The index's source text (a name, or JSON for object sources) as the wire's SessionSource. */
export function toWireSource(source: string | null, parentThreadId: string | null): SessionSource {
  // The file keeps only the parent: the child's name, role and depth are known live (subagent-items.ts).
  if (parentThreadId) {
    const spawn = { parent_thread_id: parentThreadId, depth: 1 };
    return {
      subAgent: { thread_spawn: { ...spawn, agent_nickname: null, agent_role: null, agent_path: null } },
    };
  }
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
  /** The head's model, originator and git state (readThreadHeadFacts). */
  facts?: ThreadHeadFacts;
  turns?: Turn[];
}

/** A rollout's git facts as the wire's gitInfo. */
export function wireGitInfo(git: GitInfo | null | undefined): Thread["gitInfo"] {
  if (!git) return null;
  return { sha: git.commit_hash ?? null, branch: git.branch ?? null, originUrl: git.repository_url ?? null };
}

export function threadFromSummary(s: ThreadSummary, extras: ThreadExtras): Thread {
  // Assigned onto the fresh placement object rather than spread into a literal: the same keys in the same
  // order, but a spread followed by ~20 more keys cost ~25 µs per thread in V8 (a page of 25: ~1 ms).
  return Object.assign(
    threadPlacement(s.cwd ?? "", Math.floor(s.updatedAt / 1000), Boolean(s.parentThreadId)),
    {
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
      // The writer's version: the index row's head facts (listings) or a full read give it.
      cliVersion: extras.cliVersion ?? extras.facts?.cliVersion ?? "",
      originator: extras.originator ?? extras.facts?.originator ?? null,
      source: toWireSource(s.source, s.parentThreadId),
      projectId: null,
      name: extras.name,
      forkedFromId: s.forkedFrom,
      parentThreadId: s.parentThreadId,
    },
    extras.facts ? { model: extras.facts.model, gitInfo: wireGitInfo(extras.facts.git) } : null,
    { turns: extras.turns ?? [] },
  );
}

/** The id a replayed turn is known by: the engine's, else its 1-based position. */
export function replayedTurnId(turn: ReplayedTurn, index: number): string {
  return turn.turnId ?? `turn-${index + 1}`;
}

/**
 * Replayed turns on the wire, through the same projection as live items. Items read from files without
 * ids (older rollouts) are named by their position in the turn.
 */
export function toWireTurns(turns: readonly ReplayedTurn[]): Turn[] {
  return turns.map((turn, index) => {
    const id = replayedTurnId(turn, index);
    // The user's own shell command is a turn with no message: only its command item.
    const shellOnly =
      turn.userMessage === "" &&
      turn.items.some((item) => item.type === "commandExecution" && item.source === "user_shell");
    // Each item with the times its rollout line recorded (null where the file has none).
    const timed = (item: ThreadItem): ThreadItem => {
      const times = turn.itemTimes?.[item.id];
      return {
        ...item,
        startedAtMs: times?.startedAtMs ?? null,
        completedAtMs: times?.completedAtMs ?? null,
      };
    };
    const items: ThreadItem[] = shellOnly
      ? []
      : [
          timed(
            toThreadItem({
              type: "userMessage",
              id: turn.userItemId ?? `${id}:0`,
              // The item's own content keeps the text spans; older files have the text only.
              content: turn.userContent ?? [{ type: "text", text: turn.userMessage }],
              ...(turn.userClientId ? { client_id: turn.userClientId } : {}),
            }),
          ),
        ];
    turn.items.forEach((item, i) => {
      // A step list is turn/plan/updated on the wire, not an item.
      if (item.type === "planUpdate") return;
      items.push(timed(toThreadItem(item.id === "" ? { ...item, id: `${id}:${i + 1}` } : item)));
    });
    const seconds = (ms: number | undefined) => (ms === undefined ? null : Math.floor(ms / 1000));
    const ended = turn.status !== "inProgress" ? turn.completedAtMs : undefined;
    return {
      id,
      items,
      itemsView: "full" as const,
      status: turn.status,
      error: null,
      startedAt: seconds(turn.startedAtMs),
      completedAt: seconds(ended),
      durationMs: ended !== undefined && turn.startedAtMs !== undefined ? ended - turn.startedAtMs : null,
      rootTurnId: id,
    };
  });
}
