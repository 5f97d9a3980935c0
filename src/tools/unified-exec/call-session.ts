// The part both tools share: wait on a session for the calling tool, stream its output as this call's
// events, and report what happened.
import type { ToolContext, ToolResult } from "../../core/tool-api/define-tool.js";
import { formatUnifiedExecResponse } from "./format-response.js";
import type { SessionEnd } from "./exec-session.js";
import type { EndedSession, UnifiedExecManager } from "./session-manager.js";

export interface CollectForCallOptions {
  yieldTimeMs: number;
  maxOutputTokens: number | undefined;
  /** When the wall time starts (the call's start, or the spawn for `exec_command`). */
  startedAt: number;
  /** The longest wait allowed (default 30000 ms; empty `write_stdin` polls may wait longer). */
  maxYieldTimeMs?: number;
}

export interface CollectedCall {
  result: ToolResult;
  /** How the process ended, when it did during this call. */
  exit?: SessionEnd;
}

export async function collectForCall(
  manager: UnifiedExecManager,
  sessionId: number,
  ctx: ToolContext,
  options: CollectForCallOptions,
): Promise<CollectedCall> {
  const relay = manager.relayOf(sessionId);
  relay?.attach(ctx.emit);
  let result;
  try {
    result = await manager.collect(sessionId, {
      yieldTimeMs: options.yieldTimeMs,
      ...(options.maxYieldTimeMs !== undefined ? { maxYieldTimeMs: options.maxYieldTimeMs } : {}),
      maxOutputTokens: options.maxOutputTokens,
      signal: ctx.signal,
    });
  } finally {
    relay?.detach(ctx.emit);
  }
  const text = formatUnifiedExecResponse(result, performance.now() - options.startedAt);
  if (result.exit) relay?.end(result.exit, text, ctx.emit);
  const toolResult = { output: text, success: result.exit === undefined || result.exit.exitCode === 0 };
  return result.exit ? { result: toolResult, exit: result.exit } : { result: toolResult };
}

/** Sessions killed to make room for a new one still owe their call an end event. */
export function reportPruned(pruned: readonly EndedSession[], ctx: ToolContext): void {
  for (const { relay, end } of pruned) relay?.end(end, end.aggregatedOutput, ctx.emit);
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
