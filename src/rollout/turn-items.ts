// What a UI shows inside a replayed turn, read from the three places a rollout may hold it: events
// (`agent_message`, ...: ours and older Codex), completed items (`item_completed`: Codex 0.169 writes
// these instead), and the model's own response items (a last resort for files with neither).
import { SubagentToolCallEnd } from "../protocol/core-protocol.js";
import type { ResponseItem } from "../protocol/items.js";
import type { EventMsgPayload } from "./lines.js";
import { canonicalEventType } from "./policy.js";
import { isMessage, messageTextParts } from "./user-input.js";

export interface PlanStepView {
  step: string;
  status: string;
}

export type TurnItem =
  | { type: "agentMessage"; text: string }
  | { type: "reasoning"; text: string }
  | { type: "plan"; text: string }
  | { type: "planUpdate"; explanation?: string; plan: PlanStepView[] }
  | { type: "subagentCall"; call: SubagentToolCallEnd };

/** Where an item came from; when a turn has the same kind from several, the first listed wins. */
export type ItemSource = "item" | "event" | "response";
export const SOURCE_PRIORITY: readonly ItemSource[] = ["item", "event", "response"];

export interface SourcedItem {
  item: TurnItem;
  source: ItemSource;
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(obj: Json, key: string): string | undefined {
  const value = obj[key];
  return typeof value === "string" ? value : undefined;
}

/** Texts of `[{text}]`-style arrays (content parts, summaries), joined by newlines. */
function texts(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const parts = value.filter(isJson).flatMap((part) => {
    const text = str(part, "text");
    return text === undefined ? [] : [text];
  });
  return parts.length > 0 ? parts.join("\n") : undefined;
}

/** The user's text carried by a user-input event (`user_message` or a completed UserMessage item). */
export function userTextOfEvent(payload: EventMsgPayload): { text: string; source: ItemSource } | undefined {
  const type = canonicalEventType(payload.type);
  if (type === "user_message") return { text: str(payload, "message") ?? "", source: "event" };
  if (type === "item_completed" && isJson(payload.item) && payload.item.type === "UserMessage") {
    return { text: texts(payload.item.content) ?? "", source: "item" };
  }
  return undefined;
}

export function turnItemOfEvent(payload: EventMsgPayload): SourcedItem | undefined {
  switch (canonicalEventType(payload.type)) {
    case "agent_message":
      return { item: { type: "agentMessage", text: str(payload, "message") ?? "" }, source: "event" };
    case "agent_reasoning":
      return { item: { type: "reasoning", text: str(payload, "text") ?? "" }, source: "event" };
    case "plan_update": {
      const plan = Array.isArray(payload.plan)
        ? payload.plan
            .filter(isJson)
            .map((s) => ({ step: str(s, "step") ?? "", status: str(s, "status") ?? "" }))
        : [];
      const explanation = str(payload, "explanation");
      return {
        item: { type: "planUpdate", plan, ...(explanation !== undefined ? { explanation } : {}) },
        source: "event",
      };
    }
    case "item_completed":
      return isJson(payload.item) ? turnItemOfCompletedItem(payload.item) : undefined;
    case "subagent_tool_call_end": {
      // A malformed line shows nothing rather than half an item.
      const call = SubagentToolCallEnd.safeParse(payload);
      return call.success ? { item: { type: "subagentCall", call: call.data }, source: "event" } : undefined;
    }
    default:
      return undefined;
  }
}

function turnItemOfCompletedItem(item: Json): SourcedItem | undefined {
  switch (item.type) {
    case "AgentMessage":
      return { item: { type: "agentMessage", text: texts(item.content) ?? "" }, source: "item" };
    case "Reasoning": {
      const text = texts(item.summary_text) ?? texts(item.summary) ?? texts(item.raw_content) ?? "";
      return { item: { type: "reasoning", text }, source: "item" };
    }
    case "Plan":
    case "plan":
      return { item: { type: "plan", text: str(item, "text") ?? "" }, source: "item" };
    default:
      return undefined;
  }
}

export function turnItemOfResponse(item: ResponseItem): SourcedItem | undefined {
  if (isMessage(item) && item.role === "assistant") {
    return { item: { type: "agentMessage", text: messageTextParts(item) }, source: "response" };
  }
  if (item.type === "reasoning" && "summary" in item) {
    const text = texts(item.summary);
    if (text !== undefined) return { item: { type: "reasoning", text }, source: "response" };
  }
  return undefined;
}

/** Keeps, for each kind of item, only the entries from the best source the turn has for that kind. */
export function pickBestSources(entries: readonly SourcedItem[]): TurnItem[] {
  const best = new Map<TurnItem["type"], ItemSource>();
  for (const { item, source } of entries) {
    const current = best.get(item.type);
    if (current === undefined || SOURCE_PRIORITY.indexOf(source) < SOURCE_PRIORITY.indexOf(current)) {
      best.set(item.type, source);
    }
  }
  return entries.filter(({ item, source }) => best.get(item.type) === source).map(({ item }) => item);
}
