// Subagents on the v2 wire. Each subagent tool call of this thread is a collabAgentToolCall item (the
// engine's, see item-projection.ts); every child in the tree is a thread of its own: thread/started when it
// appears, thread/status/changed as it works, thread/closed when cancelled, and thread/queue/changed when
// its inbox changes. Part of the mapper.
import type { EventMsgOf, SubagentStatus, SubagentSummary } from "../../protocol/core-protocol.js";
import type { ThreadStatus } from "../../protocol/app-server/v2/common.js";
import type { Thread } from "../../protocol/app-server/v2/thread.js";
import type { OutputBuffer } from "./mapper-output.js";

/** A child thread's status as a client sees threads. */
function threadStatus(status: SubagentStatus): ThreadStatus {
  if (status === "running") return { type: "active", activeFlags: [] };
  if (status === "waiting") return { type: "active", activeFlags: ["waitingOnApproval"] };
  return { type: "idle" };
}

export class SubagentItems {
  /** agent id -> its thread and depth; 0 is the root. */
  private readonly agents = new Map<number, { threadId: string; depth: number }>();
  private readonly statuses = new Map<number, SubagentStatus>();
  /** The task of a spawn under way, by caller: the new thread's preview. */
  private readonly spawnTasks = new Map<number, string>();

  constructor(
    private readonly out: OutputBuffer,
    rootThreadId: string,
    /** This (root) thread as the wire shows it: a child thread starts from its facts (cwd, provider). */
    private readonly rootThread: () => Thread,
  ) {
    this.agents.set(0, { threadId: rootThreadId, depth: 0 });
  }

  /** A subagent's thread (known once it appeared). */
  threadOf(agentId: number): string | undefined {
    return agentId === 0 ? undefined : this.agents.get(agentId)?.threadId;
  }

  /** A spawn under way: its task becomes the new thread's preview (the call's item is the engine's). */
  callBegin(msg: EventMsgOf<"subagent_tool_call_begin">): void {
    if (msg.tool === "spawn" && msg.prompt) this.spawnTasks.set(msg.sender_agent_id, msg.prompt);
  }

  /** The turn ended: no spawn of it is under way any more. */
  closeAll(): void {
    this.spawnTasks.clear();
  }

  lifecycle(msg: EventMsgOf<"subagent_lifecycle">): void {
    const s = msg.summary;
    const previous = this.statuses.get(s.agent_id);
    if (previous === s.status) return;
    this.statuses.set(s.agent_id, s.status);
    if (s.status === "cancelled") {
      this.out.notify({ method: "thread/closed", params: { threadId: s.session_id } });
      return;
    }
    if (previous === undefined) {
      this.out.notify({ method: "thread/started", params: { thread: this.childThread(s) } });
      return;
    }
    this.out.notify({
      method: "thread/status/changed",
      params: { threadId: s.session_id, status: threadStatus(s.status) },
    });
  }

  inbox(msg: EventMsgOf<"agent_inbox">): void {
    const threadId = msg.agent_id === 0 ? this.agents.get(0)?.threadId : msg.session_id;
    if (!threadId) return;
    this.out.notify({
      method: "thread/queue/changed",
      params: { threadId, pendingMessages: msg.pending_messages, pendingInterrupts: msg.pending_interrupts },
    });
  }

  private childThread(s: SubagentSummary): Thread {
    const parent = this.agents.get(s.parent_agent_id) ?? this.agents.get(0);
    const depth = (parent?.depth ?? 0) + 1;
    this.agents.set(s.agent_id, { threadId: s.session_id, depth });
    const root = this.rootThread();
    const now = Math.floor(this.out.now() / 1000);
    const parentThreadId = parent?.threadId ?? root.id;
    return {
      ...root,
      id: s.session_id,
      sessionId: root.sessionId,
      preview: this.spawnTasks.get(s.parent_agent_id) ?? "",
      ephemeral: false,
      model: s.model ?? root.model ?? null,
      createdAt: now,
      updatedAt: now,
      status: threadStatus(s.status),
      path: s.rollout_path ?? null,
      source: {
        subAgent: {
          thread_spawn: {
            parent_thread_id: parentThreadId,
            depth,
            agent_nickname: s.name ?? null,
            agent_role: s.agent_type ?? null,
            agent_path: null,
          },
        },
      },
      name: null,
      forkedFromId: null,
      parentThreadId,
      agentNickname: s.name ?? null,
      agentRole: s.agent_type ?? null,
      turns: [],
    };
  }
}
