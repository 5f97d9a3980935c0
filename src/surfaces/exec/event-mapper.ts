// Core events -> the exec JSONL ThreadEvents that @openai/codex-sdk reads: a projection of the engine's
// items (one exec item per engine item, numbered `item_N` as the real Codex exec numbers them), plus the
// turn boundaries, the step list (todo_list) and what exec refused.
import { quote } from "shell-quote";
import type { Event, EventMsgOf, TokenUsage } from "../../protocol/core-protocol.js";
import { contentText, type TurnItem } from "../../protocol/turn-item.js";
import type { ExecThreadEvent, ExecThreadItem, ExecUsage } from "../../protocol/exec-events.js";
import { refuseRequest } from "./unanswerable-requests.js";

type TodoItem = Extract<ExecThreadItem, { type: "todo_list" }>;

/** Statuses of exec item kinds that cannot be declined: a refusal shows as a failure. */
function undeclined(status: "in_progress" | "completed" | "failed" | "declined") {
  return status === "declined" ? "failed" : status;
}

export class ExecEventMapper {
  private nextItem = 0;
  /** Engine item id -> exec item id. */
  private readonly ids = new Map<string, string>();
  private todo: TodoItem | undefined;
  private usage: TokenUsage | undefined;
  private turnUsageStart: TokenUsage | undefined;
  lastAgentMessage: string | undefined;
  /** The latest proposed plan (plan mode): the answer when the model wrote only a plan. */
  lastPlan: string | undefined;
  failure: string | undefined;

  map(event: Event): ExecThreadEvent[] {
    const msg = event.msg;
    switch (msg.type) {
      case "session_configured":
        return [{ type: "thread.started", thread_id: msg.session_id }];
      case "task_started":
        this.turnUsageStart = this.usage;
        this.todo = undefined;
        return [{ type: "turn.started" }];
      case "item_started":
        return this.itemStarted(msg.item);
      case "item_completed":
        return this.itemCompleted(msg.item);
      case "plan_update":
        return [this.updateTodo(msg)];
      case "token_count":
        if (msg.info) this.usage = msg.info.total_token_usage;
        return [];
      case "warning":
        return [this.completed({ id: this.id(), type: "error", message: msg.message })];
      case "exec_approval_request":
      case "apply_patch_approval_request":
      case "request_user_input": {
        // Exec refuses these at once (run-exec.ts); the reader learns what was refused as an error item.
        const notice = refuseRequest(msg)?.notice;
        return notice ? [this.completed({ id: this.id(), type: "error", message: notice })] : [];
      }
      case "stream_error":
        return [{ type: "error", message: msg.message }];
      case "error":
        this.failure = msg.message;
        return [...this.closeTodo(), { type: "turn.failed", error: { message: msg.message } }];
      case "turn_aborted":
        this.failure = `turn ${msg.reason}`;
        return [...this.closeTodo(), { type: "turn.failed", error: { message: `turn ${msg.reason}` } }];
      case "task_complete":
        return [...this.closeTodo(), { type: "turn.completed", usage: this.turnUsage() }];
      default:
        return [];
    }
  }

  private id(): string {
    return `item_${this.nextItem++}`;
  }

  /** The exec id of an engine item: started and completed under the same one. */
  private idOf(itemId: string): string {
    let id = this.ids.get(itemId);
    if (id === undefined) {
      id = this.id();
      this.ids.set(itemId, id);
    }
    return id;
  }

  /**
   * Messages and reasoning show once, completed (as the real Codex exec shows them); so does a failed tool
   * call, as an error.
   */
  private itemStarted(item: TurnItem): ExecThreadEvent[] {
    if (item.type === "agentMessage" || item.type === "reasoning" || item.type === "dynamicToolCall")
      return [];
    const exec = this.toExec(item);
    return exec ? [{ type: "item.started", item: exec }] : [];
  }

  private itemCompleted(item: TurnItem): ExecThreadEvent[] {
    if (item.type === "agentMessage") this.lastAgentMessage = item.text;
    if (item.type === "plan") this.lastPlan = item.text;
    const exec = this.toExec(item);
    this.ids.delete(item.id);
    return exec ? [this.completed(exec)] : [];
  }

  private toExec(item: TurnItem): ExecThreadItem | undefined {
    switch (item.type) {
      case "agentMessage":
        return { id: this.idOf(item.id), type: "agent_message", text: item.text };
      case "reasoning":
        // A reasoning item without a summary (only encrypted content) has nothing to show; raw reasoning
        // (there only with show_raw_agent_reasoning) follows the summary.
        if (item.summary.length === 0 && item.content.length === 0) return undefined;
        return {
          id: this.idOf(item.id),
          type: "reasoning",
          text: [...item.summary, ...item.content].join("\n\n"),
        };
      case "plan":
        return { id: this.idOf(item.id), type: "plan", text: item.text };
      case "commandExecution":
        return {
          id: this.idOf(item.id),
          type: "command_execution",
          command: quote(item.command),
          aggregated_output: item.aggregated_output ?? "",
          exit_code: item.exit_code,
          status: item.status,
        };
      case "fileChange":
        return {
          id: this.idOf(item.id),
          type: "file_change",
          changes: Object.entries(item.changes).map(([path, change]) => ({ path, kind: change.type })),
          status: undeclined(item.status),
        };
      case "mcpToolCall": {
        const base = {
          id: this.idOf(item.id),
          type: "mcp_tool_call" as const,
          server: item.server,
          tool: item.tool,
          arguments: item.arguments ?? null,
          status: undeclined(item.status),
        };
        if (item.error) return { ...base, error: { message: item.error } };
        if (!item.result) return base;
        const { content, structured_content } = item.result;
        return { ...base, result: { content, structured_content: structured_content ?? null } };
      }
      case "webSearch":
        return { id: this.idOf(item.id), type: "web_search", query: item.query };
      case "dynamicToolCall":
        // The exec stream has no tool call kind: a call that failed is an error naming the tool.
        if (item.status !== "failed") return undefined;
        return {
          id: this.idOf(item.id),
          type: "error",
          message: `${item.tool}: ${contentText(item.content_items)}`,
        };
      default:
        // The exec stream has no kind for the rest (user messages, subagent calls, compactions, ...).
        return undefined;
    }
  }

  private completed(item: ExecThreadItem): ExecThreadEvent {
    return { type: "item.completed", item };
  }

  private updateTodo(msg: EventMsgOf<"plan_update">): ExecThreadEvent {
    const items = msg.plan.map((step) => ({ text: step.step, completed: step.status === "completed" }));
    if (!this.todo) {
      this.todo = { id: this.id(), type: "todo_list", items };
      return { type: "item.started", item: this.todo };
    }
    this.todo = { ...this.todo, items };
    return { type: "item.updated", item: this.todo };
  }

  private closeTodo(): ExecThreadEvent[] {
    const todo = this.todo;
    this.todo = undefined;
    return todo ? [this.completed(todo)] : [];
  }

  /** Usage of this turn: the total now minus the total when it started. */
  private turnUsage(): ExecUsage {
    const now = this.usage;
    const start = this.turnUsageStart;
    const diff = (k: keyof TokenUsage) => (now?.[k] ?? 0) - (start?.[k] ?? 0);
    return {
      input_tokens: diff("input_tokens"),
      cached_input_tokens: diff("cached_input_tokens"),
      cache_write_input_tokens: 0,
      output_tokens: diff("output_tokens"),
      reasoning_output_tokens: diff("reasoning_output_tokens"),
    };
  }
}
