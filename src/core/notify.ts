// `notify = ["prog", "arg"]`: when a turn completes, runs the program with a JSON payload as its last
// argument, as Codex does. It runs detached and is not waited for; a program that cannot start is a warning.
import { spawn } from "node:child_process";
import type { UserInputItem } from "../protocol/user-input.js";
import { findExecutable } from "../sandbox/detect.js";

export interface TurnCompletePayload {
  type: "agent-turn-complete";
  "thread-id": string;
  "turn-id": string;
  cwd: string;
  "input-messages": string[];
  "last-assistant-message": string | null;
}

export function runNotify(
  argv: string[],
  payload: TurnCompletePayload,
  warn: (message: string) => void,
): void {
  const [program, ...args] = argv;
  if (!program) return;
  // Checked up front so the warning lands in the turn, before a short-lived client (exec) exits.
  if (!findExecutable(program)) {
    warn(`notify: could not run ${program}: not found or not executable`);
    return;
  }
  try {
    const child = spawn(program, [...args, JSON.stringify(payload)], { stdio: "ignore", detached: true });
    child.on("error", (err) => warn(`notify: could not run ${program}: ${err.message}`));
    child.unref();
  } catch (err) {
    warn(`notify: could not run ${program}: ${(err as Error).message}`);
  }
}

export function notifyOnComplete(
  argv: string[],
  turn: {
    threadId: string;
    turnId: string;
    cwd: string;
    input: readonly UserInputItem[];
    warn: (m: string) => void;
  },
): (lastAgentMessage: string | undefined) => void {
  return (lastAgentMessage) =>
    runNotify(
      argv,
      {
        type: "agent-turn-complete",
        "thread-id": turn.threadId,
        "turn-id": turn.turnId,
        cwd: turn.cwd,
        "input-messages": turn.input.flatMap((item) => (item.type === "text" ? [item.text] : [])),
        "last-assistant-message": lastAgentMessage ?? null,
      },
      turn.warn,
    );
}
