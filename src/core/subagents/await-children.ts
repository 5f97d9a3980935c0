// `subagent_await`: waits until a child of the caller (one, or any) ends a turn or a message reaches the
// caller, up to a deadline. What was already there is returned at once; nothing is waited for when no
// awaited child is working.
import type { AwaitOutcome, AwaitResult } from "./agent-scope.js";
import type { InboxMessage } from "./inbox.js";
import type { SubagentTree } from "./subagent-tree.js";
import type { Wakeups } from "./wakeups.js";

export interface AwaitHost {
  tree: SubagentTree;
  wakeups: Wakeups;
  /** Takes the matching messages out of an agent's inbox (recording that they were taken). */
  take: (agentId: number, predicate: (message: InboxMessage) => boolean) => InboxMessage[];
}

export async function awaitChildren(
  host: AwaitHost,
  callerId: number,
  options: { agentId?: number; timeoutMs: number; signal: AbortSignal; outcomesOnly?: boolean },
): Promise<AwaitResult> {
  const { agentId } = options;
  // Checked up front, so a wrong id is an error rather than a long wait.
  const target = agentId === undefined ? undefined : host.tree.child(callerId, agentId);
  const parentOfCaller = callerId === 0 ? undefined : host.tree.find(callerId)?.parentId;
  const wanted = (m: InboxMessage) =>
    agentId === undefined || m.from === agentId || m.from === parentOfCaller;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const awaited = host.tree
      .childrenOf(callerId)
      .filter((node) => agentId === undefined || node.id === agentId);
    const outcomes: AwaitOutcome[] = [];
    for (const node of awaited) {
      if (!node.outcome) continue;
      outcomes.push({
        agentId: node.id,
        sessionId: node.sessionId,
        name: node.name ?? null,
        ...node.outcome,
      });
      node.outcome = undefined;
    }
    // An agent job waits for its workers' turns only: messages stay for the agent's own subagent_await.
    const messages = options.outcomesOnly
      ? []
      : host.take(callerId, wanted).map((m) => ({ from: m.from, text: m.text }));
    const running = awaited.filter((node) => node.taskRunning || node.isActive).map((node) => node.id);
    if (outcomes.length > 0 || messages.length > 0) return { reason: "ready", outcomes, messages, running };
    // The awaited child was cancelled while we waited.
    if (agentId !== undefined && awaited.length === 0) {
      return {
        reason: "ready",
        outcomes: [
          { agentId, sessionId: target?.sessionId ?? "", name: null, status: "cancelled", message: null },
        ],
        messages: [],
        running: [],
      };
    }
    if (running.length === 0) return { reason: "nothing_running", outcomes, messages, running };
    const woke = await host.wakeups.sleep(callerId, deadline, options.signal);
    if (woke === "timeout" || woke === "aborted") {
      return { reason: woke === "timeout" ? "timeout" : "aborted", outcomes: [], messages: [], running };
    }
  }
}
