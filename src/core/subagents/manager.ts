// The subagent tree of one root thread (agent 0). Children are full engines of their own that run
// concurrently with the root; the manager spawns them, passes messages between them, tells the root's
// client how each one is doing (subagent_lifecycle, agent_inbox), lets their approval requests reach that
// client and routes the answers back. One manager serves the whole tree: a child's own subagent tools act
// through it as that child, so every event and every approval ends up at the root.
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import type { RolloutLine } from "../../rollout/lines.js";
import type { Config } from "../../config/load.js";
import type { Event, KnownEventMsg, SubagentSummary } from "../../protocol/core-protocol.js";
import { SubagentTurnEvent } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import type {
  AgentJobs,
  AgentScope,
  CallerTurn,
  RoleListing,
  SendResult,
  SpawnRequest,
  SpawnResult,
} from "./agent-scope.js";
import { SubagentError } from "./agent-scope.js";
import { awaitChildren } from "./await-children.js";
import type { InboxMessage } from "./inbox.js";
import { Mailroom } from "./mailroom.js";
import { spawnRefusal, subagentSettings, type SubagentLimits } from "./limits.js";
import type { RebuiltSubagentTree } from "./rebuild-tree.js";
import { readLogs } from "./read-logs.js";
import type { ChildEngines, StartedChild } from "./child-engine.js";
import { startChild, type StartChildOptions } from "./start-child.js";
import { roleListings } from "./roles.js";
import { resumeChild } from "./resume-child.js";
import { spawnSettings } from "./spawn-settings.js";
import type { SubagentNode } from "./subagent-node.js";
import { JobBoard } from "./job-board.js";
import { featureOn } from "../../config/features.js";
import { SubagentTree } from "./subagent-tree.js";
import { Wakeups } from "./wakeups.js";

/** The root thread, as its children need it. */
export interface RootThread {
  threadId: string;
  rolloutPath: string;
  /** Writes the root's buffered rollout lines, so a fork of its conversation is up to date. */
  flush?: () => Promise<void>;
  /** Its lines when it is ephemeral (no rollout file). */
  memoryLines?: () => readonly RolloutLine[] | undefined;
}

export interface SubagentManagerOptions {
  /** The root's config: every child inherits it (with its own model when asked). */
  config: Config;
  env: NodeJS.ProcessEnv;
  /** Makes the children's engines (the root's Codex hands it in). */
  engines: ChildEngines;
  /** The root's credential hooks, handed to every child. */
  auth?: ModelAuthHooks;
  /** A thread another engine of this process has open: a stopped child with that thread is not reopened. */
  threadOpenElsewhere?: (threadId: string) => boolean;
  /** The root thread once it is open (undefined before). */
  root: () => RootThread | undefined;
  /** Emits an event as the root session (recorded in its rollout when persisted, then sent to its client). */
  emit: (msg: KnownEventMsg) => void;
  /** On resume: the tree rebuilt from the root's rollout. */
  restored?: RebuiltSubagentTree;
  /** Overrides `[subagents] max_depth` / `max_agents` of the config. */
  limits?: Partial<SubagentLimits>;
}

export class SubagentManager {
  readonly limits: SubagentLimits;
  /** The roles of `[agents]` a spawn may name (undefined: none configured). */
  private readonly roles: RoleListing[] | undefined;
  private readonly tree: SubagentTree;
  private readonly wakeups = new Wakeups();
  /** The inboxes and their records in the root's rollout (mailroom.ts). */
  private readonly mail: Mailroom;
  private readonly resuming = new Map<number, Promise<void>>();
  private closed = false;
  /** `[features] enable_fanout`: the tree runs agent jobs over CSV files (undefined: off). */
  private readonly jobs: AgentJobs | undefined;

