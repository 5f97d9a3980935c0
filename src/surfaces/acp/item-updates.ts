// Items -> ACP `session/update`s: the one place that decides how a thread item looks in an ACP editor.
// It reads items only (ItemEvent), never engine events, so the item source can change without touching it.
import type { PlanEntry, SessionUpdate, ToolCallContent } from "@agentclientprotocol/sdk";
import type { FileChange } from "../../protocol/core-protocol.js";
import type { ExecThreadItem } from "../../protocol/exec-events.js";
import type { ToolCallLedger } from "./tool-calls.js";
import { absolutePath, changeDiffs, commandKind, textContent } from "./tool-calls.js";

/** One item moving through its life, and the tool call id it is shown under (its own id when absent). */
export interface ItemEvent {
  phase: "started" | "updated" | "completed";
  item: ExecThreadItem;
  toolCallId?: string;
  /** A file change's changes in full (the item shows only paths and kinds): shown as diffs. */
  changes?: Record<string, FileChange>;
}

/** What the items do not carry, supplied from elsewhere (engine-extras.ts today). */
export interface ItemDetails {
  /** Text already streamed to the client as chunks, which a completed message must not repeat. */
  take(kind: "message" | "thought"): string;
  /** Whether a plan step not completed is the one in progress (a todo item knows only "completed"). */
  inProgress(step: string): boolean;
}

export class ItemUpdates {
  constructor(
    private readonly calls: ToolCallLedger,
    private readonly details: ItemDetails,
    private readonly cwd: string,
  ) {}

  map({ phase, item, toolCallId, changes }: ItemEvent): SessionUpdate[] {
    const id = toolCallId ?? item.id;
    const done = phase === "completed";
    switch (item.type) {
      case "agent_message":
        return this.chunk("agent_message_chunk", "message", item.text);
      case "reasoning":
        return this.chunk("agent_thought_chunk", "thought", item.text);
      case "plan":
        // Plan mode's proposed plan is prose (markdown): shown as the answer once it is complete.
        return done
          ? [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: item.text } }]
          : [];
      case "todo_list":
        return [{ sessionUpdate: "plan", entries: item.items.map((step) => this.planEntry(step)) }];
      case "error":
        return [
          {
            sessionUpdate: "agent_message_chunk",
            content: { type: "text", text: `\n\n⚠ ${item.message}\n` },
          },
        ];
      case "command_execution": {
        const status = !done ? "in_progress" : item.status === "completed" ? "completed" : "failed";
        const content: ToolCallContent[] =
          done && item.aggregated_output !== "" ? [textContent(fence(item.aggregated_output))] : [];
        if (!done) {
          return [
            this.calls.open({
              toolCallId: id,
              title: item.command,
              kind: commandKind(item.command),
              status,
              rawInput: { command: item.command },
            }),
          ];
        }
        return [
          this.calls.update({
            toolCallId: id,
            status,
            content,
            rawOutput: { exit_code: item.exit_code, output: item.aggregated_output },
          }),
        ];
      }
      case "file_change": {
        const locations = item.changes.map((c) => ({ path: absolutePath(c.path, this.cwd) }));
        const diffs = changes ? { content: changeDiffs(changes, this.cwd) } : {};
        if (!done) {
          return [
            this.calls.open({
              toolCallId: id,
              title: `Edit ${item.changes.map((c) => c.path).join(", ")}`,
              kind: "edit",
              status: "in_progress",
              locations,
              ...diffs,
            }),
          ];
        }
        return [
          this.calls.update({ toolCallId: id, status: item.status === "completed" ? "completed" : "failed" }),
        ];
      }
      case "mcp_tool_call": {
        if (!done) {
          return [
            this.calls.open({
              toolCallId: id,
              title: `${item.server}: ${item.tool}`,
              kind: "other",
              status: "in_progress",
              rawInput: item.arguments,
            }),
          ];
        }
        const content = item.error
          ? [textContent(item.error.message)]
          : (item.result?.content ?? []).flatMap(mcpContent);
        return [
          this.calls.update({
            toolCallId: id,
            status: item.status === "completed" ? "completed" : "failed",
            content,
            rawOutput: item.result ?? item.error,
          }),
        ];
      }
      case "web_search":
        return [
          this.calls.open({
            toolCallId: id,
            title: `Search the web: ${item.query}`,
            kind: "fetch",
            status: done ? "completed" : "in_progress",
          }),
        ];
    }
  }

  private planEntry(step: { text: string; completed: boolean }): PlanEntry {
    const status = step.completed
      ? "completed"
      : this.details.inProgress(step.text)
        ? "in_progress"
        : "pending";
    return { content: step.text, priority: "medium", status };
  }

  private chunk(
    update: "agent_message_chunk" | "agent_thought_chunk",
    kind: "message" | "thought",
    text: string,
  ): SessionUpdate[] {
    const streamed = this.details.take(kind);
    // What was streamed is the start of the item's text; only a rest nobody saw yet is sent.
    const rest = streamed === "" ? text : text.startsWith(streamed) ? text.slice(streamed.length) : "";
    return rest === "" ? [] : [{ sessionUpdate: update, content: { type: "text", text: rest } }];
  }
}

function fence(output: string): string {
  return `\`\`\`\n${output.replace(/\n$/, "")}\n\`\`\``;
}

/** MCP result blocks are ACP content blocks already when they are text or images; the rest as JSON text. */
function mcpContent(block: unknown): ToolCallContent[] {
  const b = block as { type?: unknown; text?: unknown; data?: unknown; mimeType?: unknown };
  if (b.type === "text" && typeof b.text === "string") return [textContent(b.text)];
  if (b.type === "image" && typeof b.data === "string" && typeof b.mimeType === "string") {
    return [{ type: "content", content: { type: "image", data: b.data, mimeType: b.mimeType } }];
  }
  return [textContent(JSON.stringify(block))];
}
