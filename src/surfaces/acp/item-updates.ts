// The engine's items -> ACP `session/update`s: the one place that decides how a thread item looks in an ACP
// editor. It reads the core's typed items (item_started / item_completed) and their deltas (message and
// reasoning text, a command's output), as the app-server's turn projector does; nothing else.
import { StringDecoder } from "node:string_decoder";
import { quote } from "shell-quote";
import type { PlanEntry, SessionUpdate, ToolCallContent } from "@agentclientprotocol/sdk";
import type { KnownEventMsg, PlanStep } from "../../protocol/core-protocol.js";
import { contentText, type TurnItem } from "../../protocol/turn-item.js";
import type { ToolCallLedger } from "./tool-calls.js";
import { absolutePath, changeDiffs, commandKind, textContent } from "./tool-calls.js";

/** Live output shown per command: the tail, so a chatty command does not grow every update without end. */
const OUTPUT_TAIL = 64 * 1024;

/** What else a command's tool call shows: the editor's terminal it runs in, when it runs in one. */
export type TerminalOf = (callId: string) => string | undefined;

export class ItemUpdates {
  /** Text streamed per message or reasoning item, which its completed item must not repeat. */
  private readonly streamed = new Map<string, { text: string; part: number }>();
  private readonly outputs = new Map<string, { decoder: StringDecoder; text: string }>();

  constructor(
    private readonly calls: ToolCallLedger,
    private readonly cwd: string,
    private readonly terminalOf: TerminalOf = () => undefined,
  ) {}

  started(item: TurnItem): SessionUpdate[] {
    return this.project(item, false);
  }

  completed(item: TurnItem): SessionUpdate[] {
    const updates = this.project(item, true);
    this.streamed.delete(item.id);
    this.outputs.delete(item.id);
    return updates;
  }

  /** An open item's delta; undefined for events that are not one. */
  delta(msg: KnownEventMsg): SessionUpdate[] | undefined {
    switch (msg.type) {
      case "agent_message_content_delta":
        return this.stream("agent_message_chunk", msg.item_id, msg.delta, 0);
      case "agent_reasoning_delta":
        return this.stream(
          "agent_thought_chunk",
          msg.item_id ?? "reasoning",
          msg.delta,
          msg.summary_index ?? 0,
        );
      case "agent_reasoning_section_break":
      case "plan_delta":
        // A proposed plan is shown once complete; a new summary part is seen at its first delta.
        return [];
      case "exec_command_output_delta":
        return this.commandOutput(msg.call_id, msg.chunk);
      default:
        return undefined;
    }
  }

  /** The todo list `update_plan` keeps (a turn's state, not an item), as the editor's plan. */
  static plan(steps: readonly PlanStep[]): SessionUpdate {
    return {
      sessionUpdate: "plan",
      entries: steps.map((s): PlanEntry => ({ content: s.step, priority: "medium", status: s.status })),
    };
  }

  private stream(
    update: "agent_message_chunk" | "agent_thought_chunk",
    itemId: string,
    delta: string,
    part: number,
  ): SessionUpdate[] {
    const seen = this.streamed.get(itemId);
    // Summary parts are separate paragraphs: a new part starts on its own.
    const text = seen && part > seen.part && seen.text !== "" ? `\n\n${delta}` : delta;
    this.streamed.set(itemId, { text: (seen?.text ?? "") + text, part });
    return text === "" ? [] : [{ sessionUpdate: update, content: { type: "text", text } }];
  }

  private commandOutput(callId: string, chunk: string): SessionUpdate[] {
    let output = this.outputs.get(callId);
    if (!output) this.outputs.set(callId, (output = { decoder: new StringDecoder("utf8"), text: "" }));
    const text = output.text + output.decoder.write(Buffer.from(chunk, "base64"));
    output.text = text.length > OUTPUT_TAIL ? text.slice(-OUTPUT_TAIL) : text;
    // A command in the editor's terminal is shown live there.
    if (this.terminalOf(callId) !== undefined) return [];
    return [this.calls.update({ toolCallId: callId, content: [textContent(fence(output.text))] })];
  }

  /** What a completed message or reasoning adds to what was streamed of it. */
  private rest(
    update: "agent_message_chunk" | "agent_thought_chunk",
    id: string,
    text: string,
  ): SessionUpdate[] {
    const streamed = this.streamed.get(id)?.text ?? "";
    const rest = streamed === "" ? text : text.startsWith(streamed) ? text.slice(streamed.length) : "";
    return rest === "" ? [] : [{ sessionUpdate: update, content: { type: "text", text: rest } }];
  }

