// The attached subagents and who is whose parent. Ids grow monotonically and are never reused; a cancelled
// child leaves the tree but is remembered, so a later call naming it gets a clear answer.
import { SubagentError } from "./agent-scope.js";
import type { RebuiltSubagentTree } from "./rebuild-tree.js";
import { SubagentNode } from "./subagent-node.js";

export class SubagentTree {
  private readonly nodes = new Map<number, SubagentNode>();
  private readonly cancelled = new Set<number>();

  private constructor(private nextId: number) {}

  /** An empty tree, or the one a resumed root had (its children stopped, resumable). */
  static restore(rebuilt: RebuiltSubagentTree | undefined, rootModel: string): SubagentTree {
    const tree = new SubagentTree(rebuilt?.nextAgentId ?? 1);
    for (const summary of rebuilt?.agents ?? []) {
      const parent = tree.nodes.get(summary.parent_agent_id);
      const node = new SubagentNode(
        summary.agent_id,
        summary.parent_agent_id,
        (parent?.depth ?? 0) + 1,
        summary.name ?? undefined,
        summary.origin ?? "spawn",
        summary.model ?? parent?.model ?? rootModel,
      );
      node.sessionId = summary.session_id;
      node.rolloutPath = summary.rollout_path ?? "";
      node.status = summary.status;
      node.reasoningHeader = summary.reasoning_header ?? undefined;
      node.agentType = summary.agent_type ?? undefined;
      tree.nodes.set(node.id, node);
    }
    return tree;
  }

  get size(): number {
    return this.nodes.size;
  }

  add(
    parentId: number,
    depth: number,
    name: string | undefined,
    origin: "spawn" | "fork",
    model: string,
  ): SubagentNode {
    const node = new SubagentNode(this.nextId++, parentId, depth, name, origin, model);
    this.nodes.set(node.id, node);
    return node;
  }

  /** Detaches a child; `cancelled` says whether it was cancelled (rather than never started). */
  remove(id: number, cancelled = true): void {
    if (this.nodes.delete(id) && cancelled) this.cancelled.add(id);
  }

  all(): SubagentNode[] {
    return [...this.nodes.values()];
  }

  find(id: number): SubagentNode | undefined {
    return this.nodes.get(id);
  }

  get(id: number): SubagentNode {
    const node = this.nodes.get(id);
    if (!node) throw new SubagentError(this.unknown(id));
    return node;
  }

  /** A direct child of `callerId`. */
  child(callerId: number, id: number): SubagentNode {
    const node = this.get(id);
    if (node.parentId !== callerId) {
      throw new SubagentError(
        `agent ${id} is not a child of agent ${callerId}; use the ids subagent_list shows`,
      );
    }
    return node;
  }

  /** A child of `callerId`, or a child of one of its children, and so on. */
  descendant(callerId: number, id: number): SubagentNode {
    const node = this.get(id);
    if (!this.isDescendant(node, callerId)) {
      throw new SubagentError(`agent ${id} is not below agent ${callerId}; use the ids subagent_list shows`);
    }
    return node;
  }

  /** Every agent below `agentId`, in creation order. */
  descendantsOf(agentId: number): SubagentNode[] {
    return this.all().filter((node) => this.isDescendant(node, agentId));
  }

  childrenOf(agentId: number): SubagentNode[] {
    return this.all().filter((node) => node.parentId === agentId);
  }

  private isDescendant(node: SubagentNode, ancestorId: number): boolean {
    for (let parent: number | undefined = node.parentId; parent !== undefined;) {
      if (parent === ancestorId) return true;
      parent = parent === 0 ? undefined : this.nodes.get(parent)?.parentId;
    }
    return false;
  }

  private unknown(id: number): string {
    if (this.cancelled.has(id)) return `agent ${id} was cancelled`;
    if (id === 0) return "agent 0 is the root thread, not a subagent";
    return `no subagent with id ${id}; use the ids subagent_list shows`;
  }
}
