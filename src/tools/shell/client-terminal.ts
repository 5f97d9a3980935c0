// Commands in the editor's terminal (ACP `terminal/*`), when the client offers one. The decision is the
// sandbox's, as for a local run: the terminal gets the argv and environment we would spawn, sandbox wrapper
// included (it is self-contained: bwrap, its seccomp filter and landlock all start from the argv), so the
// command is confined the same way. A command whose plan needs this process's network proxy (an allowlist
// of domains) runs locally: the proxy's life is tied to a local run.
import type { ClientIo } from "../../core/tool-api/client-io.js";
import type { ToolContext } from "../../core/tool-api/define-tool.js";
import { TIMEOUT_EXIT_CODE, type ProcessResult } from "../../sandbox/run-process.js";

type RunInTerminal = NonNullable<ClientIo["runInTerminal"]>;

/** Output kept for the model, at most; the editor's terminal keeps its own. */
const KEPT_OUTPUT = 1024 * 1024;

/** The client's terminal, when this decided command may run there. */
export function clientTerminalFor(
  ctx: Pick<ToolContext, "clientIo">,
  /** A decided run (CommandDecision "run", or exec_command's SpawnPlan). */
  decision: { finishNetwork?: unknown },
): RunInTerminal | undefined {
  const run = ctx.clientIo?.runInTerminal;
  return run && decision.finishNetwork === undefined ? run : undefined;
}

export interface TerminalRun {
  callId: string;
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  signal: AbortSignal;
  timeoutMs?: number;
  onOutput?: (stream: "stdout", chunk: Buffer) => void;
}

/** Runs a command to its end in the client's terminal; the result reads like a local run's. */
export async function runInClientTerminal(run: RunInTerminal, options: TerminalRun): Promise<ProcessResult> {
  const started = performance.now();
  let output = "";
  let timedOut = false;
  const aborted = () => options.signal.aborted;
  const base = { callId: options.callId, argv: options.argv, cwd: options.cwd, env: options.env };
  let terminal;
  try {
    terminal = await run(base, (text) => {
      output = (output + text).slice(-KEPT_OUTPUT);
      options.onOutput?.("stdout", Buffer.from(text));
    });
  } catch (err) {
    const message = (err as Error).message;
    return result(127, "", performance.now() - started, false, aborted(), message);
  }
  const kill = () => terminal.kill();
  options.signal.addEventListener("abort", kill, { once: true });
  if (aborted()) kill();
  const timer =
    options.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          kill();
        }, options.timeoutMs)
      : undefined;
  try {
    const exitCode = await terminal.exited;
    return result(
      timedOut ? TIMEOUT_EXIT_CODE : exitCode,
      output,
      performance.now() - started,
      timedOut,
      aborted(),
    );
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", kill);
  }
}

function result(
  exitCode: number,
  output: string,
  durationMs: number,
  timedOut: boolean,
  aborted: boolean,
  spawnError?: string,
): ProcessResult {
  // A terminal has one stream: everything reads as stdout.
  return {
    exitCode,
    stdout: output,
    stderr: "",
    aggregated: output,
    durationMs,
    timedOut,
    aborted,
    ...(spawnError !== undefined ? { spawnError } : {}),
  };
}