  constructor(private readonly options: SubagentManagerOptions) {
    const settings = subagentSettings(options.config);
    this.limits = {
      maxDepth: options.limits?.maxDepth ?? settings.maxDepth,
      maxAgents: options.limits?.maxAgents ?? settings.maxAgents,
      ...(options.limits?.maxDepth === undefined && settings.depthKey ? { depthKey: settings.depthKey } : {}),
      ...(options.limits?.maxAgents === undefined && settings.agentsKey
        ? { agentsKey: settings.agentsKey }
        : {}),
    };
    this.roles = options.config.agentRoles ? roleListings(options.config) : undefined;
    this.tree = SubagentTree.restore(options.restored, options.config.model);
    const agents = options.config.toml.agents;
    this.jobs = featureOn(options.config.toml, "enable_fanout")
      ? {
          board: new JobBoard(),
          ...(agents?.job_max_runtime_seconds !== undefined
            ? { maxRuntimeSeconds: agents.job_max_runtime_seconds }
            : {}),
          ...(agents?.max_threads !== undefined ? { maxThreads: agents.max_threads } : {}),
        }
      : undefined;
    this.mail = new Mailroom(
      this.tree,
      this.wakeups,
      () => options.root()?.threadId ?? "",
      options.emit,
      options.restored,
    );
  }

  /** The subagent tools' view of the tree as agent `agentId` (0: the root). */
  scope(agentId: number): AgentScope {
    const tree = this.tree;
    const root = this.options.root;
    return {
      agentId,
      ...(this.roles ? { roles: this.roles } : {}),
      ...(this.jobs ? { jobs: this.jobs } : {}),
      get sessionId() {
        return agentId === 0 ? (root()?.threadId ?? "") : (tree.find(agentId)?.sessionId ?? "");
      },
      describe: (id) => {
        const node = id === 0 ? undefined : tree.find(id);
        return node && { agent_id: node.id, session_id: node.sessionId, status: node.status };
      },
      spawn: (request, caller) => this.spawn(agentId, request, caller),
      send: (target, message, interrupt) => this.send(agentId, target, message, interrupt),
      await: (options) =>
        awaitChildren(
          {
            tree: this.tree,
            wakeups: this.wakeups,
            take: (id, predicate) => this.mail.take(id, "await", predicate),
          },
          agentId,
          options,
        ),
      logs: async (target, limit) => readLogs(this.tree.descendant(agentId, target), limit),
      cancel: (target) => this.cancel(agentId, target),
      list: () => this.tree.descendantsOf(agentId).map((node) => node.summary()),
    };
  }

  /** Every attached child, in creation order. */
  summaries(): SubagentSummary[] {
    return this.tree.all().map((node) => node.summary());
  }

  /**
   * Answers a child's approval request (the client answered the forwarded event); false if none waits. An
   * exec approval's amendment ("approve commands like this") goes with it: the child writes the rule.
   */
  resolveApproval(callId: string, decision: ReviewDecision, amendment?: string[]): boolean {
    const node = this.tree.all().find((n) => n.approvals.has(callId));
    const kind = node?.approvals.get(callId);
    if (!node?.engine || !kind) return false;
    node.engine.answerApproval(kind, callId, decision, kind === "exec" ? amendment : undefined);
    if (node.approvalAnswered(callId)) this.announce(node);
    return true;
  }

  /** The root was interrupted: every running child stops too (their inboxes wait for the next message). */
  interruptAll(): number {
    let interrupted = 0;
    for (const node of this.tree.all()) {
      if (!node.engine || !node.taskRunning) continue;
      node.halted = true;
      node.engine.interrupt();
      interrupted++;
    }
    return interrupted;
  }

  /** Shutdown: closes every child engine (running turns end as interrupted). Children stay in the tree. */
  async closeAll(): Promise<void> {
    this.closed = true;
    this.wakeups.wakeAll();
    await Promise.all([...this.resuming.values()].map((p) => p.catch(() => undefined)));
    await Promise.all(this.tree.all().map((node) => this.closeEngine(node)));
  }

