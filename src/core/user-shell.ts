// The user's own shell command (the TUI's `!cmd`, the app-server's thread/shellCommand): a turn of its own
// that runs the command through the user's login shell, outside the sandbox (the user typed it, as in
// Codex), shows it as a commandExecution item, and records it for the model as a <user_shell_command>.
import { existsSync } from "node:fs";
import { userTextMessage, type MessageItem } from "../protocol/items.js";
import type { EventMsgOf, KnownEventMsg } from "../protocol/core-protocol.js";
import { runProcess } from "../sandbox/run-process.js";
import { TaskAbort } from "./task.js";

/** One hour, as Codex: the request says how long when it matters. */
export const USER_SHELL_DEFAULT_TIMEOUT_MS = 60 * 60 * 1000;

export interface UserShellRun {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  turnId: string;
  callId: string;
  collaborationMode: EventMsgOf<"task_started">["collaboration_mode_kind"];
  timeoutMs?: number;
  signal: AbortSignal;
  emit: (msg: KnownEventMsg) => void;
  /** Records what the model will see of the command. */
  record: (item: MessageItem) => void;
}

/** The argv that runs a command line through the user's shell (bash when present, as Codex shows it). */
export function userShellArgv(command: string): string[] {
  return existsSync("/bin/bash") ? ["/bin/bash", "-lc", command] : ["/bin/sh", "-c", command];
}

/** The message the model reads about the command: what ran and what it printed. */
export function userShellRecord(
  command: string,
  exitCode: number,
  durationMs: number,
  output: string,
): string {
  return [
    "<user_shell_command>",
    "<command>",
    command,
    "</command>",
    "<result>",
    `Exit code: ${exitCode}`,
    `Duration: ${(durationMs / 1000).toFixed(4)} seconds`,
    "Output:",
    output,
    "</result>",
    "</user_shell_command>",
  ].join("\n");
}

export async function runUserShell(run: UserShellRun): Promise<void> {
  const { emit, turnId, callId, cwd } = run;
  const argv = userShellArgv(run.command);
  emit({ type: "task_started", turn_id: turnId, collaboration_mode_kind: run.collaborationMode });
  emit({ type: "exec_command_begin", call_id: callId, command: argv, cwd, source: "user_shell" });
  const result = await runProcess({
    argv,
    cwd,
    env: run.env,
    signal: run.signal,
    timeoutMs: run.timeoutMs ?? USER_SHELL_DEFAULT_TIMEOUT_MS,
    onOutput: (stream, chunk) =>
      emit({ type: "exec_command_output_delta", call_id: callId, stream, chunk: chunk.toString("base64") }),
  });
  const output = result.spawnError ? `failed to start ${argv[0]}: ${result.spawnError}` : result.aggregated;
  const durationMs = Math.round(result.durationMs);
  emit({
    type: "exec_command_end",
    call_id: callId,
    command: argv,
    cwd,
    stdout: result.stdout,
    stderr: result.spawnError ?? result.stderr,
    aggregated_output: output,
    exit_code: result.exitCode,
    duration_ms: durationMs,
    formatted_output: output,
  });
  run.record(userTextMessage(userShellRecord(run.command, result.exitCode, result.durationMs, output)));
  if (run.signal.aborted) {
    const reason = run.signal.reason instanceof TaskAbort ? run.signal.reason.reason : "interrupted";
    emit({ type: "turn_aborted", turn_id: turnId, reason });
    return;
  }
  emit({ type: "task_complete", turn_id: turnId, last_agent_message: null, response_id: null });
}
