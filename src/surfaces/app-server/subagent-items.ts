// The subagent tree as collabAgentToolCall items: a child's first subagent_lifecycle is its spawn
// (spawnAgent, from its parent's thread to its own), its cancellation a closeAgent. The engine emits no
// event for the subagent tools themselves, so send/await/logs/list calls are not shown. Part of the mapper.
import type { EventMsgOf, SubagentSummary } from "../../protocol/core-protocol.js";
import type { ThreadItemOf } from "../../protocol/app-server/v2/items.js";
import type { OutputBuffer } from "./mapper-output.js";

type CollabItem = ThreadItemOf<"collabAgentToolCall">;
type AgentState = CollabItem["agentsStates"][string]["status"];

const STATES: Record<SubagentSummary["status"], AgentState> = {
  running: "running",
  waiting: "running",
  idle: "interrupted",
  completed: "completed",
  failed: "errored",
  cancelled: "shutdown",
};

export class SubagentItems {
  /** agent id -> thread id; 0 is the root. */
  private readonly threads = new Map<number, string>();

  constructor(
    private readonly out: OutputBuffer,
    rootThreadId: string,
  ) {
    this.threads.set(0, rootThreadId);
  }

  lifecycle(msg: EventMsgOf<"subagent_lifecycle">): void {
    const s = msg.summary;
    const known = this.threads.has(s.agent_id);
    if (!known) this.threads.set(s.agent_id, s.session_id);
    if (!known) this.emit("spawnAgent", s);
    else if (s.status === "cancelled") this.emit("closeAgent", s);
  }

  private emit(tool: CollabItem["tool"], s: SubagentSummary): void {
    // A spawn or cancel belongs to a running turn; one seen outside a turn (a child's child while the root
    // is idle) is left out rather than shown under no turn.
    if (this.out.turnId === "") return;
    const item: CollabItem = {
      type: "collabAgentToolCall",
      id: `${tool === "spawnAgent" ? "spawn" : "close"}_agent_${s.agent_id}`,
      tool,
      status: "inProgress",
      senderThreadId: this.threads.get(s.parent_agent_id) ?? this.threads.get(0) ?? "",
      receiverThreadIds: [s.session_id],
      prompt: null,
      model: s.model ?? null,
      agentsStates: { [s.session_id]: { status: STATES[s.status], message: s.name ?? null } },
    };
    this.out.item("item/started", item);
    this.out.item("item/completed", { ...item, status: "completed" });
  }
}