  private project(item: TurnItem, done: boolean): SessionUpdate[] {
    const id = item.id;
    switch (item.type) {
      case "userMessage":
      case "hookPrompt":
      case "contextCompaction":
        // The user's own words are the editor's already; a Stop hook's prompt is the model's input, not
        // the agent's output; a compaction has nothing to show.
        return [];
      case "agentMessage":
        return done ? this.rest("agent_message_chunk", id, item.text) : [];
      case "reasoning": {
        if (!done || this.streamed.has(id)) return [];
        const parts = item.summary.length > 0 ? item.summary : item.content;
        return this.rest("agent_thought_chunk", id, parts.join("\n\n"));
      }
      case "plan":
        // Plan mode's proposed plan is prose (markdown): shown as the answer once it is complete.
        return done
          ? [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: item.text } }]
          : [];
      case "commandExecution":
        return this.command(item, done);
      case "fileChange": {
        const paths = Object.keys(item.changes);
        if (!done) {
          return [
            this.calls.open({
              toolCallId: id,
              title: `Edit ${paths.join(", ")}`,
              kind: "edit",
              status: "in_progress",
              locations: paths.map((p) => ({ path: absolutePath(p, this.cwd) })),
              content: changeDiffs(item.changes, this.cwd),
            }),
          ];
        }
        return [
          this.calls.update({
            toolCallId: id,
            status: item.status === "completed" ? "completed" : "failed",
            ...(item.error ? { content: [textContent(item.error)] } : {}),
          }),
        ];
      }
      case "mcpToolCall": {
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
          ? [textContent(item.error)]
          : (item.result?.content ?? []).flatMap(mcpContent);
        return [
          this.calls.update({
            toolCallId: id,
            status: item.status === "completed" ? "completed" : "failed",
            content,
            rawOutput: item.result ?? { error: item.error },
          }),
        ];
      }
      case "dynamicToolCall": {
        const text = contentText(item.content_items);
        return [
          this.calls.open({
            toolCallId: id,
            title: item.tool,
            kind: "other",
            status: !done ? "in_progress" : item.status === "completed" ? "completed" : "failed",
            rawInput: item.arguments,
            ...(done && text ? { content: [textContent(text)] } : {}),
          }),
        ];
      }
      case "collabAgentToolCall": {
        const lines = item.agents.map(
          (a) => `agent ${a.agent_id}: ${a.status}${a.message ? `\n${a.message}` : ""}`,
        );
        const text = item.error ?? lines.join("\n\n");
        return [
          this.calls.open({
            toolCallId: id,
            title: `Subagents: ${item.tool}`,
            kind: "think",
            status: !done ? "in_progress" : item.status === "completed" ? "completed" : "failed",
            rawInput: {
              tool: item.tool,
              prompt: item.prompt ?? null,
              agents: item.agents.map((a) => a.agent_id),
            },
            ...(done && text ? { content: [textContent(text)] } : {}),
          }),
        ];
      }
      case "webSearch":
        return [
          this.calls.open({
            toolCallId: id,
            title: `Search the web: ${item.query}`,
            kind: "fetch",
            status: done ? "completed" : "in_progress",
          }),
        ];
      case "imageView":
        return [
          this.calls.open({
            toolCallId: id,
            title: `View ${item.path}`,
            kind: "read",
            status: done ? "completed" : "in_progress",
            locations: [{ path: absolutePath(item.path, this.cwd) }],
          }),
        ];
      case "enteredReviewMode":
        return done ? [chunk(`Reviewing ${item.review}\n\n`)] : [];
      case "exitedReviewMode":
        return done && item.review !== "" ? [chunk(item.review)] : [];
    }
  }

  private command(item: Extract<TurnItem, { type: "commandExecution" }>, done: boolean): SessionUpdate[] {
    const terminalId = this.terminalOf(item.id);
    const terminal: ToolCallContent[] = terminalId ? [{ type: "terminal", terminalId }] : [];
    if (!done) {
      const command = quote(item.command);
      return [
        this.calls.open({
          toolCallId: item.id,
          title: command,
          kind: commandKind(command),
          status: "in_progress",
          rawInput: { command: item.command, cwd: item.cwd },
          ...(terminal.length > 0 ? { content: terminal } : {}),
        }),
      ];
    }
    const output = item.aggregated_output ?? "";
    const content = terminal.length > 0 ? terminal : output !== "" ? [textContent(fence(output))] : [];
    return [
      this.calls.update({
        toolCallId: item.id,
        status: item.status === "completed" ? "completed" : "failed",
        // A refused command keeps what its approval showed.
        ...(content.length > 0 ? { content } : {}),
        rawOutput: { exit_code: item.exit_code, output },
      }),
    ];
  }
}

function chunk(text: string): SessionUpdate {
  return { sessionUpdate: "agent_message_chunk", content: { type: "text", text } };
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