  private async spawn(callerId: number, request: SpawnRequest, caller: CallerTurn): Promise<SpawnResult> {
    if (this.closed) throw new SubagentError("cannot spawn: the session is shutting down");
    const parent = callerId === 0 ? undefined : this.tree.get(callerId);
    const depth = (parent?.depth ?? 0) + 1;
    const refusal = spawnRefusal(callerId, depth, this.tree.size, this.limits);
    if (refusal) throw new SubagentError(refusal);
    const root = this.rootThread();
    const parentThread: RootThread = parent
      ? { threadId: parent.sessionId, rolloutPath: parent.rolloutPath, memoryLines: () => parent.memoryLines }
      : root;
    const settings = spawnSettings(
      this.options.config,
      this.options.env,
      request,
      caller,
      parent?.model,
      this.tree.all().map((n) => n.name),
    );
    const kind = request.forkContext ? "fork" : "spawn";
    const node = this.tree.add(callerId, depth, settings.name, kind, settings.model);
    node.agentType = settings.agentType;
    try {
      const started = await this.startEngine(node, {
        ...(settings.rootConfig ? { rootConfig: settings.rootConfig } : {}),
        model: settings.model,
        parentThreadId: parentThread.threadId,
        configure: settings.configure,
        ...(request.forkContext
          ? {
              fork: {
                parentRolloutPath: parentThread.rolloutPath,
                ...(parentThread.memoryLines ? { parentLines: parentThread.memoryLines } : {}),
                ...(caller.callId ? { spawnCallId: caller.callId } : {}),
                ...(!parent && root.flush ? { flush: root.flush } : {}),
              },
            }
          : {}),
      });
      node.engine = started.engine;
      node.sessionId = started.sessionId;
      node.rolloutPath = started.rolloutPath;
    } catch (err) {
      this.tree.remove(node.id, false);
      throw new SubagentError(`cannot spawn: ${(err as Error).message}`);
    }
    if (this.closed || caller.signal?.aborted) {
      this.tree.remove(node.id, false);
      await this.closeEngine(node);
      throw new SubagentError(
        this.closed
          ? "cannot spawn: the session is shutting down"
          : "spawn aborted: the turn was interrupted",
      );
    }
    this.announce(node);
    node.startTurn([request.task]);
    return { agentId: node.id, sessionId: node.sessionId };
  }

  private async send(
    callerId: number,
    targetId: number,
    text: string,
    interrupt: boolean,
  ): Promise<SendResult> {
    const caller = callerId === 0 ? undefined : this.tree.get(callerId);
    if (caller && targetId === caller.parentId) {
      if (interrupt) throw new SubagentError("interrupt only applies to your own children");
      this.post(targetId, { from: callerId, text, interrupt: false });
      return { delivery: "posted" };
    }
    const node = this.tree.child(callerId, targetId);
    if (!node.engine) await this.resume(node);
    node.halted = false;
    const busy = node.taskRunning;
    // An idle child gets a regular message as its next turn right away (post delivers it).
    this.post(targetId, { from: callerId, text, interrupt });
    if (interrupt) {
      this.deliver(node);
      return { delivery: busy ? "interrupted" : "started" };
    }
    if (busy) return { delivery: "queued", pendingMessages: node.inbox.counts.pending_messages };
    return { delivery: "started" };
  }

  private async cancel(callerId: number, targetId: number): Promise<SubagentSummary[]> {
    const target = this.tree.descendant(callerId, targetId);
    // Deepest first, so no child outlives its parent even for a moment.
    const doomed = [...this.tree.descendantsOf(target.id).reverse(), target];
    for (const node of doomed) {
      this.tree.remove(node.id);
      node.setStatus("cancelled");
      this.announce(node);
      this.wakeups.wake(node.parentId);
    }
    await Promise.all(doomed.map((node) => this.closeEngine(node)));
    return doomed.map((node) => node.summary());
  }

  /** A stopped child (known from the rollout of a previous run) gets its engine back. */
  private resume(node: SubagentNode): Promise<void> {
    let pending = this.resuming.get(node.id);
    if (!pending) {
      pending = resumeChild(
        {
          config: this.options.config,
          env: this.options.env,
          closed: () => this.closed,
          ...(this.options.threadOpenElsewhere
            ? { threadOpenElsewhere: this.options.threadOpenElsewhere }
            : {}),
          parentOf: (child) => (child.parentId === 0 ? undefined : this.tree.get(child.parentId)),
          rootThreadId: () => this.rootThread().threadId,
          startEngine: (child, start) => this.startEngine(child, start),
          inboxChanged: (agentId) => this.mail.changed(agentId),
        },
        node,
      ).finally(() => this.resuming.delete(node.id));
      this.resuming.set(node.id, pending);
    }
    return pending;
  }

