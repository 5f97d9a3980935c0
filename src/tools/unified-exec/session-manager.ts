// The processes of one engine session that outlive a tool call: `exec_command` starts them, `write_stdin`
// feeds and polls them, and the engine closes them all at shutdown.
import { stat } from "node:fs/promises";
import { authorizeThroughToolContext } from "./authorize-spawn.js";
import type { ExecEventRelay } from "./event-relay.js";
import { ExecSession, INTERRUPT_CHARACTER } from "./exec-session.js";
import { clientTerminalFor } from "../shell/client-terminal.js";
import { spawnClientTerminalChild } from "./client-terminal-child.js";
import type {
  CollectOptions,
  CollectResult,
  EndedSession,
  SessionInfo,
  SpawnPlanner,
  SpawnRequest,
  StartedSession,
  StartRequest,
  UnifiedExecManagerOptions,
} from "./session-types.js";
import { commandEnv, DEFAULT_SHELL, shellArgv } from "./shell-command.js";
import { DEFAULT_MAX_OUTPUT_TOKENS, renderWithinBudget } from "./truncate-output.js";

export type * from "./session-types.js";

export const MAX_SESSIONS = 64;
export const MIN_YIELD_TIME_MS = 250;
export const MAX_YIELD_TIME_MS = 30_000;
export const DEFAULT_EXEC_YIELD_TIME_MS = 10_000;
/** How long a killed process may take to be reaped and drained before we stop waiting for it. */
const KILL_WAIT_MS = 2_000;

export class UnifiedExecError extends Error {
  constructor(
    readonly code:
      "unknown_session" | "session_limit" | "bad_workdir" | "spawn_failed" | "closed" | "no_input",
    message: string,
    /** The command as it would have run, when the failure is about running it (bad_workdir, spawn_failed). */
    readonly command?: string[],
  ) {
    super(message);
    this.name = "UnifiedExecError";
  }
}

export function clampYieldTime(
  ms: number | undefined,
  fallback: number,
  min = MIN_YIELD_TIME_MS,
  max = MAX_YIELD_TIME_MS,
): number {
  const value = ms === undefined || !Number.isFinite(ms) ? fallback : Math.round(ms);
  return Math.min(max, Math.max(min, value));
}

interface Entry {
  session: ExecSession;
  relay: ExecEventRelay | undefined;
  command: string[];
  /** The allowlist proxy's note about refused connections, once the process ended (see SpawnPlan). */
  networkNote?: Promise<string | undefined>;
}

export class UnifiedExecManager {
  private readonly sessions = new Map<number, Entry>();
  private readonly spawnPlan: SpawnPlanner;
  /** The shell that runs `cmd` when a call names none. */
  readonly defaultShell: string;
  private readonly maxSessions: number;
  private nextId = 1;
  /** Starts between choosing a slot and registering their session. */
  private starting = 0;
  private closed = false;

  constructor(options: UnifiedExecManagerOptions = {}) {
    this.spawnPlan = options.spawnPlan ?? authorizeThroughToolContext;
    this.defaultShell = options.defaultShell ?? DEFAULT_SHELL;
    this.maxSessions = options.maxSessions ?? MAX_SESSIONS;
  }

  /** Ids of the sessions not yet collected to the end, oldest first. */
  get sessionIds(): number[] {
    return [...this.sessions.keys()];
  }

  /** The live sessions, oldest first (for a process list in a UI). */
  list(): SessionInfo[] {
    return [...this.sessions.values()].map(({ session, command }) => ({
      sessionId: session.id,
      pid: session.pid,
      command,
      tty: session.tty,
      running: !session.hasFinished,
    }));
  }

  has(sessionId: number): boolean {
    return this.sessions.has(sessionId);
  }

  relayOf(sessionId: number): ExecEventRelay | undefined {
    return this.sessions.get(sessionId)?.relay;
  }

  async start(request: StartRequest): Promise<StartedSession> {
    this.assertOpen();
    const command = shellArgv(request.cmd, request.shell ?? this.defaultShell, request.login ?? true);
    await assertDirectory(request.cwd, command);
    const tty = request.tty ?? false;
    const spawnRequest: SpawnRequest = {
      argv: command,
      cwd: request.cwd,
      env: commandEnv(request.env),
      tty,
      sandboxPermissions: request.sandboxPermissions ?? "use_default",
    };
    if (request.justification !== undefined) spawnRequest.justification = request.justification;
    if (request.toolContext !== undefined) spawnRequest.toolContext = request.toolContext;
    const plan = request.plan ?? (await this.spawnPlan(spawnRequest));
    // The plan may have waited for an approval: the engine may have shut down meanwhile.
    if (this.closed) await plan.finishNetwork?.();
    this.assertOpen();

    const victims = this.chooseVictims();
    for (const victim of victims) this.sessions.delete(victim.session.id);
    this.starting++;
    try {
      const pruned = await Promise.all(victims.map((victim) => this.endByKilling(victim)));
      const relay = request.relay;
      const ctx = request.toolContext;
      const terminal = ctx && !tty ? clientTerminalFor(ctx, plan) : undefined;
      let session: ExecSession;
      try {
        session = await ExecSession.start({
          id: this.nextId++,
          argv: plan.argv,
          cwd: plan.cwd ?? request.cwd,
          env: plan.env,
          tty,
          ...(terminal && ctx
            ? { spawn: (spec, listener) => spawnClientTerminalChild(terminal, ctx.callId, spec, listener) }
            : {}),
          onOutput: relay ? (stream, chunk) => relay.output(stream, chunk) : undefined,
        });
      } catch (err) {
        await plan.finishNetwork?.();
        // A child that could not start (no node-pty for a tty) shows as a failed command, as a missing cwd does.
        throw new UnifiedExecError("spawn_failed", err instanceof Error ? err.message : String(err), command);
      }
      const entry: Entry = { session, relay, command };
      const finishNetwork = plan.finishNetwork;
      if (finishNetwork) entry.networkNote = session.finished.then(finishNetwork);
      this.sessions.set(session.id, entry);
      // Shut down while we were spawning: nothing may survive closeAll.
      if (this.closed) session.kill();
      const started: StartedSession = { sessionId: session.id, pid: session.pid, command, pruned };
      if (plan.retryOutsideSandbox) started.retryOutsideSandbox = plan.retryOutsideSandbox;
      return started;
    } finally {
      this.starting--;
    }
  }

