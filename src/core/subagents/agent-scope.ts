// What the subagent tools can do, as one agent of the tree (the root is agent 0). Each method either
// answers or throws a SubagentError whose message the model reads as the tool's output.
import type { SubagentCallAgent, SubagentStatus, SubagentSummary } from "../../protocol/core-protocol.js";
import type { AskForApproval, SandboxPolicy } from "../../protocol/policies.js";
import type { ActivityEntry } from "./activity-log.js";
import type { JobBoard } from "./job-board.js";

/** A role a spawn may name, as the model is told of it (roles.ts). */
export interface RoleListing {
  name: string;
  description: string;
  /** Settings the role fixes, which a spawn cannot change. */
  model?: string;
  effort?: string;
}

/** A refusal or failure the model can act on (unknown agent, a limit reached, ...). */
export class SubagentError extends Error {}

export interface SpawnRequest {
  task: string;
  name?: string;
  /** Another model than the parent's. */
  model?: string;
  /** Fork the caller's conversation instead of starting a new thread. */
  forkContext?: boolean;
  /** The role (`[agents.NAME]`) the child runs with; undefined: the default role. */
  agentType?: string;
}

/** The calling turn's settings, which the child inherits. */
export interface CallerTurn {
  /** The spawn tool call (a fork answers it inside the child's copy of the conversation). */
  callId?: string;
  cwd: string;
  approvalPolicy: AskForApproval;
  sandboxPolicy: SandboxPolicy;
  /** The calling turn's abort signal: a spawn that finishes after the turn was stopped is undone. */
  signal?: AbortSignal;
}

export interface SpawnResult {
  agentId: number;
  sessionId: string;
}

export type SendResult =
  /** The child started a turn with the message. */
  | { delivery: "started" }
  /** The child is busy: the message is its next turn. */
  | { delivery: "queued"; pendingMessages: number }
  /** The child's running turn was interrupted; it starts over with the message. */
  | { delivery: "interrupted" }
  /** Posted to the caller's parent, which reads it with subagent_await (or gets it as its next turn). */
  | { delivery: "posted" };

export interface AwaitOutcome {
  agentId: number;
  sessionId: string;
  name: string | null;
  status: SubagentStatus;
  message: string | null;
}

export interface AwaitResult {
  /** Why the wait ended. */
  reason: "ready" | "timeout" | "aborted" | "nothing_running";
  /** Turns of children that ended since the caller last looked. */
  outcomes: AwaitOutcome[];
  /** Messages posted to the caller. */
  messages: Array<{ from: number; text: string }>;
  /** Children (among those awaited) still working. */
  running: number[];
}

export interface LogsResult {
  summary: SubagentSummary;
  entries: ActivityEntry[];
  /** The entries were read from the child's rollout (it is not loaded in this process). */
  fromRollout: boolean;
}

export interface AgentScope {
  readonly agentId: number;
  /** This agent's thread ("" while the root thread is not open yet). */
  readonly sessionId: string;
  /** The roles a spawn may name (config's `[agents]`); undefined: none beyond the default. */
  readonly roles?: readonly RoleListing[];
  /** An attached agent of the tree and its status now; undefined when unknown, cancelled or the root. */
  describe(agentId: number): SubagentCallAgent | undefined;
  spawn(request: SpawnRequest, caller: CallerTurn): Promise<SpawnResult>;
  send(agentId: number, message: string, interrupt: boolean): Promise<SendResult>;
  /** `outcomesOnly`: wait for turns to end, leaving messages to the caller in its inbox. */
  await(options: {
    agentId?: number;
    timeoutMs: number;
    signal: AbortSignal;
    outcomesOnly?: boolean;
  }): Promise<AwaitResult>;
  logs(agentId: number, limit: number): Promise<LogsResult>;
  /** Cancels a child and its descendants; returns their final summaries. */
  cancel(agentId: number): Promise<SubagentSummary[]>;
  /** The caller's descendants, in creation order. */
  list(): SubagentSummary[];
  /** Agent jobs over a CSV (`[features] enable_fanout`); undefined: the tree offers none. */
  readonly jobs?: AgentJobs;
}

/** What the agent-job tools share across the tree, and the config they read. */
export interface AgentJobs {
  board: JobBoard;
  /** `[agents] job_max_runtime_seconds`: a worker's time limit when the call sets none. */
  maxRuntimeSeconds?: number;
  /** `[agents] max_threads`: caps a job's concurrency. */
  maxThreads?: number;
}
