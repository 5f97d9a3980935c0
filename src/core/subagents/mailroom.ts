// The tree's inboxes (the root's and each child's) and what their changes record in the root's rollout:
// a message posted (`agent_inbox_message`, numbered once for the whole tree), messages taken
// (`agent_inbox_taken`, with the subagent's rollout size, see handover.ts), and the counts after either
// (`agent_inbox`). Whether a child then starts a turn is the manager's call.
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import { SubagentError } from "./agent-scope.js";
import type { TakenVia } from "./handover.js";
import { AgentInbox, type InboxMessage } from "./inbox.js";
import type { RebuiltSubagentTree } from "./rebuild-tree.js";
import { rolloutSize } from "./rollout-size.js";
import type { SubagentTree } from "./subagent-tree.js";
import type { Wakeups } from "./wakeups.js";

export class Mailroom {
  private readonly rootInbox = new AgentInbox();
  /** The number the next inbox message gets (see inbox.ts). */
  private nextMessageSeq: number;

  constructor(
    private readonly tree: SubagentTree,
    private readonly wakeups: Wakeups,
    /** The root thread's id (empty before it is open). */
    private readonly rootThreadId: () => string,
    /** Emits as the root session (recorded in its rollout). */
    private readonly emit: (msg: KnownEventMsg) => void,
    restored: RebuiltSubagentTree | undefined,
  ) {
    this.nextMessageSeq = restored?.nextMessageSeq ?? 1;
    for (const [agentId, inbox] of restored?.inboxes ?? []) {
      const node = agentId === 0 ? undefined : tree.find(agentId);
      if (agentId !== 0 && !node) continue;
      (node?.inbox ?? this.rootInbox).restore(inbox.pending);
      if (node) node.lastTake = inbox.lastTake;
    }
  }

  /**
   * Puts a message in an agent's inbox and wakes it if it waits. The message is recorded in the root's
   * rollout first thing, so a resume still has it if it was not taken.
   */
  post(agentId: number, message: Omit<InboxMessage, "seq">): void {
    const inbox = this.inboxOf(agentId);
    const seq = this.nextMessageSeq;
    if (!inbox.push({ ...message, seq })) {
      throw new SubagentError(`agent ${agentId} has too many unread messages; wait for it to catch up`);
    }
    this.nextMessageSeq++;
    this.emit({
      type: "agent_inbox_message",
      agent_id: agentId,
      seq,
      from: message.from,
      message: message.text,
      interrupt: message.interrupt,
    });
    this.changed(agentId);
    this.wakeups.wake(agentId);
  }

  /**
   * Takes messages out of an agent's inbox, recording it in the root's rollout before they are handed over:
   * with a subagent's rollout size, so a resume can tell whether the subagent recorded them (handover.ts).
   */
  take(
    agentId: number,
    via: TakenVia,
    predicate: (message: InboxMessage) => boolean = () => true,
  ): InboxMessage[] {
    const messages = this.inboxOf(agentId).take(predicate);
    if (messages.length === 0) return messages;
    const node = agentId === 0 ? undefined : this.tree.get(agentId);
    this.emit({
      type: "agent_inbox_taken",
      agent_id: agentId,
      seqs: messages.map((m) => m.seq),
      via,
      ...(node ? { rollout_offset: rolloutSize(node.rolloutPath) } : {}),
    });
    this.changed(agentId);
    return messages;
  }

  /** Tells the root's client an agent's inbox counts (after a change made elsewhere too: a restore). */
  changed(agentId: number): void {
    const sessionId = agentId === 0 ? this.rootThreadId() : this.tree.get(agentId).sessionId;
    this.emit({
      type: "agent_inbox",
      agent_id: agentId,
      session_id: sessionId,
      ...this.inboxOf(agentId).counts,
    });
  }

  private inboxOf(agentId: number): AgentInbox {
    return agentId === 0 ? this.rootInbox : this.tree.get(agentId).inbox;
  }
}