  /**
   * Sends text to the process's input. On a pipe, Ctrl-C (U+0003) interrupts the process group and Ctrl-D
   * (U+0004) closes its input, as a terminal would.
   */
  write(sessionId: number, chars: string): void {
    const { session } = this.require(sessionId);
    if (!session.takesInput && [...chars].some((c) => c !== INTERRUPT_CHARACTER)) {
      // Dropping the text would leave the model waiting for an answer to input the process never got.
      throw new UnifiedExecError(
        "no_input",
        `session ${sessionId} runs in the editor's terminal, which takes no input, so nothing was written. ` +
          'Poll it with empty chars, stop it with "\\u0003" (Ctrl-C), or start a command that needs input ' +
          "with exec_command and tty: true (it then runs where it can take input).",
      );
    }
    session.touch();
    session.write(chars);
  }

  /** Waits for the yield time or the process's end, then returns what it printed since the last collect. */
  async collect(sessionId: number, options: CollectOptions = {}): Promise<CollectResult> {
    const entry = this.require(sessionId);
    const { session } = entry;
    const yieldTimeMs = clampYieldTime(
      options.yieldTimeMs,
      DEFAULT_EXEC_YIELD_TIME_MS,
      MIN_YIELD_TIME_MS,
      options.maxYieldTimeMs ?? MAX_YIELD_TIME_MS,
    );
    session.activeCalls++;
    session.touch();
    try {
      await session.waitForFinish(yieldTimeMs, options.signal);
      if (options.signal?.aborted && !session.hasFinished) {
        session.kill();
        await session.waitForFinish(KILL_WAIT_MS);
      }
    } finally {
      session.activeCalls--;
      session.touch();
    }
    const rendered = renderWithinBudget(
      session.takeOutput(),
      options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    );
    const result: CollectResult = {
      sessionId,
      output: rendered.text,
      originalTokenCount: rendered.originalTokenCount,
    };
    if (session.hasFinished) {
      const note = await entry.networkNote;
      if (note !== undefined)
        result.output += `${result.output.endsWith("\n") || result.output === "" ? "" : "\n"}${note}\n`;
      if (this.sessions.get(sessionId)?.session === session) this.sessions.delete(sessionId);
      result.exit = session.summary();
    }
    return result;
  }

  /** Kills one process and all it started; its final output is still there for the next collect. */
  terminate(sessionId: number): void {
    this.require(sessionId).session.kill();
  }

  /** Kills every process (the engine calls it at shutdown) and refuses new ones from then on. */
  async closeAll(): Promise<void> {
    this.closed = true;
    const entries = [...this.sessions.values()];
    this.sessions.clear();
    for (const { session } of entries) session.kill();
    await Promise.all(entries.map(({ session }) => session.waitForFinish(KILL_WAIT_MS)));
  }

  private require(sessionId: number): Entry {
    const entry = this.sessions.get(sessionId);
    if (!entry) {
      throw new UnifiedExecError("unknown_session", `unknown session id ${sessionId}; it may have exited`);
    }
    return entry;
  }

  private assertOpen(): void {
    if (this.closed) throw new UnifiedExecError("closed", "the exec session manager has been shut down");
  }

  /**
   * Sessions to drop so that one more fits: finished ones not yet collected first, then running ones that no
   * call is waiting on, least recently used first.
   */
  private chooseVictims(): Entry[] {
    const excess = this.sessions.size + this.starting + 1 - this.maxSessions;
    if (excess <= 0) return [];
    const byAge = (a: Entry, b: Entry) => a.session.lastUsedAt - b.session.lastUsedAt;
    const entries = [...this.sessions.values()];
    const finished = entries.filter((e) => e.session.hasFinished).sort(byAge);
    const idle = entries.filter((e) => !e.session.hasFinished && e.session.activeCalls === 0).sort(byAge);
    const victims = [...finished, ...idle].slice(0, excess);
    if (victims.length < excess) {
      throw new UnifiedExecError(
        "session_limit",
        `cannot start another process: ${this.maxSessions} are running and every one is in use by a call; ` +
          'wait for one to finish or stop one (write_stdin with Ctrl-C, "\\u0003")',
      );
    }
    return victims;
  }

  private async endByKilling({ session, relay }: Entry): Promise<EndedSession> {
    session.kill();
    await session.waitForFinish(KILL_WAIT_MS);
    return { sessionId: session.id, relay, end: session.summary() };
  }
}

async function assertDirectory(cwd: string, command: string[]): Promise<void> {
  const info = await stat(cwd).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new UnifiedExecError("bad_workdir", `working directory does not exist: ${cwd}`, command);
  }
}
