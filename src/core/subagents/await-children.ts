// `subagent_await`: waits until a child of the caller (one, or any) ends a turn or a message reaches the
// caller, up to a deadline. What was already there is returned at once; nothing is waited for when no
// awaited child is working.
import type { AwaitOutcome, AwaitResult } from "./agent-scope.js";
import type { AgentInbox, InboxMessage } from "./inbox.js";
import type { SubagentTree } from "./subagent-tree.js";
import type { Wakeups } from "./wakeups.js";

export interface AwaitHost {
  tree: SubagentTree;
  wakeups: Wakeups;
  inboxOf: (agentId: number) => AgentInbox;
  inboxChanged: (agentId: number) => void;
}

export async function awaitChildren(
  host: AwaitHost,
  callerId: number,
  options: { agentId?: number; timeoutMs: number; signal: AbortSignal },
): Promise<AwaitResult> {
  const { agentId } = options;
  // Checked up front, so a wrong id is an error rather than a long wait.
  if (agentId !== undefined) host.tree.child(callerId, agentId);
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
      outcomes.push({ agentId: node.id, name: node.name ?? null, ...node.outcome });
      node.outcome = undefined;
    }
    const inbox = host.inboxOf(callerId);
    const messages = inbox.take(wanted).map((m) => ({ from: m.from, text: m.text }));
    if (messages.length > 0) host.inboxChanged(callerId);
    const running = awaited.filter((node) => node.taskRunning || node.isActive).map((node) => node.id);
    if (outcomes.length > 0 || messages.length > 0) return { reason: "ready", outcomes, messages, running };
    // The awaited child was cancelled while we waited.
    if (agentId !== undefined && awaited.length === 0) {
      return {
        reason: "ready",
        outcomes: [{ agentId, name: null, status: "cancelled", message: null }],
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
