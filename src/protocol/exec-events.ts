// The JSONL events of `codex-ts exec --json`, as read by @openai/codex-sdk.
import { z } from "zod";

export const ExecUsage = z.object({
  input_tokens: z.number(),
  cached_input_tokens: z.number(),
  cache_write_input_tokens: z.number(),
  output_tokens: z.number(),
  reasoning_output_tokens: z.number(),
});
export type ExecUsage = z.infer<typeof ExecUsage>;

const item = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ id: z.string(), type: z.literal(type), ...shape });

export const ExecThreadItem = z.discriminatedUnion("type", [
  item("agent_message", { text: z.string() }),
  item("reasoning", { text: z.string() }),
  item("command_execution", {
    command: z.string(),
    aggregated_output: z.string(),
    exit_code: z.number().nullable(),
    status: z.enum(["in_progress", "completed", "failed", "declined"]),
  }),
  item("file_change", {
    changes: z.array(z.object({ path: z.string(), kind: z.enum(["add", "delete", "update"]) })),
    status: z.enum(["in_progress", "completed", "failed"]),
  }),
  item("mcp_tool_call", {
    server: z.string(),
    tool: z.string(),
    arguments: z.unknown(),
    result: z.object({ content: z.array(z.unknown()), structured_content: z.unknown() }).optional(),
    error: z.object({ message: z.string() }).optional(),
    status: z.enum(["in_progress", "completed", "failed"]),
  }),
  item("web_search", { query: z.string() }),
  item("todo_list", { items: z.array(z.object({ text: z.string(), completed: z.boolean() })) }),
  item("plan", { text: z.string() }),
  item("error", { message: z.string() }),
]);
export type ExecThreadItem = z.infer<typeof ExecThreadItem>;

export const ExecThreadEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("thread.started"), thread_id: z.string() }),
  z.object({ type: z.literal("turn.started") }),
  z.object({ type: z.literal("turn.completed"), usage: ExecUsage }),
  z.object({ type: z.literal("turn.failed"), error: z.object({ message: z.string() }) }),
  z.object({ type: z.literal("item.started"), item: ExecThreadItem }),
  z.object({ type: z.literal("item.updated"), item: ExecThreadItem }),
  z.object({ type: z.literal("item.completed"), item: ExecThreadItem }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ExecThreadEvent = z.infer<typeof ExecThreadEvent>;
