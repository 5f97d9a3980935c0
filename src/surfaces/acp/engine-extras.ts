// What ACP needs that the item projection does not carry, taken straight from the engine's events: text and
// reasoning as they stream, a command's output while it runs, which plan step is in progress, and the tool
// calls the projection has no item for (view_image, subagent tools). Approvals have their own module
// (permissions.ts).
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import type { KnownEventMsg } from "../../protocol/core-protocol.js";
import type { ItemDetails } from "./item-updates.js";
import { absolutePath, textContent, type ToolCallLedger } from "./tool-calls.js";

/** Live output shown per command: the tail, so a chatty command does not grow every update without end. */
const OUTPUT_TAIL = 64 * 1024;

export class EngineExtras implements ItemDetails {
  private readonly streamed = { message: "", thought: "" };
  private stepsInProgress = new Set<string>();
  private readonly outputs = new Map<string, string>();

  constructor(
    private readonly calls: ToolCallLedger,
    private readonly cwd: string,
  ) {}

  take(kind: "message" | "thought"): string {
    const text = this.streamed[kind];
    this.streamed[kind] = "";
    return text;
  }

  inProgress(step: string): boolean {
    return this.stepsInProgress.has(step);
  }

  /** Notes what the items of this event will need; read before they are mapped. */
  observe(msg: KnownEventMsg): void {
    if (msg.type === "plan_update") {
      this.stepsInProgress = new Set(msg.plan.filter((s) => s.status === "in_progress").map((s) => s.step));
    }
  }

  /** Updates for an event, sent after the item updates of the same event. */
  updates(msg: KnownEventMsg): SessionUpdate[] {
    switch (msg.type) {
      case "agent_message_content_delta":
        this.streamed.message += msg.delta;
        return [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: msg.delta } }];
      case "agent_reasoning_delta":
        this.streamed.thought += msg.delta;
        return [{ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: msg.delta } }];
      case "agent_reasoning_section_break":
        this.streamed.thought = "";
        return [];
      case "exec_command_output_delta": {
        const text =
          (this.outputs.get(msg.call_id) ?? "") + Buffer.from(msg.chunk, "base64").toString("utf8");
        const tail = text.length > OUTPUT_TAIL ? text.slice(-OUTPUT_TAIL) : text;
        this.outputs.set(msg.call_id, tail);
        return [
          this.calls.update({ toolCallId: msg.call_id, content: [textContent(`\`\`\`\n${tail}\n\`\`\``)] }),
        ];
      }
      case "item_completed":
        // A command's item has its call id: its output tail is no longer needed.
        if (msg.item.type === "commandExecution") this.outputs.delete(msg.item.id);
        return [];
      case "view_image_tool_call": {
        const path = absolutePath(msg.path, this.cwd);
        return [
          this.calls.open({
            toolCallId: msg.call_id,
            title: `View ${msg.path}`,
            kind: "read",
            status: "completed",
            locations: [{ path }],
          }),
        ];
      }
      case "subagent_tool_call_begin":
        return [
          this.calls.open({
            toolCallId: msg.call_id,
            title: `Subagents: ${msg.tool}`,
            kind: "think",
            status: "in_progress",
            rawInput: {
              tool: msg.tool,
              prompt: msg.prompt ?? null,
              agents: msg.agents.map((a) => a.agent_id),
            },
          }),
        ];
      case "subagent_tool_call_end": {
        const lines = msg.agents.map(
          (a) => `agent ${a.agent_id}: ${a.status}${a.message ? `\n${a.message}` : ""}`,
        );
        const text = msg.error ?? lines.join("\n\n");
        return [
          this.calls.update({
            toolCallId: msg.call_id,
            status: msg.success ? "completed" : "failed",
            ...(text ? { content: [textContent(text)] } : {}),
          }),
        ];
      }
      case "task_started":
      case "task_complete":
      case "turn_aborted":
        this.streamed.message = "";
        this.streamed.thought = "";
        return [];
      default:
        return [];
    }
  }
}
