// Codex: the engine behind every surface. Callers push Submissions onto the Submission Queue and read Events
// from the Event Queue; nothing here knows about JSON-RPC, terminals or stdout.
import type { ReplayedTurn } from "../rollout/replay.js";
import type { RolloutLine } from "../rollout/lines.js";
import type { Config } from "../config/load.js";
import type { Event, KnownEventMsg, Op, OpOf, Submission } from "../protocol/core-protocol.js";
import type { ModelAuthHooks } from "../auth/model-auth.js";
import { originator } from "../auth/originator.js";
import type { EngineParts } from "./engine-parts.js";
import type { ToolRegistry } from "./tool-api/registry.js";
import type { ClientIo } from "./tool-api/client-io.js";
import type { SessionMcp, SessionMcpOptions } from "./mcp-api/session-mcp.js";
import type { ConnectorInfo, McpServerStatus } from "./mcp-api/types.js";
import { AsyncQueue } from "./async-queue.js";
import { openThread, ThreadOpenError, type ThreadSeed } from "./open-thread.js";
import { threadOrigin } from "./thread-origin.js";
import { Session } from "./session.js";
import { SubagentManager, subagentSettings, type ChildEngines } from "./subagents/index.js";
import { SkillsManager } from "../skills/skills-manager.js";
import { isAbsolute, resolve } from "node:path";
import { loadPolicy } from "../execpolicy/load.js";
import { Policy } from "../execpolicy/policy.js";
import { RulesSyntaxError } from "../execpolicy/starlark.js";
import type { HookSource } from "./hooks/hook-source.js";

export interface CodexOptions {
  config: Config;
  /** The tools and MCP servers, from the layers above core (src/engine/create-codex.ts). */
  parts: EngineParts;
  env?: NodeJS.ProcessEnv;
  tools?: ToolRegistry;
  /** False when no user can answer questions (exec). Default true. */
  interactive?: boolean;
  /** Credentials handed in by a surface, and a refresh on 401 (app-server external tokens). */
  auth?: ModelAuthHooks;
  /** What started the thread, recorded in its session_meta: "cli", "exec", "vscode", "mcp", ... */
  source?: string;
  /** Skills per cwd, to share across engines (one per engine when absent). */
  skills?: SkillsManager;
  /** File and terminal access the client offers the root thread's tools (ACP editors). */
  clientIo?: ClientIo;
  /** Whether another engine of this process has a thread open (a stopped subagent is not reopened then). */
  threadOpenElsewhere?: (threadId: string) => boolean;
  /** Hook sources beyond the config layers' (installed plugins; see core/hooks/hook-source.ts). */
  hookSources?: readonly HookSource[];
  /**
   * The lines of the thread the first configure op forks (`fork_from`, whose path then only names it), or
   * else resumes: already in memory, so no file is read (a subagent's fork of its parent; a stopped subagent
   * of an `--ephemeral` run, which has no file).
   */
  threadLines?: readonly RolloutLine[];
}

export class Codex implements AsyncIterable<Event> {
  private readonly sq = new AsyncQueue<Submission>();
  private readonly eq = new AsyncQueue<Event>();
  private session: Session | undefined;
  private counter = 0;
  private readonly idleWaiters = new Map<string, () => void>();
  private readonly loop: Promise<void>;
  private subagents: SubagentManager | undefined;
  private sessionForSubagents: Session | undefined;
  /** The open thread's lines when it is ephemeral (no file): a fork of it or a resume reads them here. */
  private ephemeralLines: (() => readonly RolloutLine[] | undefined) | undefined;
  private readonly skills: SkillsManager;

  constructor(private readonly options: CodexOptions) {
    this.skills = options.skills ?? SkillsManager.forConfig(options.config);
    this.loop = this.processSubmissions();
  }

  /** The open thread's lines when it is ephemeral (it has no rollout file); undefined otherwise. */
  threadLines(): readonly RolloutLine[] | undefined {
    return this.ephemeralLines?.();
  }

  /** Queues an op; returns the submission id its events will carry. */
  submit(op: Op): string {
    const id = `sub-${++this.counter}`;
    this.sq.push({ id, op });
    return id;
  }

  /** Queues a submission whose id the caller chose (already validated by the surface that read it). */
  submitWithId(submission: Submission): void {
    this.sq.push(submission);
  }

  /** Emits an event from outside the engine (a surface reporting bad input in order with the rest). */
  report(id: string, msg: KnownEventMsg): void {
    this.emit(id, msg);
  }

  nextEvent(): Promise<Event | undefined> {
    return this.eq.next().then((r) => (r.done ? undefined : r.value));
  }

  [Symbol.asyncIterator](): AsyncIterator<Event> {
    return this.eq[Symbol.asyncIterator]();
  }

  /** Resolves once every queued submission is handled and no task runs. */
  async idle(): Promise<void> {
    const marker = `idle-${++this.counter}`;
    await new Promise<void>((resolve) => {
      this.idleWaiters.set(marker, resolve);
      this.sq.push({ id: marker, op: { type: "override_turn_context" } });
    });
    await this.session?.idle();
  }

