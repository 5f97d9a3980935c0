// The shapes the session manager is asked for and answers with (kept apart so the spawn hook's module can
// name them without importing the manager).
import type { ToolContext } from "../../core/tool-api/define-tool.js";
import type { ProcessResult } from "../../sandbox/run-process.js";
import type { ExecEventRelay } from "./event-relay.js";
import type { SessionEnd } from "./exec-session.js";

export type SandboxPermissions = "use_default" | "require_escalated";

/** What the spawn hook is asked to run. */
export interface SpawnRequest {
  /** The command as the user sees it, e.g. `["bash", "-lc", "ls"]`. */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  tty: boolean;
  sandboxPermissions: SandboxPermissions;
  justification?: string;
  /** The tool call asking, when there is one: its policies, approval requester and abort signal. */
  toolContext?: ToolContext;
}

/** What actually runs: possibly the same argv wrapped by a sandbox, with the environment it needs. */
export interface SpawnPlan {
  argv: string[];
  env: Record<string, string>;
  cwd?: string;
  /**
   * Set when the plan ran the command in the sandbox under the on-failure policy: given how the run ended,
   * asks whether to run it again outside the sandbox (a plan), or not (undefined). Throws
   * `CommandRefusedError` when the user refused.
   */
  retryOutsideSandbox?: (result: ProcessResult) => Promise<SpawnPlan | undefined>;
  /** Closes the command's allowlist proxy once it ended; resolves with a note on refused connections. */
  finishNetwork?: () => Promise<string | undefined>;
}

/**
 * Decides how a command runs (sandbox, approval). Throwing refuses the command with that message; a
 * `CommandRefusedError` (authorize-spawn.ts) is passed to the model verbatim and may abort the task.
 */
export type SpawnPlanner = (request: SpawnRequest) => SpawnPlan | Promise<SpawnPlan>;

export interface UnifiedExecManagerOptions {
  /**
   * Default: `authorizeThroughToolContext`, i.e. the calling tool's `ctx.authorizeCommand` (approval policy
   * and sandbox plan); a request without a tool context runs as is.
   */
  spawnPlan?: SpawnPlanner;
  /** The shell used when a call names none. Default `bash`. */
  defaultShell?: string;
  maxSessions?: number;
}

export interface StartRequest {
  cmd: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  tty?: boolean;
  shell?: string;
  /** Run the shell as a login shell (`-lc`, the default) or not (`-c`). */
  login?: boolean;
  sandboxPermissions?: SandboxPermissions;
  justification?: string;
  toolContext?: ToolContext;
  /** Receives the session's output events (see event-relay.ts). */
  relay?: ExecEventRelay;
  /** Already decided (a rerun outside the sandbox): the spawn hook is not asked again. */
  plan?: SpawnPlan;
}

export interface EndedSession {
  sessionId: number;
  relay: ExecEventRelay | undefined;
  end: SessionEnd;
}

export interface StartedSession {
  sessionId: number;
  pid: number | undefined;
  /** The command as the user sees it (before the spawn hook). */
  command: string[];
  /** Sessions removed to make room for this one. */
  pruned: EndedSession[];
  /** From the spawn plan: how to offer a rerun outside the sandbox if the command fails like a denial. */
  retryOutsideSandbox?: SpawnPlan["retryOutsideSandbox"];
}

export interface CollectOptions {
  /** Clamped to [250, maxYieldTimeMs]; default 10000. */
  yieldTimeMs?: number;
  /** Default 30000. */
  maxYieldTimeMs?: number;
  maxOutputTokens?: number;
  /** Aborting it kills the process (and all it started) at once. */
  signal?: AbortSignal;
}

export interface CollectResult {
  sessionId: number;
  /** Output since the previous collect, cut to the token budget. */
  output: string;
  originalTokenCount: number;
  /** Set when the process has ended; its session is then gone. */
  exit?: SessionEnd;
}

export interface SessionInfo {
  sessionId: number;
  pid: number | undefined;
  command: string[];
  tty: boolean;
  /** False once the process ended (its last output not yet collected). */
  running: boolean;
}