  private onChildEvent(node: SubagentNode, event: Event): void {
    // A cancelled child's last words (its turn aborting as it closes) change nothing.
    if (node.status === "cancelled") return;
    const forwarded = SubagentTurnEvent.safeParse(event.msg);
    if (forwarded.success) {
      this.options.emit({
        type: "subagent_event",
        agent_id: node.id,
        session_id: node.sessionId,
        event: forwarded.data,
      });
    }
    const effect = node.apply(event);
    if (effect.changed) this.announce(node);
    if (effect.approval) {
      this.options.emit({ ...effect.approval, agent_id: node.id, turn_id: node.turnId ?? null });
    }
    if (effect.approvedCall) this.options.emit({ ...effect.approvedCall, agent_id: node.id });
    if (effect.turnEnded) this.wakeups.wake(node.parentId);
    if ((effect.turnEnded || effect.inputRecorded) && !node.halted && !this.closed) this.deliver(node);
  }

  /** Posts to an agent's inbox (mailroom.ts); an idle child that can take it gets it as its next turn. */
  private post(agentId: number, message: Omit<InboxMessage, "seq">): void {
    this.mail.post(agentId, message);
    const node = agentId === 0 ? undefined : this.tree.get(agentId);
    if (node && !message.interrupt && !node.taskRunning && !node.halted && node.engine) this.deliver(node);
  }

  /**
   * Starts the child's next turn with everything in its inbox (an interrupt replaces its running turn). Not
   * while the input of the turn it was last given is unrecorded: that comes first (see SubagentNode).
   */
  private deliver(node: SubagentNode): void {
    if (!node.engine || node.inputUnrecorded || (node.taskRunning && !node.inbox.hasInterrupt)) return;
    const messages = this.mail.take(node.id, "turn");
    if (messages.length === 0) return;
    node.startTurn(messages.map((m) => labelled(node, m)));
  }

  private announce(node: SubagentNode): void {
    this.options.emit({ type: "subagent_lifecycle", summary: node.summary() });
  }

  /** Starts the engine of `node`'s thread: what every start shares, plus this start's settings. */
  private startEngine(
    node: SubagentNode,
    start: Pick<StartChildOptions, "model" | "parentThreadId" | "configure" | "fork" | "resumeLines"> & {
      rootConfig?: Config;
    },
  ): Promise<StartedChild> {
    const started = startChild({
      rootConfig: this.options.config,
      env: this.options.env,
      engines: this.options.engines,
      ...(this.options.auth ? { auth: this.options.auth } : {}),
      identity: this.identity(node),
      scope: this.scope(node.id),
      onEvent: (event) => this.onChildEvent(node, event),
      ...start,
    });
    // An ephemeral child's lines live in its engine only: kept reachable for a fork or a resume after it closed.
    return started.then((child) => {
      node.memoryLines = child.engine.threadLines();
      return child;
    });
  }

  private identity(node: SubagentNode) {
    return {
      agentId: node.id,
      parentAgentId: node.parentId,
      ...(node.name ? { name: node.name } : {}),
      maySpawn: node.depth < this.limits.maxDepth,
    };
  }

  private rootThread(): RootThread {
    const root = this.options.root();
    if (!root) throw new SubagentError("the root thread is not open yet");
    return root;
  }

  private async closeEngine(node: SubagentNode): Promise<void> {
    const engine = node.engine;
    node.engine = undefined;
    node.inputUnrecorded = false;
    await engine?.close();
  }
}

/** Messages from the parent read as plain input; others say who sent them. */
function labelled(node: SubagentNode, message: InboxMessage): string {
  return message.from === node.parentId
    ? message.text
    : `Message from subagent ${message.from}:\n${message.text}`;
}