  get threadId(): string | undefined {
    return this.session?.threadId;
  }

  /** See Session.prepareIndex; nothing before configure_session. */
  prepareIndex(): void {
    this.session?.prepareIndex();
  }

  /**
   * The earlier turns of the thread this engine resumed or forked, as typed items from its rollout (read
   * once, when the thread opened), for an in-process client that shows them. Empty before configure_session.
   */
  get replayedTurns(): readonly ReplayedTurn[] {
    return this.session?.replayedTurns ?? [];
  }

  /**
   * MCP servers of the session: state (starting, ready, failed with the reason) and tools. Empty before
   * configure_session. Each change is also announced by an `mcp_startup_update` event.
   */
  mcpServerStatuses(): McpServerStatus[] {
    return this.session?.mcpServerStatuses() ?? [];
  }

  /** See Session.reloadMcp: the MCP servers brought in line with a freshly loaded config. */
  reloadMcpServers(config: SessionMcpOptions["config"]): void {
    this.session?.reloadMcp(config);
  }

  /** The session's MCP servers, for direct tool calls and resource reads (none before configure_session). */
  get mcpServers(): SessionMcp | undefined {
    return this.session?.mcpServers;
  }

  /** Connectors of the connector directory (`[connectors] url`) with their tools, once its gateway is ready. */
  connectors(): ConnectorInfo[] {
    return this.session?.connectors() ?? [];
  }

  /** Stops taking submissions and waits for the engine to wind down. */
  async close(): Promise<void> {
    if (!this.sq.isClosed) this.sq.push({ id: `sub-${++this.counter}`, op: { type: "shutdown" } });
    await this.loop;
  }

  private async openSession(id: string, op: OpOf<"configure_session">): Promise<Session | undefined> {
    const env = this.options.env ?? process.env;
    const who = { originator: originator(env), source: this.options.source ?? "cli" };
    let rules;
    try {
      // Before the thread opens, so a bad rules file leaves nothing half-written.
      const { codexHome, cwd, layers, ignoreRules, projectTrust } = this.options.config;
      // `--ignore-rules`: no file is read, so commands meet only the built-in checks.
      rules = ignoreRules ? new Policy([]) : loadPolicy(codexHome, cwd, layers, projectTrust);
    } catch (err) {
      if (err instanceof RulesSyntaxError) {
        this.emit(id, { type: "error", message: `bad command rules: ${err.message}` });
        return undefined;
      }
      throw err;
    }
    let seed;
    try {
      seed = await openThread(
        this.options.config,
        {
          ...threadOrigin(op, this.options.threadLines),
        },
        who,
        (message) => this.emit(id, { type: "warning", message }),
      );
    } catch (err) {
      if (err instanceof ThreadOpenError) {
        this.emit(id, { type: "error", message: err.message });
        return undefined;
      }
      throw err;
    }
    const baseTools = this.options.tools
      ? { registry: this.options.tools, close: () => Promise.resolve() }
      : this.options.parts.buildToolSet(this.options.config);
    const opened = seed;
    this.ephemeralLines = () => opened.rollout.memoryLines;
    const subagents = this.rootSubagents(id, env, seed);
    const session = new Session({
      config: this.options.config,
      env,
      tools: subagents
        ? this.options.parts.withSubagentTools(baseTools, subagents.scope(0), () => subagents.closeAll())
        : baseTools,
      originator: who.originator,
      source: who.source,
      emit: (event) => this.eq.push(event),
      interactive: this.options.interactive ?? true,
      seed,
      skills: this.skills,
      rules,
      openSessionMcp: this.options.parts.openSessionMcp,
      ...(this.options.clientIo ? { clientIo: this.options.clientIo } : {}),
      ...(this.options.auth ? { auth: this.options.auth } : {}),
      // Subagents have no roles of their own here: every one is of the "default" type for hook matchers.
      ...(this.options.source === "subagent" ? { subagent: { agentType: "default" } } : {}),
      ...(this.options.hookSources ? { hookSources: this.options.hookSources } : {}),
      ...(op.session_start_source === "clear" ? { clearedSession: true } : {}),
    });
    this.subagents = subagents;
    this.sessionForSubagents = session;
    return session;
  }

  /**
   * The subagent tree of a root thread, when `[subagents] enabled`. Children are engines of their own
   * (source "subagent") and never get a manager: the root's serves the whole tree.
   */
  private rootSubagents(id: string, env: NodeJS.ProcessEnv, seed: ThreadSeed): SubagentManager | undefined {
    if (this.options.source === "subagent") return undefined;
    const settings = subagentSettings(this.options.config);
    if (settings.problem) this.emit(id, { type: "warning", message: settings.problem });
    if (!settings.enabled) return undefined;
    return new SubagentManager({
      config: this.options.config,
      env,
      engines: childEngines(this.options.parts),
      ...(this.options.auth ? { auth: this.options.auth } : {}),
      ...(this.options.threadOpenElsewhere ? { threadOpenElsewhere: this.options.threadOpenElsewhere } : {}),
      root: () => ({
        threadId: seed.id,
        rolloutPath: seed.rollout.path,
        flush: () => seed.rollout.flush(),
        memoryLines: () => seed.rollout.memoryLines,
      }),
      // Children's events reach the root's client and rollout as the root session's own.
      emit: (msg) => this.sessionForSubagents?.emitOutOfTask(msg),
      ...(seed.subagentTree ? { restored: seed.subagentTree } : {}),
    });
  }

