// Web searches, failed tool calls and review mode as app-server items. Part of the event mapper, kept apart so the
// mapping of each item kind stays in one small place.
import type { EventMsgOf } from "../../protocol/core-protocol.js";
import type { ThreadItemOf, WebSearchAction } from "../../protocol/app-server/v2/items.js";
import type { OutputBuffer } from "./mapper-output.js";
import { renderReviewOutput } from "../../core/review/review-output.js";

/** The Responses API's action (snake_case, `open_page`) as the wire names it. */
export function webSearchAction(action: unknown): WebSearchAction | null {
  if (!action || typeof action !== "object") return null;
  const a = action as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  switch (a.type) {
    case "search":
      return {
        type: "search",
        query: str(a.query),
        queries: Array.isArray(a.queries) ? a.queries.filter((q) => typeof q === "string") : null,
      };
    case "open_page":
      return { type: "openPage", url: str(a.url) };
    case "find_in_page":
      return { type: "findInPage", url: str(a.url), pattern: str(a.pattern) };
    default:
      return { type: "other" };
  }
}

export class ExtraItems {
  private readonly searching = new Set<string>();

  constructor(private readonly out: OutputBuffer) {}

  webSearchBegin(msg: EventMsgOf<"web_search_begin">): void {
    this.searching.add(msg.call_id);
    const item: ThreadItemOf<"webSearch"> = { type: "webSearch", id: msg.call_id, query: "", action: null };
    this.out.item("item/started", item);
  }

  webSearchEnd(msg: EventMsgOf<"web_search_end">): void {
    const item: ThreadItemOf<"webSearch"> = {
      type: "webSearch",
      id: msg.call_id,
      query: msg.query,
      action: webSearchAction(msg.action),
    };
    // A search announced only when done still gets its item/started.
    if (!this.searching.delete(msg.call_id)) this.out.item("item/started", item);
    this.out.item("item/completed", item);
  }

  /** Review mode starts and ends as one-shot items: what is reviewed, then the findings as text. */
  reviewMode(msg: EventMsgOf<"entered_review_mode"> | EventMsgOf<"exited_review_mode">): void {
    const turnId = this.out.turnId;
    const item =
      msg.type === "entered_review_mode"
        ? {
            type: "enteredReviewMode" as const,
            id: `${turnId}-review-entered`,
            review: msg.review_request.user_facing_hint ?? "",
          }
        : {
            type: "exitedReviewMode" as const,
            id: `${turnId}-review-exited`,
            review: msg.review_output ? renderReviewOutput(msg.review_output) : "",
          };
    this.out.item("item/started", item);
    this.out.item("item/completed", item);
  }

  toolCallFailed(msg: EventMsgOf<"tool_call_failed">): void {
    const item: ThreadItemOf<"dynamicToolCall"> = {
      type: "dynamicToolCall",
      id: msg.call_id,
      namespace: null,
      tool: msg.tool,
      arguments: null,
      status: "failed",
      contentItems: [{ type: "inputText", text: msg.error }],
      success: false,
      durationMs: null,
    };
    this.out.item("item/started", { ...item, status: "inProgress", contentItems: null, success: null });
    this.out.item("item/completed", item);
  }
}
