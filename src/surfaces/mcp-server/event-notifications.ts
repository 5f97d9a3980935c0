// Engine events as the MCP client sees them while a turn runs: every event (but streaming deltas) as a
// logging notification whose data is the event, and a progress notification with a one-line summary for
// those a person would want to follow.
import type { Event, KnownEventMsg } from "../../protocol/core-protocol.js";

const NOT_LOGGED = new Set<string>([
  "agent_message_content_delta",
  "agent_reasoning_delta",
  "exec_command_output_delta",
]);

export function shouldLog(msg: KnownEventMsg): boolean {
  return !NOT_LOGGED.has(msg.type);
}

function clip(text: string, max = 200): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A one-line summary for a progress notification, or undefined for events not worth one. */
export function progressMessage(msg: KnownEventMsg): string | undefined {
  switch (msg.type) {
    case "session_configured":
      return `thread ${msg.session_id} started (model ${msg.model})`;
    case "task_started":
      return "turn started";
    case "agent_reasoning":
      return `thinking: ${clip(msg.text)}`;
    case "agent_message":
      return `message: ${clip(msg.message)}`;
    case "exec_command_begin":
      return `running: ${clip(msg.command.join(" "))}`;
    case "exec_command_end":
      return `exited ${msg.exit_code}: ${clip(msg.command.join(" "))}`;
    case "patch_apply_begin":
      return `editing: ${Object.keys(msg.changes).join(", ")}`;
    case "mcp_tool_call_begin":
      return `calling ${msg.invocation.server}.${msg.invocation.tool}`;
    case "tool_call_failed":
      return `${msg.tool} failed: ${clip(msg.error)}`;
    case "web_search_end":
      return `web search: ${clip(msg.query)}`;
    case "plan_update":
      return `plan: ${msg.plan.map((s) => `[${s.status}] ${s.step}`).join("; ")}`;
    case "warning":
      return `warning: ${clip(msg.message)}`;
    case "stream_error":
      return clip(msg.message);
    case "task_complete":
      return "turn complete";
    default:
      return undefined;
  }
}

export function loggingData(threadId: string, event: Event): Record<string, unknown> {
  return { threadId, id: event.id, msg: event.msg };
}
