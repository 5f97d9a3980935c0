// `exec_command`: runs a shell command; if it is still running after the yield time, it stays alive in a
// session the model continues with `write_stdin`.
import { resolve } from "node:path";
import { z } from "zod";
import { defineTool, type FunctionTool } from "../define-tool.js";
import { CommandRefusedError } from "./authorize-spawn.js";
import { collectForCall, errorMessage, reportPruned } from "./call-session.js";
import { ExecEventRelay } from "./event-relay.js";
import { clampYieldTime, DEFAULT_EXEC_YIELD_TIME_MS, type UnifiedExecManager } from "./session-manager.js";

export const ExecCommandParams = z.object({
  cmd: z.string().min(1).describe("The shell command line to run, e.g. `npm test -- --watch=false`."),
  workdir: z
    .string()
    .optional()
    .describe("Directory to run the command in, absolute or relative to the current working directory."),
  shell: z.string().optional().describe("Shell program that runs `cmd` (default: bash)."),
  login: z
    .boolean()
    .default(true)
    .describe(
      "Start the shell as a login shell (`-lc`, loading the user's profile); false runs it with `-c`.",
    ),
  tty: z
    .boolean()
    .default(false)
    .describe(
      "Run the command on a pseudo-terminal. Use it for interactive programs (REPLs, prompts, anything that " +
        "needs a terminal); the output then has terminal line endings and echoes what you type.",
    ),
  yield_time_ms: z
    .number()
    .optional()
    .describe(
      "How long to wait for the command to finish before returning what it printed so far, in milliseconds " +
        "(250 to 30000, default 10000). A command still running then keeps running.",
    ),
  max_output_tokens: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Most output tokens to return (default 10000); longer output loses its middle."),
  sandbox_permissions: z
    .enum(["use_default", "require_escalated"])
    .default("use_default")
    .describe(
      "`require_escalated` asks the user to let this command run outside the sandbox (e.g. for network " +
        "access or writes outside the workspace); say why in `justification`.",
    ),
  justification: z
    .string()
    .optional()
    .describe("Why the command needs escalated permissions; shown to the user who approves it."),
});
export type ExecCommandArgs = z.infer<typeof ExecCommandParams>;

const DESCRIPTION =
  "Runs a shell command and returns its output and exit code. If the command is still running when " +
  "yield_time_ms has passed, the result says `Process running with session ID N` instead of an exit code " +
  "and the process keeps running: call write_stdin with that session_id to send it input or to read more " +
  "of its output until it exits. Suited to builds, tests, servers, watchers and interactive programs.";

export function execCommandTool(manager: UnifiedExecManager): FunctionTool<ExecCommandArgs> {
  return defineTool({
    name: "exec_command",
    description: DESCRIPTION,
    parameters: ExecCommandParams,
    isMutating: true,
    async handle(args, ctx) {
      if (ctx.signal.aborted) return { output: "exec_command was aborted before it started", success: false };
      const cwd = args.workdir ? resolve(ctx.cwd, args.workdir) : ctx.cwd;
      const relay = new ExecEventRelay(ctx.callId, cwd);
      let started;
      try {
        started = await manager.start({
          cmd: args.cmd,
          cwd,
          env: ctx.env,
          tty: args.tty,
          shell: args.shell,
          login: args.login,
          sandboxPermissions: args.sandbox_permissions,
          justification: args.justification,
          toolContext: ctx,
          relay,
        });
      } catch (err) {
        if (err instanceof CommandRefusedError) {
          return { output: err.message, success: false, ...(err.abortTask ? { abortTask: true } : {}) };
        }
        return { output: `exec_command failed: ${errorMessage(err)}`, success: false };
      }
      const startedAt = performance.now();
      reportPruned(started.pruned, ctx);
      relay.begin(started.command, ctx.emit);
      return collectForCall(manager, started.sessionId, ctx, {
        yieldTimeMs: clampYieldTime(args.yield_time_ms, DEFAULT_EXEC_YIELD_TIME_MS),
        maxOutputTokens: args.max_output_tokens,
        startedAt,
      });
    },
  });
}
