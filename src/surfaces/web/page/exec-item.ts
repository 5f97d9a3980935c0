// The one place the page reads an exec item (`exec --json`, what a fleet task streams) as a thread item,
// so the fleet dashboard shows items with the same view as a thread. Exec items carry less: no cwd, no
// times, a file change's paths without their diff (the task's whole diff is shown beside them).
import type { ThreadItem } from "../../../protocol/app-server/v2/items.js";
import type { ExecThreadItem } from "../../../protocol/exec-events.js";
import type { PlanStep } from "./thread-state.js";

/** What an exec item shows as: a thread item, a plan's steps (todo_list), or an error line. */
export type ExecItemView =
  | { kind: "item"; item: ThreadItem }
  | { kind: "steps"; id: string; steps: PlanStep[] }
  | { kind: "error"; id: string; message: string };

/** exec's snake_case statuses as the thread items' camelCase ones. */
function camel<S extends string>(status: S): Exclude<S, "in_progress"> | "inProgress" {
  return (status === "in_progress" ? "inProgress" : status) as Exclude<S, "in_progress"> | "inProgress";
}

export function viewOfExecItem(item: ExecThreadItem): ExecItemView {
  const { id } = item;
  const thread = (threadItem: ThreadItem): ExecItemView => ({ kind: "item", item: threadItem });
  switch (item.type) {
    case "agent_message":
      return thread({
        type: "agentMessage",
        id,
        text: item.text,
        phase: null,
        moderation: null,
        memoryCitation: null,
        delivery: null,
        questions: null,
      });
    case "reasoning":
      return thread({ type: "reasoning", id, summary: [item.text], content: [] });
    case "command_execution":
      return thread({
        type: "commandExecution",
        id,
        command: item.command,
        cwd: "",
        commandActions: [],
        status: camel(item.status),
        aggregatedOutput: item.aggregated_output,
        exitCode: item.exit_code,
        durationMs: null,
        processId: null,
        pluginId: null,
        scriptPath: null,
      });
    case "file_change":
      return thread({
        type: "fileChange",
        id,
        status: camel(item.status),
        changes: item.changes.map((c) => ({
          path: c.path,
          kind: c.kind === "update" ? { type: "update", move_path: null } : { type: c.kind },
          diff: "",
        })),
      });
    case "mcp_tool_call":
      return thread({
        type: "mcpToolCall",
        id,
        server: item.server,
        tool: item.tool,
        status: camel(item.status),
        arguments: item.arguments,
        result: item.result
          ? { content: item.result.content, structuredContent: item.result.structured_content }
          : null,
        error: item.error ?? null,
        // What a fleet worker's projection does not carry.
        durationMs: null,
        pluginId: null,
        readOnlyHint: null,
        appContext: null,
        mcpAppResourceUri: null,
        mcpAppUi: null,
      });
    case "web_search":
      return thread({ type: "webSearch", id, query: item.query, action: null, results: null });
    case "plan":
      return thread({ type: "plan", id, text: item.text });
    case "todo_list":
      return {
        kind: "steps",
        id,
        steps: item.items.map((step) => ({
          step: step.text,
          status: step.completed ? "completed" : "pending",
        })),
      };
    case "error":
      return { kind: "error", id, message: item.message };
  }
}
