// A subagent's recent activity, for `subagent_logs`: a bounded list of one-line entries made from its
// events (inputs, messages, reasoning headers, commands, outcomes). Reading it never affects the child.
import { reasoningHeader } from "./reasoning-header.js";

export interface ActivityEntry {
  /** ISO time the entry was made (or, from a rollout, the line's timestamp). */
  at: string;
  text: string;
}

const MAX_ENTRIES = 200;
const MAX_ENTRY_CHARS = 400;

export class ActivityLog {
  private readonly entries: ActivityEntry[] = [];

  add(text: string, at: string = new Date().toISOString()): void {
    const oneLine = text.replace(/\s+/g, " ").trim();
    const short = oneLine.length > MAX_ENTRY_CHARS ? `${oneLine.slice(0, MAX_ENTRY_CHARS - 1)}…` : oneLine;
    this.entries.push({ at, text: short });
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  /** The last `limit` entries, oldest first. */
  recent(limit: number): ActivityEntry[] {
    return this.entries.slice(-Math.max(0, limit));
  }

  get size(): number {
    return this.entries.length;
  }
}

/** Loosely typed so it also reads events from a rollout file (whose payloads are plain JSON). */
type EventLike = { type: string; [key: string]: unknown };

/** The log line an event deserves, if any (deltas and other chatter deserve none). */
export function activityOf(m: EventLike): string | undefined {
  const str = (key: string): string => (typeof m[key] === "string" ? m[key] : "");
  switch (m.type) {
    case "task_started":
      return "turn started";
    case "user_message":
      return `input: ${str("message")}`;
    case "agent_message":
      return `message: ${str("message")}`;
    case "agent_reasoning": {
      const header = reasoningHeader(str("text"));
      return header ? `thinking: ${header}` : undefined;
    }
    case "exec_command_begin":
      return `run: ${commandText(m.command)}`;
    case "exec_command_end":
      return `exit ${String(m.exit_code)}: ${firstLine(str("aggregated_output"))}`;
    case "exec_approval_request":
      return `waiting for approval to run: ${commandText(m.command)}`;
    case "apply_patch_approval_request":
      return `waiting for approval of a patch to ${Object.keys(objectOf(m.changes)).join(", ")}`;
    case "patch_apply_end":
      return m.success === true ? "patch applied" : `patch failed: ${firstLine(str("stderr"))}`;
    case "plan_update":
      return `plan updated (${Array.isArray(m.plan) ? m.plan.length : 0} steps)`;
    case "task_complete":
      return "turn complete";
    case "turn_aborted":
      return `turn aborted (${str("reason")})`;
    case "error":
      return `error: ${str("message")}`;
    case "warning":
      return `warning: ${str("message")}`;
    default:
      return undefined;
  }
}

function commandText(command: unknown): string {
  if (!Array.isArray(command)) return "";
  const argv = command.map(String);
  // `bash -lc SCRIPT` reads best as the script.
  if (argv.length === 3 && /(^|\/)(ba|z)?sh$/.test(argv[0] ?? "") && argv[1]?.startsWith("-")) {
    return argv[2] ?? "";
  }
  return argv.join(" ");
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** The activity recorded in a child's rollout: what `subagent_logs` shows for a child not loaded here. */
export function activityFromRollout(
  lines: ReadonlyArray<{ type: string; timestamp: string; payload: unknown }>,
): ActivityLog {
  const log = new ActivityLog();
  for (const line of lines) {
    if (line.type !== "event_msg") continue;
    const text = activityOf(line.payload as EventLike);
    if (text) log.add(text, line.timestamp);
  }
  return log;
}
