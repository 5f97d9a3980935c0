// The engine's items as the v2 wire shows them: one projection, used live (item/*, turn/completed) and
// for threads read from disk (thread/read, resume, fork), so both show the same item.
import { quote } from "shell-quote";
import type { ItemStatus, TurnItem } from "../../protocol/turn-item.js";
import type { UserInputItem } from "../../protocol/user-input.js";
import { TextElements, type UserInput } from "../../protocol/app-server/v2/common.js";
import type { ThreadItem, ThreadItemOf } from "../../protocol/app-server/v2/items.js";
import { collabItem } from "./collab-item.js";
import { commandActionsOf } from "./command-actions.js";
import { toFileChanges } from "./wire-conversions.js";

type WireStatus = "inProgress" | "completed" | "failed" | "declined";

function wireStatus(status: ItemStatus): WireStatus {
  return status === "in_progress" ? "inProgress" : status;
}

/** Statuses of kinds that cannot be declined: a refusal shows as a failure. */
function undeclinable(status: ItemStatus): "inProgress" | "completed" | "failed" {
  const wire = wireStatus(status);
  return wire === "declined" ? "failed" : wire;
}

/** Spans as the wire has them (byteRange, placeholder); anything else is dropped. */
function textElements(
  elements: readonly unknown[] | undefined,
): Extract<UserInput, { type: "text" }>["text_elements"] {
  const parsed = TextElements.safeParse(elements ?? []);
  return parsed.success ? parsed.data : [];
}

export function toWireInput(items: readonly UserInputItem[]): UserInput[] {
  return items.map((item): UserInput => {
    switch (item.type) {
      case "text":
        return { type: "text", text: item.text, text_elements: textElements(item.text_elements) };
      case "image":
        return { type: "image", url: item.image_url };
      case "local_image":
        return { type: "localImage", path: item.path };
      case "skill":
      case "mention":
        return { type: item.type, name: item.name, path: item.path };
    }
  });
}

const SEARCH_ACTIONS: Record<string, "search" | "openPage" | "findInPage"> = {
  search: "search",
  open_page: "openPage",
  openPage: "openPage",
  find_in_page: "findInPage",
  findInPage: "findInPage",
};

/** The Responses API's action (snake_case, `open_page`) as the wire names it. */
function webSearchAction(action: Extract<TurnItem, { type: "webSearch" }>["action"]) {
  if (!action) return null;
  const str = (key: string) => {
    const value = action[key];
    return typeof value === "string" ? value : null;
  };
  switch (SEARCH_ACTIONS[action.type]) {
    case "search":
      return {
        type: "search" as const,
        query: str("query"),
        queries: Array.isArray(action.queries) ? action.queries.filter((q) => typeof q === "string") : null,
      };
    case "openPage":
      return { type: "openPage" as const, url: str("url") };
    case "findInPage":
      return { type: "findInPage" as const, url: str("url"), pattern: str("pattern") };
    default:
      return { type: "other" as const };
  }
}

/** A user message's part with the keys Codex always sends: a text's spans, an image's detail (null: unset). */
function wireContentPart(part: UserInput): UserInput {
  if (part.type === "text") return { ...part, text_elements: part.text_elements ?? [] };
  if (part.type === "image" || part.type === "localImage") return { ...part, detail: part.detail ?? null };
  return part;
}

/**
 * One item on the wire. `input` is what the client sent for a user message (kept verbatim when known).
 */
export function toThreadItem(item: TurnItem, input?: UserInput[]): ThreadItem {
  switch (item.type) {
    case "userMessage":
      return {
        type: "userMessage",
        id: item.id,
        clientId: item.client_id ?? null,
        content: (input ?? toWireInput(item.content)).map(wireContentPart),
      };
    case "agentMessage":
      return {
        type: "agentMessage",
        id: item.id,
        text: item.text,
        moderation: null,
        phase: null,
        memoryCitation: null,
        delivery: null,
        questions: null,
      };
    case "reasoning":
      return { type: "reasoning", id: item.id, summary: [...item.summary], content: [...item.content] };
    case "plan":
      return { type: "plan", id: item.id, text: item.text };
    case "commandExecution": {
      const command = quote(item.command);
      // The user's own command is shown as typed (the shell's `-lc` script).
      const commandActions =
        item.source === "user_shell"
          ? [{ type: "unknown" as const, command: item.command[2] ?? command }]
          : commandActionsOf(item.command, item.cwd);
      return {
        type: "commandExecution",
        id: item.id,
        command,
        cwd: item.cwd,
        commandActions,
        status: wireStatus(item.status),
        // As Codex: a command that printed nothing has no output (null), not an empty one.
        aggregatedOutput: item.aggregated_output === "" ? null : item.aggregated_output,
        exitCode: item.exit_code,
        durationMs: item.duration_ms === null ? null : Math.round(item.duration_ms),
        processId: item.process_id ?? null,
        pluginId: null,
        scriptPath: null,
        source: item.source === "user_shell" ? ("userShell" as const) : ("agent" as const),
      };
    }
    case "fileChange":
      return {
        type: "fileChange",
        id: item.id,
        changes: toFileChanges(item.changes),
        status: wireStatus(item.status),
      };
    case "mcpToolCall":
      return {
        type: "mcpToolCall",
        id: item.id,
        server: item.server,
        tool: item.tool,
        status: undeclinable(item.status),
        arguments: item.arguments ?? null,
        result: item.result
          ? {
              content: item.result.content,
              ...(item.result.structured_content !== undefined && item.result.structured_content !== null
                ? { structuredContent: item.result.structured_content }
                : {}),
            }
          : null,
        error: item.error ? { message: item.error } : null,
        durationMs:
          item.duration_ms === undefined || item.duration_ms === null ? null : Math.round(item.duration_ms),
        pluginId: item.plugin_id ?? null,
        readOnlyHint: item.read_only_hint ?? null,
        // Codex's connector apps and MCP app UIs: codex-ts has neither.
        appContext: null,
        mcpAppResourceUri: null,
        mcpAppUi: null,
      };
    case "dynamicToolCall":
      return {
        type: "dynamicToolCall",
        id: item.id,
        namespace: null,
        tool: item.tool,
        arguments: item.arguments ?? null,
        status: undeclinable(item.status),
        contentItems: (item.content_items ?? null) as ThreadItemOf<"dynamicToolCall">["contentItems"],
        success: item.success ?? null,
        durationMs:
          item.duration_ms === undefined || item.duration_ms === null ? null : Math.round(item.duration_ms),
      };
    case "collabAgentToolCall": {
      const status =
        item.status === "in_progress" ? "inProgress" : item.status === "completed" ? "completed" : "failed";
      return collabItem({ ...item, call_id: item.id }, status);
    }
    case "webSearch":
      return {
        type: "webSearch",
        id: item.id,
        query: item.query,
        action: webSearchAction(item.action),
        // Standalone web search's out-of-band results: the hosted tool has none.
        results: null,
      };
    case "imageView":
      return { type: "imageView", id: item.id, path: item.path };
    case "contextCompaction":
      return { type: "contextCompaction", id: item.id };
    case "hookPrompt":
      return {
        type: "hookPrompt",
        id: item.id,
        fragments: item.fragments.map((f) => ({ hookRunId: f.hook_run_id, text: f.text })),
      };
    case "enteredReviewMode":
      return { type: "enteredReviewMode", id: item.id, review: item.review };
    case "exitedReviewMode":
      return {
        type: "exitedReviewMode",
        id: item.id,
        review: item.review,
        ...(item.output ? { reviewOutput: item.output } : {}),
      };
  }
}
