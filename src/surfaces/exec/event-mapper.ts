// Core events -> the exec JSONL ThreadEvents that @openai/codex-sdk reads. One mapper, one place.
import { quote } from "shell-quote";
import type { Event, EventMsgOf, TokenUsage } from "../../protocol/core-protocol.js";
import type { ExecThreadEvent, ExecThreadItem, ExecUsage } from "../../protocol/exec-events.js";
import { refuseRequest } from "./unanswerable-requests.js";

type TodoItem = Extract<ExecThreadItem, { type: "todo_list" }>;
type McpCallItem = Extract<ExecThreadItem, { type: "mcp_tool_call" }>;

export class ExecEventMapper {
  private nextItem = 0;
  private readonly commands = new Map<string, Extract<ExecThreadItem, { type: "command_execution" }>>();
  private readonly patches = new Map<string, Extract<ExecThreadItem, { type: "file_change" }>>();
  private readonly mcpCalls = new Map<string, McpCallItem>();
  /** Web searches under way: call id -> exec item id. */
  private readonly webSearches = new Map<string, string>();
  private todo: TodoItem | undefined;
  /** Plan-mode plan items: core item id -> exec item id. */
  private readonly plans = new Map<string, string>();
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
      case "agent_message":
        this.lastAgentMessage = msg.message;
        return [this.completed({ id: this.id(), type: "agent_message", text: msg.message })];
      case "agent_reasoning":
        return [this.completed({ id: this.id(), type: "reasoning", text: msg.text })];
      case "exec_command_begin":
        return [this.startCommand(msg)];
      case "exec_command_end":
        return [this.endCommand(msg)];
      case "patch_apply_begin":
        return [this.startPatch(msg)];
      case "patch_apply_end":
        return [this.endPatch(msg)];
      case "mcp_tool_call_begin":
        return [this.startMcpCall(msg)];
      case "mcp_tool_call_end":
        return [this.endMcpCall(msg)];
      case "plan_update":
        return [this.updateTodo(msg)];
      case "tool_call_failed":
        return [this.completed({ id: this.id(), type: "error", message: `${msg.tool}: ${msg.error}` })];
      case "web_search_begin": {
        const id = this.webSearchId(msg.call_id);
        return [{ type: "item.started", item: { id, type: "web_search", query: "" } }];
      }
      case "web_search_end": {
        const id = this.webSearchId(msg.call_id);
        this.webSearches.delete(msg.call_id);
        return [this.completed({ id, type: "web_search", query: msg.query })];
      }
      case "item_started":
        return [
          { type: "item.started", item: { id: this.planId(msg.item.id), type: "plan", text: msg.item.text } },
        ];
      case "item_completed":
        this.lastPlan = msg.item.text;
        return [this.completed({ id: this.planId(msg.item.id), type: "plan", text: msg.item.text })];
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

  /** One exec item per plan: started and completed under the same id. */
  private planId(coreId: string): string {
    let id = this.plans.get(coreId);
    if (id === undefined) {
      id = this.id();
      this.plans.set(coreId, id);
    }
    return id;
  }

  private webSearchId(callId: string): string {
    let id = this.webSearches.get(callId);
    if (id === undefined) {
      id = this.id();
      this.webSearches.set(callId, id);
    }
    return id;
  }

  private completed(item: ExecThreadItem): ExecThreadEvent {
    return { type: "item.completed", item };
  }

  private startCommand(msg: EventMsgOf<"exec_command_begin">): ExecThreadEvent {
    const item = {
      id: this.id(),
      type: "command_execution" as const,
      command: quote(msg.command),
      aggregated_output: "",
      exit_code: null,
      status: "in_progress" as const,
    };
    this.commands.set(msg.call_id, item);
    return { type: "item.started", item };
  }

  private endCommand(msg: EventMsgOf<"exec_command_end">): ExecThreadEvent {
    const started = this.commands.get(msg.call_id);
    this.commands.delete(msg.call_id);
    return this.completed({
      id: started?.id ?? this.id(),
      type: "command_execution",
      command: started?.command ?? quote(msg.command),
      aggregated_output: msg.aggregated_output,
      exit_code: msg.exit_code,
      status: msg.exit_code === 0 ? "completed" : "failed",
    });
  }

  private startPatch(msg: EventMsgOf<"patch_apply_begin">): ExecThreadEvent {
    const item = {
      id: this.id(),
      type: "file_change" as const,
      changes: Object.entries(msg.changes).map(([path, change]) => ({ path, kind: change.type })),
      status: "in_progress" as const,
    };
    this.patches.set(msg.call_id, item);
    return { type: "item.started", item };
  }

  private endPatch(msg: EventMsgOf<"patch_apply_end">): ExecThreadEvent {
    const started = this.patches.get(msg.call_id);
    this.patches.delete(msg.call_id);
    return this.completed({
      id: started?.id ?? this.id(),
      type: "file_change",
      changes: started?.changes ?? [],
      status: msg.success ? "completed" : "failed",
    });
  }

  private startMcpCall(msg: EventMsgOf<"mcp_tool_call_begin">): ExecThreadEvent {
    const item: McpCallItem = {
      id: this.id(),
      type: "mcp_tool_call",
      server: msg.invocation.server,
      tool: msg.invocation.tool,
      arguments: msg.invocation.arguments ?? null,
      status: "in_progress",
    };
    this.mcpCalls.set(msg.call_id, item);
    return { type: "item.started", item };
  }

  private endMcpCall(msg: EventMsgOf<"mcp_tool_call_end">): ExecThreadEvent {
    const started = this.mcpCalls.get(msg.call_id);
    this.mcpCalls.delete(msg.call_id);
    const base = {
      id: started?.id ?? this.id(),
      type: "mcp_tool_call" as const,
      server: msg.invocation.server,
      tool: msg.invocation.tool,
      arguments: msg.invocation.arguments ?? null,
    };
    if ("Err" in msg.result) {
      return this.completed({ ...base, error: { message: msg.result.Err }, status: "failed" });
    }
    const { content, structuredContent, isError } = msg.result.Ok;
    return this.completed({
      ...base,
      result: { content, structured_content: structuredContent ?? null },
      status: isError ? "failed" : "completed",
    });
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
