// A root thread's subagent tree, rebuilt from the events of its rollout: a `subagent_lifecycle` creation
// attaches a child (spawn or fork), later ones update it, `cancelled` detaches it. Children that were running
// when the process stopped come back `idle`: known and resumable from their own rollouts, but not running.
//
// Inboxes come back too. Every message was recorded when it arrived (`agent_inbox_message`, with its text)
// and again, by number, when it was taken (`agent_inbox_taken`, written just before the hand-over). A message
// never taken is still waiting. A taken one counts as received only if the receiver recorded it:
//  - the root's messages are taken by its own `subagent_await`, so its rollout says it: the call's output
//    follows the take (see handover.ts); otherwise they wait again;
//  - a subagent records what it gets in its own rollout, which is read when it is reopened. A subagent is
//    handed one batch at a time (the next only once the previous is recorded), so only its last take can be
//    in doubt: it is kept aside (`lastTake`) and checked then; earlier ones were received.
import { AgentInboxMessage, AgentInboxTaken, SubagentSummary } from "../../protocol/core-protocol.js";
import type { RolloutLine } from "../../rollout/lines.js";
import { handedOver, type InboxTake } from "./handover.js";
import { countsOf, type InboxMessage } from "./inbox.js";

export interface RebuiltInbox {
  /** Messages still waiting, in arrival order. */
  pending: InboxMessage[];
  /** A subagent's last taken messages, received or not: its own rollout tells when it is reopened. */
  lastTake?: InboxTake;
}

export interface RebuiltSubagentTree {
  /** Attached children, in creation order. */
  agents: SubagentSummary[];
  /** The id the next child gets: ids are never reused, even those of cancelled children. */
  nextAgentId: number;
  /** The inboxes that hold something, by agent id (0: the root's); attached agents only. */
  inboxes: Map<number, RebuiltInbox>;
  /** The number the next inbox message gets. */
  nextMessageSeq: number;
}

interface QueuedMessage {
  agentId: number;
  message: InboxMessage;
}

export function rebuildSubagentTree(lines: readonly RolloutLine[]): RebuiltSubagentTree {
  const attached = new Map<number, SubagentSummary>();
  const queued = new Map<number, QueuedMessage>();
  const taken = new Set<number>();
  const lastTakes = new Map<number, { seqs: number[]; via: InboxTake["via"]; offset: number }>();
  let highestId = 0;
  let highestSeq = 0;
  lines.forEach((line, index) => {
    if (line.type !== "event_msg") return;
    switch (line.payload.type) {
      case "subagent_lifecycle": {
        const parsed = SubagentSummary.safeParse(line.payload.summary);
        if (!parsed.success) return;
        const summary = parsed.data;
        highestId = Math.max(highestId, summary.agent_id);
        if (summary.status === "cancelled") attached.delete(summary.agent_id);
        else attached.set(summary.agent_id, summary);
        return;
      }
      case "agent_inbox_message": {
        const parsed = AgentInboxMessage.safeParse(line.payload);
        if (!parsed.success) return;
        const { agent_id, seq, from, message, interrupt } = parsed.data;
        highestSeq = Math.max(highestSeq, seq);
        queued.set(seq, { agentId: agent_id, message: { seq, from, text: message, interrupt } });
        return;
      }
      case "agent_inbox_taken": {
        const parsed = AgentInboxTaken.safeParse(line.payload);
        if (!parsed.success) return;
        const { agent_id, seqs, via, rollout_offset } = parsed.data;
        if (agent_id === 0) {
          if (handedOver(lines, index + 1, via)) for (const seq of seqs) taken.add(seq);
          return;
        }
        for (const seq of seqs) taken.add(seq);
        lastTakes.set(agent_id, { seqs, via, offset: rollout_offset ?? 0 });
        return;
      }
      default:
        return;
    }
  });
  // A child whose parent was detached (its cancellation was cut short by a crash) goes with it.
  const agents = [...attached.values()].filter((a) => isAttached(a, attached));
  const inboxes = new Map<number, RebuiltInbox>();
  const inboxOf = (agentId: number): RebuiltInbox | undefined => {
    if (agentId !== 0 && !agents.some((a) => a.agent_id === agentId)) return undefined;
    let inbox = inboxes.get(agentId);
    if (!inbox) inboxes.set(agentId, (inbox = { pending: [] }));
    return inbox;
  };
  for (const [seq, { agentId, message }] of [...queued].sort(([a], [b]) => a - b)) {
    if (!taken.has(seq)) inboxOf(agentId)?.pending.push(message);
  }
  for (const [agentId, take] of lastTakes) {
    const messages = take.seqs.flatMap((seq) => {
      const entry = queued.get(seq);
      return entry?.agentId === agentId ? [entry.message] : [];
    });
    const inbox = messages.length > 0 ? inboxOf(agentId) : undefined;
    if (inbox) inbox.lastTake = { messages, via: take.via, rolloutOffset: take.offset };
  }
  return {
    agents: agents.map((a) => ({
      ...a,
      status: a.status === "running" || a.status === "waiting" ? "idle" : a.status,
      ...countsOf(inboxes.get(a.agent_id)?.pending ?? []),
    })),
    nextAgentId: highestId + 1,
    inboxes,
    nextMessageSeq: highestSeq + 1,
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
