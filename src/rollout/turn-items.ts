// What a UI shows inside a replayed turn, read from the three places a rollout may hold it: completed
// items (`item_completed`: ours since items came in, and Codex 0.169's), events (`agent_message`, ...:
// ours before, and older Codex), and the model's own response items (a last resort for files with
// neither). Items come out as the engine's typed items; ones read from events or response items have no
// id (""): the reader names them by position.
import { SubagentToolCallEnd } from "../protocol/core-protocol.js";
import type { ResponseItem } from "../protocol/items.js";
import { collabAgentItem, TurnItem as CoreTurnItem } from "../protocol/turn-item.js";
import type { EventMsgPayload } from "./lines.js";
import { canonicalEventType } from "./policy.js";
import { isMessage, messageTextParts } from "./user-input.js";

export interface PlanStepView {
  step: string;
  status: string;
}

export type TurnItem =
  | Exclude<CoreTurnItem, { type: "userMessage" }>
  | { type: "planUpdate"; explanation?: string; plan: PlanStepView[] };

function agentMessage(text: string): TurnItem {
  return { type: "agentMessage", id: "", text };
}

function reasoning(summary: string[]): TurnItem {
  return { type: "reasoning", id: "", summary, content: [] };
}

/** Where an item came from; when a turn has the same kind from several, the first listed wins. */
export type ItemSource = "item" | "event" | "response";
export const SOURCE_PRIORITY: readonly ItemSource[] = ["item", "event", "response"];

/** When an item started and completed, as its `item_completed` line says (absent in older files). */
export interface ItemTimes {
  startedAtMs?: number;
  completedAtMs?: number;
}

export interface SourcedItem {
  item: TurnItem;
  source: ItemSource;
  times?: ItemTimes;
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

/** Our own completed userMessage item: its id, content (with text spans), client id and times. */
export interface UserItem {
  id: string;
  content?: UserMessageContent;
  clientId?: string;
  times?: ItemTimes;
}
type UserMessageContent = Extract<CoreTurnItem, { type: "userMessage" }>["content"];

/** Our completed userMessage item (the user's text comes from its `user_message` event). */
export function userItemOfEvent(payload: EventMsgPayload): UserItem | undefined {
  if (canonicalEventType(payload.type) !== "item_completed" || !isJson(payload.item)) return undefined;
  if (payload.item.type !== "userMessage") return undefined;
  const id = str(payload.item, "id");
  if (id === undefined) return undefined;
  const parsed = CoreTurnItem.safeParse(payload.item);
  const item = parsed.success && parsed.data.type === "userMessage" ? parsed.data : undefined;
  const times = timesOf(payload);
  return {
    id,
    ...(item ? { content: item.content } : {}),
    ...(item?.client_id ? { clientId: item.client_id } : {}),
    ...(times ? { times } : {}),
  };
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
      return { item: agentMessage(str(payload, "message") ?? ""), source: "event" };
    case "agent_reasoning":
      return { item: reasoning([str(payload, "text") ?? ""]), source: "event" };
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
    case "item_completed": {
      const entry = isJson(payload.item) ? turnItemOfCompletedItem(payload.item) : undefined;
      const times = timesOf(payload);
      return entry && times ? { ...entry, times } : entry;
    }
    case "subagent_tool_call_end": {
      // A malformed line shows nothing rather than half an item.
      const parsed = SubagentToolCallEnd.safeParse(payload);
      if (!parsed.success) return undefined;
      const call = parsed.data;
      const item: TurnItem = {
        ...collabAgentItem(call, call.success ? "completed" : "failed"),
        error: call.error ?? null,
      };
      return { item, source: "event" };
    }
    default:
      return undefined;
  }
}

function turnItemOfCompletedItem(item: Json): SourcedItem | undefined {
  // Ours: the engine's own item, as it was announced (a malformed one shows nothing).
  const ours = CoreTurnItem.safeParse(item);
  if (ours.success) return ours.data.type === "userMessage" ? undefined : { item: ours.data, source: "item" };
  // The real Codex's spelling.
  const id = str(item, "id") ?? "";
  switch (item.type) {
    case "AgentMessage":
      return { item: { type: "agentMessage", id, text: texts(item.content) ?? "" }, source: "item" };
    case "Reasoning": {
      const summary = stringsOf(item.summary_text) ?? stringsOf(item.summary) ?? [];
      const content = stringsOf(item.raw_content) ?? [];
      return { item: { type: "reasoning", id, summary, content }, source: "item" };
    }
    case "Plan":
      return { item: { type: "plan", id, text: str(item, "text") ?? "" }, source: "item" };
    case "ContextCompaction":
      return { item: { type: "contextCompaction", id }, source: "item" };
    default:
      return undefined;
  }
}

function timesOf(payload: Json): ItemTimes | undefined {
  const ms = (key: string) => {
    const value = payload[key];
    return typeof value === "number" && Number.isFinite(value) ? value : undefined;
  };
  const startedAtMs = ms("started_at_ms");
  const completedAtMs = ms("completed_at_ms");
  if (startedAtMs === undefined && completedAtMs === undefined) return undefined;
  return {
    ...(startedAtMs !== undefined ? { startedAtMs } : {}),
    ...(completedAtMs !== undefined ? { completedAtMs } : {}),
  };
}

/** Strings of a list of strings or of `[{text}]` parts. */
function stringsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((part) => {
    if (typeof part === "string") return [part];
    const text = isJson(part) ? str(part, "text") : undefined;
    return text === undefined ? [] : [text];
  });
}

export function turnItemOfResponse(item: ResponseItem): SourcedItem | undefined {
  if (isMessage(item) && item.role === "assistant") {
    return { item: agentMessage(messageTextParts(item)), source: "response" };
  }
  if (item.type === "reasoning" && "summary" in item) {
    const summary = stringsOf(item.summary);
    if (summary !== undefined && summary.length > 0) return { item: reasoning(summary), source: "response" };
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
