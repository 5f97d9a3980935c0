// `fleet watch` without --json: one readable line per item, as `exec` prints its progress.
import type { FleetStreamEvent } from "./item-stream.js";

const MAX_OUTPUT_LINES = 5;

function tail(text: string): string {
  const lines = text.trimEnd().split("\n");
  const shown = lines.slice(-MAX_OUTPUT_LINES).map((l) => `    ${l}`);
  return lines.length > MAX_OUTPUT_LINES
    ? [`    … ${lines.length - MAX_OUTPUT_LINES} more lines`, ...shown].join("\n")
    : shown.join("\n");
}

/** The line(s) for one stream event, or undefined for events a person need not see. */
export function describeEvent(event: FleetStreamEvent): string | undefined {
  switch (event.type) {
    case "fleet.run.started":
      return `[fleet] run ${event.run} on ${event.worker}${event.resumed ? " (taking over from the rollout)" : ""}`;
    case "fleet.approval.requested":
      return `[fleet] waiting for approval (${event.kind}): ${event.summary} — answer with \`codex-ts fleet approve\``;
    case "fleet.approval.answered":
      return `[fleet] approval ${event.decision}`;
    case "fleet.task.finished":
      return `[fleet] task ${event.state}${event.error && event.state !== "cancelled" ? `: ${event.error}` : ""}`;
    case "thread.started":
      return `thread ${event.thread_id}`;
    case "turn.completed":
      return `tokens used: ${event.usage.input_tokens + event.usage.output_tokens}`;
    case "turn.failed":
      return `turn failed: ${event.error.message}`;
    case "error":
      return `error: ${event.message}`;
    case "item.started":
      return event.item.type === "command_execution" ? `exec ${event.item.command}` : undefined;
    case "item.completed": {
      const item = event.item;
      switch (item.type) {
        case "agent_message":
          return `codex\n${item.text}`;
        case "reasoning":
          return `thinking\n${item.text}`;
        case "command_execution":
          return `exec ${item.command} → exit ${item.exit_code ?? "?"}${item.aggregated_output ? `\n${tail(item.aggregated_output)}` : ""}`;
        case "file_change":
          return `patch ${item.status}: ${item.changes.map((c) => `${c.kind} ${c.path}`).join(", ")}`;
        case "error":
          return `warning: ${item.message}`;
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}
