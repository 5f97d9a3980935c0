// `exec_command`: runs a shell command; if it is still running after the yield time, it stays alive in a
// session the model continues with `write_stdin`. The schema follows the real Codex's, word for word where
// its words are true of ours, since models are trained on it.
import { resolve } from "node:path";
import { z } from "zod";
import { interceptApplyPatch } from "../apply-patch/intercept.js";
import {
  defineTool,
  type FunctionTool,
  type ToolContext,
  type ToolResult,
} from "../../core/tool-api/define-tool.js";
import { CommandRefusedError } from "./authorize-spawn.js";
import { collectForCall, errorMessage, reportPruned } from "./call-session.js";
import { ExecEventRelay } from "./event-relay.js";
import {
  clampYieldTime,
  DEFAULT_EXEC_YIELD_TIME_MS,
  type SpawnPlan,
  UnifiedExecError,
  type UnifiedExecManager,
} from "./session-manager.js";
import { shellArgv } from "./shell-command.js";

export const ExecCommandParams = z.object({
  cmd: z.string().describe("Shell command to execute."),
  justification: z
    .string()
    .optional()
    .describe("User-facing approval question for `require_escalated`; omit otherwise."),
  login: z
    .boolean()
    .optional()
    .describe("True runs the shell with -l/-i semantics; false disables them. Defaults to true."),
  max_output_tokens: z
    .number()
    .optional()
    .describe("Output token budget. Defaults to 10000 tokens; longer output loses its middle."),
  sandbox_permissions: z
    .enum(["use_default", "require_escalated"])
    .optional()
    .describe(
      "Per-command sandbox override. Defaults to `use_default`; use `require_escalated` for unsandboxed execution.",
    ),
  shell: z.string().optional().describe("Shell binary to launch. Defaults to bash."),
  tty: z
    .boolean()
    .optional()
    .describe("True allocates a PTY for the command; false or omitted uses plain pipes."),
  workdir: z.string().optional().describe("Working directory for the command. Defaults to the turn cwd."),
  yield_time_ms: z
    .number()
    .optional()
    .describe("Wait before yielding output. Defaults to 10000 ms; effective range is 250-30000 ms."),
});
export type ExecCommandArgs = z.infer<typeof ExecCommandParams>;

const DESCRIPTION =
  "Runs a command (in a PTY when `tty` is true), returning its output, or a session ID for ongoing " +
  "interaction through write_stdin.";

/**
 * `allow_login_shell = false`: the model is not offered `login` and commands run without the profile
 * scripts (`-c`); a call that still asks for one gets the real Codex's answer. The parameters then keep
 * unlisted keys when parsing (while the schema still says there are none) so that such a call is seen.
 */
const NO_LOGIN_PARAMS = ExecCommandParams.omit({ login: true })
  .loose()
  .meta({ additionalProperties: false }) as unknown as typeof ExecCommandParams;
export const LOGIN_SHELL_REFUSED = "login shell is disabled by config; omit `login` or set it to false.";

export function execCommandTool(
  manager: UnifiedExecManager,
  options: { allowLoginShell?: boolean } = {},
): FunctionTool<ExecCommandArgs> {
  const allowLogin = options.allowLoginShell ?? true;
  return defineTool({
    name: "exec_command",
    description: DESCRIPTION,
    parameters: allowLogin ? ExecCommandParams : NO_LOGIN_PARAMS,
    isMutating: true,
    async handle(given, ctx) {
      if (ctx.signal.aborted) return { output: "exec_command was aborted before it started", success: false };
      if (given.login === true && !allowLogin) return { output: LOGIN_SHELL_REFUSED, success: false };
      const args = { ...given, login: given.login ?? allowLogin };
      const cwd = args.workdir ? resolve(ctx.cwd, args.workdir) : ctx.cwd;
      const login = args.login;
      const patched = await interceptApplyPatch(
        shellArgv(args.cmd, args.shell ?? manager.defaultShell, login),
        cwd,
        ctx,
      );
      if (patched) return patched;
      const first = await startAndCollect(manager, args, ctx, cwd);
      if (!first.retryOutsideSandbox || first.exit === undefined || first.exit.exitCode === 0) {
        return first.result;
      }
      // Under on-failure, a sandboxed command that ended like a denial may run again outside the sandbox.
      let plan: SpawnPlan | undefined;
      try {
        plan = await first.retryOutsideSandbox({
          exitCode: first.exit.exitCode,
          stdout: first.exit.stdout,
          stderr: first.exit.stderr,
          aggregated: first.exit.aggregatedOutput,
          durationMs: first.exit.durationMs,
          timedOut: false,
          aborted: first.exit.killed,
        });
      } catch (err) {
        return refusal(err);
      }
      if (!plan) return first.result;
      return (await startAndCollect(manager, args, ctx, cwd, plan)).result;
    },
  });
}

type Collected = Awaited<ReturnType<typeof collectForCall>> & {
  retryOutsideSandbox?: SpawnPlan["retryOutsideSandbox"];
};

/** Starts the command (through the gate, or with `plan` when already decided) and waits for the yield time. */
async function startAndCollect(
  manager: UnifiedExecManager,
  args: ExecCommandArgs,
  ctx: ToolContext,
  cwd: string,
  plan?: SpawnPlan,
): Promise<Collected> {
  const relay = new ExecEventRelay(ctx.callId, cwd);
  let started;
  try {
    started = await manager.start({
      cmd: args.cmd,
      cwd,
      env: ctx.env,
      tty: args.tty ?? false,
      shell: args.shell,
      login: args.login ?? true,
      sandboxPermissions: args.sandbox_permissions ?? "use_default",
      justification: args.justification,
      toolContext: ctx,
      relay,
      ...(plan ? { plan } : {}),
    });
  } catch (err) {
    if (err instanceof UnifiedExecError && err.command) failedToStart(relay, err.command, err.message, ctx);
    return { result: refusal(err) };
  }
  const startedAt = performance.now();
  reportPruned(started.pruned, ctx);
  relay.begin(started.command, ctx.emit, String(started.sessionId));
  const collected = await collectForCall(manager, started.sessionId, ctx, {
    yieldTimeMs: clampYieldTime(args.yield_time_ms, DEFAULT_EXEC_YIELD_TIME_MS),
    maxOutputTokens: args.max_output_tokens ?? ctx.outputTokenLimit,
    startedAt,
  });
  return started.retryOutsideSandbox
    ? { ...collected, retryOutsideSandbox: started.retryOutsideSandbox }
    : collected;
}

/**
 * A command that could not start (its working directory is gone) still shows as a command that failed,
 * as Codex shows it: begin and end events, exit code -1, the reason as its output.
 */
function failedToStart(relay: ExecEventRelay, command: string[], reason: string, ctx: ToolContext): void {
  const output = `Failed to start the command: ${reason}`;
  relay.begin(command, ctx.emit);
  const end = {
    exitCode: -1,
    durationMs: 0,
    stdout: "",
    stderr: output,
    aggregatedOutput: output,
    killed: false,
  };
  relay.end(end, output, ctx.emit);
}

function refusal(err: unknown): ToolResult {
  if (err instanceof CommandRefusedError) {
    return { output: err.message, success: false, ...(err.abortTask ? { abortTask: true } : {}) };
  }
  return { output: `exec_command failed: ${errorMessage(err)}`, success: false };
}
