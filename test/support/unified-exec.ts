// Test support: a tool context that records events, and bounded waits on real processes.
import type { KnownEventMsg } from "../../src/protocol/core-protocol.js";
import type { ToolContext } from "../../src/core/tool-api/define-tool.js";
import type { SessionEnd } from "../../src/tools/unified-exec/exec-session.js";
import { isProcessAlive } from "../../src/tools/unified-exec/process-tree.js";
import type { UnifiedExecManager } from "../../src/tools/unified-exec/session-manager.js";
import { commandEnv } from "../../src/tools/unified-exec/shell-command.js";

/** A tool context whose command gate lets everything run directly (as `danger-full-access` would). */
export function recordingContext(overrides: Partial<ToolContext> = {}) {
  const events: KnownEventMsg[] = [];
  const ctx: ToolContext = {
    callId: "call-1",
    turnId: "turn-1",
    cwd: process.cwd(),
    sandboxPolicy: { type: "danger-full-access" },
    approvalPolicy: "never",
    collaborationMode: "default",
    env: process.env,
    signal: new AbortController().signal,
    emit: (msg) => events.push(msg),
    authorizeCommand: (request) =>
      Promise.resolve({ kind: "run", argv: request.argv, env: commandEnv(process.env), sandboxed: false }),
    retryOutsideSandbox: () => Promise.resolve(undefined),
    authorizePatch: () => Promise.resolve({ kind: "rejected", message: "not in these tests" }),
    requestUserInput: () => Promise.resolve(undefined),
    ...overrides,
  };
  return { ctx, events };
}

/** Concatenated, decoded output deltas of one call. */
export function streamedOutput(events: readonly KnownEventMsg[], callId: string): string {
  return events
    .filter((e) => e.type === "exec_command_output_delta" && e.call_id === callId)
    .map((e) => (e.type === "exec_command_output_delta" ? Buffer.from(e.chunk, "base64").toString() : ""))
    .join("");
}

/** Resolves as soon as every pid is gone; rejects with the survivors after `withinMs`. */
export async function expectProcessesGone(pids: readonly number[], withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const alive = pids.filter(isProcessAlive);
    const elapsed = performance.now() - started;
    if (alive.length === 0) return elapsed;
    if (elapsed > withinMs) throw new Error(`still running after ${withinMs} ms: ${alive.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The pids a command printed as `pid=N` lines. */
export function printedPids(output: string): number[] {
  return [...output.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]));
}

/** What `collect` returns, accumulated over polls until `until(output)` holds or the process exits. */
export async function collectUntil(
  manager: UnifiedExecManager,
  sessionId: number,
  until: (output: string) => boolean,
  withinMs = 15_000,
): Promise<{ output: string; exit?: SessionEnd }> {
  const started = performance.now();
  let output = "";
  for (;;) {
    const result = await manager.collect(sessionId, { yieldTimeMs: 250 });
    output += result.output;
    if (result.exit) return { output, exit: result.exit };
    if (until(output)) return { output };
    if (performance.now() - started > withinMs) throw new Error(`gave up waiting; output so far:\n${output}`);
  }
}
