// Starting a child's engine: a new thread, a fork of its parent's conversation, or (after a restart) its
// own thread resumed from its rollout.
import type { ModelAuthHooks } from "../../auth/model-auth.js";
import type { Config } from "../../config/load.js";
import type { Event, OpOf } from "../../protocol/core-protocol.js";
import type { AgentScope } from "./agent-scope.js";
import { ChildEngine, type ChildEngines, type StartedChild } from "./child-engine.js";
import { childConfig, forkNote, type ChildIdentity } from "./child-setup.js";
import { prepareForkSource } from "./fork-source.js";
import type { RolloutLine } from "../../rollout/lines.js";

export interface StartChildOptions {
  rootConfig: Config;
  env: NodeJS.ProcessEnv;
  auth?: ModelAuthHooks;
  engines: ChildEngines;
  identity: ChildIdentity;
  model: string;
  parentThreadId: string;
  /** The subagent tools of the child act as this agent. */
  scope: AgentScope;
  /** The thread's settings (cwd, policies) and, to resume, `resume_path`. */
  configure: Omit<OpOf<"configure_session">, "type">;
  /** To resume a thread that has no file (an ephemeral run's): its lines. */
  resumeLines?: readonly RolloutLine[];
  /** Fork the parent's conversation (new threads and resumes leave it out). */
  fork?: {
    parentRolloutPath: string;
    /** The parent's lines when its thread is ephemeral (no file). */
    parentLines?: () => readonly RolloutLine[] | undefined;
    spawnCallId?: string;
    flush?: () => Promise<void>;
  };
  onEvent: (event: Event) => void;
}

export async function startChild(options: StartChildOptions): Promise<StartedChild> {
  const config = childConfig(options.rootConfig, options.model, options.identity, options.parentThreadId);
  const fork = options.fork
    ? await prepareForkSource({
        parentRolloutPath: options.fork.parentRolloutPath,
        ...(options.fork.parentLines ? { parentLines: options.fork.parentLines } : {}),
        forkNote: forkNote(options.identity),
        ...(options.fork.spawnCallId ? { spawnCallId: options.fork.spawnCallId } : {}),
        ...(options.fork.flush ? { flush: options.fork.flush } : {}),
      })
    : undefined;
  const threadLines = fork ?? options.resumeLines;
  return ChildEngine.start({
    config,
    env: options.env,
    ...(options.auth ? { auth: options.auth } : {}),
    tools: options.engines.toolSet(config, options.scope),
    engines: options.engines,
    configure: {
      type: "configure_session",
      ...options.configure,
      model: options.model,
      // The path names the parent; the lines (its own, each call closed) are what the child forks from.
      ...(fork ? { fork_from: { path: options.fork?.parentRolloutPath ?? "" } } : {}),
    },
    ...(threadLines ? { threadLines } : {}),
    onEvent: options.onEvent,
  });
}
