// One subagent's engine: a full Codex of its own (its own session, rollout and tools), driven through the
// same queue pair as any surface drives one. Its events go to a listener; its thread opens at start.
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import type { Config } from "../../config/load.js";
import type { Event, Op, OpOf } from "../../protocol/core-protocol.js";
import type { ReviewDecision } from "../../protocol/policies.js";
import type { AgentScope } from "./agent-scope.js";
import type { ToolRegistry } from "../tool-api/registry.js";
import type { ToolSet } from "../tool-api/tool-set.js";
import type { RolloutLine } from "../../rollout/lines.js";

/** What a child's engine is asked for: a Codex's options, less the parts the root hands on itself. */
export interface ChildEngineSpec {
  config: Config;
  env: NodeJS.ProcessEnv;
  tools: ToolRegistry;
  auth?: ModelAuthHooks;
  source: string;
  interactive: boolean;
  /** The lines its thread forks or resumes from, already in memory (see CodexOptions.threadLines). */
  threadLines?: readonly RolloutLine[];
}

/** The queue pair of an engine, as a child is driven through it (a Codex). */
export interface Engine extends AsyncIterable<Event> {
  submit(op: Op): string;
  close(): Promise<void>;
  /** The thread's lines when it is ephemeral (no rollout file). */
  threadLines?(): readonly RolloutLine[] | undefined;
}

/**
 * How children's engines are made, handed in by the root's Codex: this file names no Codex (not even its
 * type), since codex.ts starts the subagent tree that starts children.
 */
export interface ChildEngines {
  /** A new engine with the root's parts. */
  create(options: ChildEngineSpec): Engine;
  /** A child's tools: the usual set plus the subagent tools acting as that child. */
  toolSet(config: Config, scope: AgentScope): ToolSet;
}

export interface ChildEngineOptions {
  /** The child's own config object (its thread's parent is noted against it, see thread-parent.ts). */
  config: Config;
  env: NodeJS.ProcessEnv;
  /** The root's credential hooks: a child's model requests are made as the same account. */
  auth?: ModelAuthHooks;
  tools: ToolSet;
  engines: ChildEngines;
  /** How its thread opens: new, resumed (`resume_path`) or forked (`fork_from`), with its settings. */
  configure: OpOf<"configure_session">;
  /** The lines its thread forks or resumes from, already in memory (no file read). */
  threadLines?: readonly RolloutLine[];
  /** Every event after the thread opened (and the warnings of its opening). */
  onEvent: (event: Event) => void;
}

export interface StartedChild {
  engine: ChildEngine;
  sessionId: string;
  rolloutPath: string;
}

export class ChildEngineError extends Error {}

export class ChildEngine {
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly codex: Engine,
    private readonly tools: ToolSet,
    private readonly pump: Promise<void>,
  ) {}

  /** Starts the engine and opens its thread; rejects (with the engine closed) if the thread cannot open. */
  static async start(options: ChildEngineOptions): Promise<StartedChild> {
    const codex = options.engines.create({
      config: options.config,
      env: options.env,
      tools: options.tools.registry,
      ...(options.auth ? { auth: options.auth } : {}),
      source: "subagent",
      // Nobody answers a child's questions directly; approvals still reach the user through the root.
      interactive: false,
      ...(options.threadLines ? { threadLines: options.threadLines } : {}),
    });
    let settle: { resolve: (e: Event) => void; reject: (err: Error) => void } | undefined;
    const configured = new Promise<Event>((resolve, reject) => (settle = { resolve, reject }));
    const configureId = codex.submit(options.configure);
    const pump = (async () => {
      for await (const event of codex) {
        if (settle && event.id === configureId) {
          if (event.msg.type === "session_configured") {
            settle.resolve(event);
            settle = undefined;
            continue;
          }
          if (event.msg.type === "error") {
            settle.reject(new ChildEngineError(event.msg.message));
            settle = undefined;
            continue;
          }
        }
        options.onEvent(event);
      }
      settle?.reject(new ChildEngineError("the subagent's engine stopped before its thread opened"));
    })();
    const engine = new ChildEngine(codex, options.tools, pump);
    let event: Event;
    try {
      event = await configured;
    } catch (err) {
      await engine.close();
      throw err;
    }
    const msg = event.msg as Extract<Event["msg"], { type: "session_configured" }>;
    return { engine, sessionId: msg.session_id, rolloutPath: msg.rollout_path ?? "" };
  }

  /** The child's lines when its thread is ephemeral (no rollout file); still there after it closed. */
  threadLines(): readonly RolloutLine[] | undefined {
    return this.codex.threadLines?.();
  }

  /** Starts a turn with these messages (a turn already running is replaced); returns its submission id. */
  startTurn(texts: readonly string[]): string {
    return this.codex.submit({ type: "user_turn", items: texts.map((text) => ({ type: "text", text })) });
  }

  interrupt(): void {
    this.codex.submit({ type: "interrupt" });
  }

  answerApproval(
    kind: "exec" | "patch",
    callId: string,
    decision: ReviewDecision,
    amendment?: string[],
  ): void {
    if (kind === "patch") this.codex.submit({ type: "patch_approval", id: callId, decision });
    else
      this.codex.submit({
        type: "exec_approval",
        id: callId,
        decision,
        ...(amendment ? { execpolicy_amendment: amendment } : {}),
      });
  }

  /** Shuts the engine down (a running turn is aborted, its processes killed) and releases its tools. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.codex.close();
      await this.pump;
      await this.tools.close();
    })();
    return this.closing;
  }
}
