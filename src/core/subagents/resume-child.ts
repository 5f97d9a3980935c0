// Resuming a stopped child (known from the root's rollout of a previous run): its engine reopens its own
// thread with the settings of its last turn, and messages it was handed but never recorded wait again.
import type { Config } from "../../config/load.js";
import { readRollout } from "../../rollout/reader.js";
import { SubagentError } from "./agent-scope.js";
import type { StartedChild } from "./child-engine.js";
import { takeReachedAgent } from "./handover.js";
import { lastTurnSettings } from "./last-turn-settings.js";
import { knownRole } from "./roles.js";
import type { StartChildOptions } from "./start-child.js";
import type { SubagentNode } from "./subagent-node.js";

export interface ResumeChildContext {
  config: Config;
  env: NodeJS.ProcessEnv;
  /** The session is shutting down: nothing resumes. */
  closed: () => boolean;
  /** A thread another engine of this process has open. */
  threadOpenElsewhere?: (threadId: string) => boolean;
  /** The child's parent node (undefined: the root). */
  parentOf: (node: SubagentNode) => SubagentNode | undefined;
  rootThreadId: () => string;
  startEngine: (
    node: SubagentNode,
    start: Pick<StartChildOptions, "model" | "parentThreadId" | "configure" | "resumeLines"> & {
      rootConfig?: Config;
    },
  ) => Promise<StartedChild>;
  /** Messages went back into the agent's inbox. */
  inboxChanged: (agentId: number) => void;
}

/** Gives `node` its engine back (or throws a SubagentError saying why not). */
export async function resumeChild(context: ResumeChildContext, node: SubagentNode): Promise<void> {
  if (context.closed()) throw new SubagentError("cannot resume: the session is shutting down");
  // An ephemeral child (`--ephemeral`) has no file: its thread reopens from the lines its engine kept in
  // memory (and keeps them in memory again, writing nothing). Today a child of this run loses its engine only
  // at shutdown, after which nothing resumes, so no command reaches this; open-thread.test.ts checks the
  // opener with lines.
  const memory = node.rolloutPath ? undefined : node.memoryLines;
  if (!node.rolloutPath && !memory) {
    throw new SubagentError(`cannot resume agent ${node.id}: where its thread is recorded is unknown`);
  }
  // Two engines appending to one rollout would interleave their lines.
  if (context.threadOpenElsewhere?.(node.sessionId)) {
    throw new SubagentError(
      `cannot resume agent ${node.id}: its thread ${node.sessionId} is open in another session; close it there first`,
    );
  }
  const parent = context.parentOf(node);
  // Read before the engine opens the file again: did the last batch taken in the previous run reach it?
  // (Lines in memory belong to this run: nothing taken in it was lost to a crash.)
  const lastTake = node.lastTake;
  const received = lastTake && !memory ? await takeReachedAgent(node.rolloutPath, lastTake) : true;
  try {
    const lines = memory ?? (await readRollout(node.rolloutPath)).lines;
    // A role removed from the config since: the child goes on with the root's settings.
    const role = node.agentType ? knownRole(context.config, node.agentType, context.env) : undefined;
    const started = await context.startEngine(node, {
      ...(role ? { rootConfig: role.config } : {}),
      model: node.model,
      parentThreadId: parent?.sessionId ?? context.rootThreadId(),
      configure: { ...lastTurnSettings(lines), ...(memory ? {} : { resume_path: node.rolloutPath }) },
      ...(memory ? { resumeLines: memory } : {}),
    });
    node.engine = started.engine;
  } catch (err) {
    throw new SubagentError(`cannot resume agent ${node.id}: ${(err as Error).message}`);
  }
  node.lastTake = undefined;
  if (lastTake && !received) {
    // Taken, but the process died before the child recorded them: they wait again, first in line.
    node.inbox.restore(lastTake.messages);
    context.inboxChanged(node.id);
  }
}
