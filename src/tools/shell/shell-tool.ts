// The classic `shell` tool: {command: string[], workdir?, timeout_ms?}.
import { resolve } from "node:path";
import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { formatExecOutput } from "./format-output.js";
import { runProcess } from "./run-process.js";

export const DEFAULT_SHELL_TIMEOUT_MS = 10_000;

const ShellParams = z.object({
  command: z
    .array(z.string())
    .min(1)
    .describe('The command to execute, as argv (e.g. ["bash", "-lc", "ls"]).'),
  workdir: z.string().optional().describe("The working directory to execute the command in."),
  timeout_ms: z.number().int().positive().optional().describe("The timeout for the command in milliseconds."),
});

export const shellTool = defineTool({
  name: "shell",
  description: "Runs a shell command and returns its output.",
  parameters: ShellParams,
  isMutating: true,
  async handle(args, ctx) {
    const cwd = args.workdir ? resolve(ctx.cwd, args.workdir) : ctx.cwd;
    ctx.emit({ type: "exec_command_begin", call_id: ctx.callId, command: args.command, cwd });
    const result = await runProcess({
      argv: args.command,
      cwd,
      env: ctx.env,
      signal: ctx.signal,
      timeoutMs: args.timeout_ms ?? DEFAULT_SHELL_TIMEOUT_MS,
      onOutput: (stream, chunk) =>
        ctx.emit({
          type: "exec_command_output_delta",
          call_id: ctx.callId,
          stream,
          chunk: chunk.toString("base64"),
        }),
    });
    const aggregated = result.spawnError
      ? `failed to start ${args.command[0]}: ${result.spawnError}`
      : result.aggregated;
    const formatted = formatExecOutput({
      exitCode: result.exitCode,
      durationMs: result.durationMs,
      output: aggregated,
      timedOut: result.timedOut,
    });
    ctx.emit({
      type: "exec_command_end",
      call_id: ctx.callId,
      command: args.command,
      cwd,
      stdout: result.stdout,
      stderr: result.spawnError ?? result.stderr,
      aggregated_output: aggregated,
      exit_code: result.exitCode,
      duration_ms: Math.round(result.durationMs),
      formatted_output: formatted,
    });
    return { output: formatted, success: result.exitCode === 0 };
  },
});
