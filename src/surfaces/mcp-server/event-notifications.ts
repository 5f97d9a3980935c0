// Engine events as the MCP client sees them while a turn runs: every event (but streaming deltas) as a
// logging notification whose data is the event, and a progress notification with a one-line summary for
// those a person would want to follow (read from the engine's items).
import type { Event, KnownEventMsg } from "../../protocol/core-protocol.js";
import { contentText, type TurnItem } from "../../protocol/turn-item.js";

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
    case "item_started":
      return startedMessage(msg.item);
    case "item_completed":
      return completedMessage(msg.item);
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

function startedMessage(item: TurnItem): string | undefined {
  switch (item.type) {
    case "commandExecution":
      return `running: ${clip(item.command.join(" "))}`;
    case "fileChange":
      return `editing: ${Object.keys(item.changes).join(", ")}`;
    case "mcpToolCall":
      return `calling ${item.server}.${item.tool}`;
    default:
      return undefined;
  }
}

function completedMessage(item: TurnItem): string | undefined {
  switch (item.type) {
    case "reasoning":
      return item.summary.length > 0 ? `thinking: ${clip(item.summary.join(" "))}` : undefined;
    case "agentMessage":
      return `message: ${clip(item.text)}`;
    case "commandExecution":
      return `exited ${item.exit_code ?? item.status}: ${clip(item.command.join(" "))}`;
    case "webSearch":
      return `web search: ${clip(item.query)}`;
    case "dynamicToolCall":
      return item.status === "failed"
        ? `${item.tool} failed: ${clip(contentText(item.content_items))}`
        : undefined;
    default:
      return undefined;
  }
}

export function loggingData(threadId: string, event: Event): Record<string, unknown> {
  return { threadId, id: event.id, msg: event.msg };
}
