// A root thread's subagent tree, rebuilt from the `subagent_lifecycle` events of its rollout: a creation
// attaches a child (spawn or fork), later events update it, `cancelled` detaches it. Children that were
// running when the process stopped come back `idle`: known and resumable from their own rollouts, but not
// running. Messages that were still waiting in an inbox are not in the rollout (only their counts are), so
// the rebuilt inboxes are empty.
import { SubagentSummary } from "../../protocol/core-protocol.js";
import type { RolloutLine } from "../../rollout/lines.js";

export interface RebuiltSubagentTree {
  /** Attached children, in creation order. */
  agents: SubagentSummary[];
  /** The id the next child gets: ids are never reused, even those of cancelled children. */
  nextAgentId: number;
}

export function rebuildSubagentTree(lines: readonly RolloutLine[]): RebuiltSubagentTree {
  const attached = new Map<number, SubagentSummary>();
  let highestId = 0;
  for (const line of lines) {
    if (line.type !== "event_msg" || line.payload.type !== "subagent_lifecycle") continue;
    const parsed = SubagentSummary.safeParse(line.payload.summary);
    if (!parsed.success) continue;
    const summary = parsed.data;
    highestId = Math.max(highestId, summary.agent_id);
    if (summary.status === "cancelled") {
      attached.delete(summary.agent_id);
    } else {
      attached.set(summary.agent_id, summary);
    }
  }
  // A child whose parent was detached (its cancellation was cut short by a crash) goes with it.
  const agents = [...attached.values()].filter((a) => isAttached(a, attached));
  return {
    agents: agents.map((a) => ({
      ...a,
      status: a.status === "running" || a.status === "waiting" ? "idle" : a.status,
      pending_messages: 0,
      pending_interrupts: 0,
    })),
    nextAgentId: highestId + 1,
  };
}

function isAttached(agent: SubagentSummary, attached: ReadonlyMap<number, SubagentSummary>): boolean {
  let parent = agent.parent_agent_id;
  for (let hops = 0; parent !== 0; hops++) {
    const next = attached.get(parent);
    if (!next || hops > attached.size) return false;
    parent = next.parent_agent_id;
  }
  return true;
}
