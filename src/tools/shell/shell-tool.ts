// The classic `shell` tool: {command: string[], workdir?, timeout_ms?, sandbox_permissions?, justification?}.
import { resolve } from "node:path";
import { z } from "zod";
import type { CommandDecision } from "../../core/approvals/decisions.js";
import { interceptApplyPatch } from "../apply-patch/intercept.js";
import {
  defineTool,
  type CommandAuthorizationRequest,
  type ToolContext,
  type ToolResult,
} from "../../core/tool-api/define-tool.js";
import { clientTerminalFor, runInClientTerminal } from "./client-terminal.js";
import { formatExecOutput } from "./format-output.js";
import { runProcess, type ProcessResult } from "../../sandbox/run-process.js";

export const DEFAULT_SHELL_TIMEOUT_MS = 10_000;

const ShellParams = z.object({
  command: z
    .array(z.string())
    .min(1)
    .describe('The command to execute, as argv (e.g. ["bash", "-lc", "ls"]).'),
  workdir: z.string().optional().describe("The working directory to execute the command in."),
  timeout_ms: z.number().int().positive().optional().describe("The timeout for the command in milliseconds."),
  sandbox_permissions: z
    .enum(["use_default", "require_escalated"])
    .optional()
    .describe("require_escalated asks the user to run this command outside the sandbox."),
  justification: z
    .string()
    .optional()
    .describe("Why escalation is needed, shown to the user; only with require_escalated."),
});

export const shellTool = defineTool({
  name: "shell",
  description: "Runs a shell command and returns its output.",
  parameters: ShellParams,
  isMutating: true,
  async handle(args, ctx) {
    const cwd = args.workdir ? resolve(ctx.cwd, args.workdir) : ctx.cwd;
    const patched = await interceptApplyPatch(args.command, cwd, ctx);
    if (patched) return patched;
    const request: CommandAuthorizationRequest = {
      argv: args.command,
      cwd,
      escalated: args.sandbox_permissions === "require_escalated",
      ...(args.justification ? { justification: args.justification } : {}),
    };
    const decision = await ctx.authorizeCommand(request);
    const first = await runDecided(ctx, request, decision, args.timeout_ms);
    if (first.done) return first.result;
    const retry = await ctx.retryOutsideSandbox(request, decision, first.process);
    if (!retry) return first.result;
    return (await runDecided(ctx, request, retry, args.timeout_ms)).result;
  },
});

type Ran = { done: true; result: ToolResult } | { done: false; result: ToolResult; process: ProcessResult };

/** Runs the command as decided (or explains why not), with begin/delta/end events. */
async function runDecided(
  ctx: ToolContext,
  request: CommandAuthorizationRequest,
  decision: CommandDecision,
  timeoutMs: number | undefined,
): Promise<Ran> {
  if (decision.kind === "rejected")
    return { done: true, result: { output: decision.message, success: false } };
  if (decision.kind === "abort") {
    return { done: true, result: { output: "aborted by user", success: false, abortTask: true } };
  }
  ctx.emit({ type: "exec_command_begin", call_id: ctx.callId, command: request.argv, cwd: request.cwd });
  const run = {
    argv: decision.argv,
    cwd: request.cwd,
    env: decision.env,
    signal: ctx.signal,
    timeoutMs: timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS,
    onOutput: (stream: "stdout" | "stderr", chunk: Buffer) =>
      ctx.emit({
        type: "exec_command_output_delta",
        call_id: ctx.callId,
        stream,
        chunk: chunk.toString("base64"),
      }),
  };
  const terminal = clientTerminalFor(ctx, decision);
  const result = terminal
    ? await runInClientTerminal(terminal, { ...run, callId: ctx.callId })
    : await runProcess(run);
  const networkNote = await decision.finishNetwork?.();
  const ran = result.spawnError
    ? `failed to start ${request.argv[0]}: ${result.spawnError}`
    : result.aggregated;
  // Refused connections are told to the model with the output (the user got a warning as they happened).
  const aggregated =
    networkNote === undefined ? ran : `${ran}${ran === "" || ran.endsWith("\n") ? "" : "\n"}${networkNote}\n`;
  const formatted = formatExecOutput({
    exitCode: result.exitCode,
    durationMs: result.durationMs,
    output: aggregated,
    timedOut: result.timedOut,
    ...(ctx.outputTokenLimit !== undefined ? { maxTokens: ctx.outputTokenLimit } : {}),
  });
  ctx.emit({
    type: "exec_command_end",
    call_id: ctx.callId,
    command: request.argv,
    cwd: request.cwd,
    stdout: result.stdout,
    stderr: result.spawnError ?? result.stderr,
    aggregated_output: aggregated,
    exit_code: result.exitCode,
    duration_ms: Math.round(result.durationMs),
    formatted_output: formatted,
  });
  const toolResult = { output: formatted, success: result.exitCode === 0 };
  return result.exitCode === 0
    ? { done: true, result: toolResult }
    : { done: false, result: toolResult, process: result };
}