  private emit(id: string, msg: KnownEventMsg): void {
    this.eq.push({ id, msg });
  }

  private async processSubmissions(): Promise<void> {
    for await (const sub of this.sq) {
      try {
        const stop = await this.handle(sub);
        if (stop) break;
      } catch (err) {
        this.emit(sub.id, { type: "error", message: (err as Error).message });
      }
    }
    this.sq.close();
    this.eq.close();
  }

  /** Returns true when the engine should stop. */
  private async handle({ id, op }: Submission): Promise<boolean> {
    const idleWaiter = this.idleWaiters.get(id);
    if (idleWaiter) {
      this.idleWaiters.delete(id);
      idleWaiter();
      return false;
    }
    if (op.type === "shutdown") {
      await this.session?.shutdown();
      this.emit(id, { type: "shutdown_complete" });
      return true;
    }
    if (op.type === "configure_session") {
      if (!this.session) {
        const opened = await this.openSession(id, op);
        if (!opened) return false;
        this.session = opened;
      } else if (op.resume_path || op.fork_from) {
        this.emit(id, {
          type: "error",
          message: "configure_session: resume_path and fork_from apply to a new session only",
        });
        return false;
      }
      await this.session.configure(id, op);
      return false;
    }
    if (op.type === "list_skills") {
      this.listSkills(id, op);
      return false;
    }
    const session = this.session;
    if (!session) {
      this.emit(id, { type: "error", message: `no session: send configure_session before ${op.type}` });
      return false;
    }
    switch (op.type) {
      case "user_turn":
      case "user_input":
        await session.startTask(id, op);
        break;
      case "interrupt": {
        const stopped = session.interrupt();
        const children = this.subagents?.interruptAll() ?? 0;
        if (!stopped && children === 0)
          this.emit(id, { type: "warning", message: "interrupt: no task is running" });
        break;
      }
      case "override_turn_context":
        session.overrideTurnContext(op);
        break;
      case "exec_approval": {
        const amendment =
          op.execpolicy_amendment?.length && op.decision === "approved" ? op.execpolicy_amendment : undefined;
        // Saved before the command runs, so the rule holds even if this turn is interrupted.
        if (amendment && session.hasPendingExec(op.id)) session.amendCommandRules(amendment, op.id);
        if (session.resolveExecApproval(op.id, op.decision)) break;
        // A subagent's request: the child writes the rule (as the root does for its own), and the root
        // follows it from now on too.
        if (this.subagents?.resolveApproval(op.id, op.decision, amendment)) {
          if (amendment) session.adoptCommandRule(amendment);
          break;
        }
        this.emit(id, { type: "error", message: `exec_approval: no pending approval with id '${op.id}'` });
        break;
      }
      case "patch_approval":
        if (
          !session.resolvePatchApproval(op.id, op.decision) &&
          !this.subagents?.resolveApproval(op.id, op.decision)
        ) {
          this.emit(id, { type: "error", message: `patch_approval: no pending approval with id '${op.id}'` });
        }
        break;
      case "user_input_answer":
        if (!session.resolveUserInput(op.id, op.response.answers)) {
          this.emit(id, {
            type: "error",
            message: `user_input_answer: no pending request with id '${op.id}'`,
          });
        }
        break;
      case "steer":
        if (!session.steer(op.items)) {
          this.emit(id, { type: "error", message: "steer: no turn is running; send user_turn to start one" });
        }
        break;
      case "thread_rollback":
        await session.rollback(id, op.num_turns);
        break;
      case "compact":
        await session.startCompaction(id);
        break;
      case "review":
        await session.startReview(id, op);
        break;
      case "run_user_shell_command":
        session.startUserShell(id, op);
        break;
      case "inject_items":
        session.injectItems(op.items);
        break;
    }
    return false;
  }

  /** Skills for each cwd asked (the session's cwd when none); needs no session. */
  private listSkills(id: string, op: OpOf<"list_skills">): void {
    const base = this.session?.cwd ?? this.options.config.cwd;
    const cwds =
      op.cwds.length > 0 ? op.cwds.map((cwd) => (isAbsolute(cwd) ? cwd : resolve(base, cwd))) : [base];
    this.emit(id, { type: "list_skills_response", skills: this.skills.list(cwds, op.force_reload) });
  }
}

/**
 * How the subagent tree makes its children's engines: Codex engines with the same parts. Handed in, so that
 * core/subagents does not import this file (which starts the tree).
 */
export function childEngines(parts: EngineParts): ChildEngines {
  return {
    create: (options) => new Codex({ ...options, parts }),
    toolSet: (config, scope) => parts.withSubagentTools(parts.buildToolSet(config), scope),
  };
}
