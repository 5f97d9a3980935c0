// Responses API stream events. Each SSE data payload is parsed by a zod union; an unknown event type is
// skipped, so a new event from the API never breaks a stream. A known type that fails validation is not
// dropped silently: it becomes an `invalid_event` naming the type and the problem, and the stream goes on.
import { z } from "zod";
import { lazySchema } from "../protocol/lazy-schema.js";
import type { TokenUsage } from "../protocol/core-protocol.js";
import { ResponseItem } from "../protocol/items.js";

const Usage = lazySchema(() =>
  z.looseObject({
    input_tokens: z.number().default(0),
    input_tokens_details: z
      .looseObject({ cached_tokens: z.number().default(0), cache_write_tokens: z.number().optional() })
      .nullish(),
    output_tokens: z.number().default(0),
    output_tokens_details: z.looseObject({ reasoning_tokens: z.number().default(0) }).nullish(),
    total_tokens: z.number().optional(),
  }),
);

const ErrorBody = lazySchema(() =>
  z.looseObject({ code: z.string().nullish(), message: z.string().nullish() }),
);

const StreamEvent = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.looseObject({
      type: z.literal("response.created"),
      response: z.looseObject({ id: z.string().optional() }).optional(),
    }),
    z.looseObject({ type: z.literal("response.output_item.added"), item: ResponseItem }),
    z.looseObject({ type: z.literal("response.output_item.done"), item: ResponseItem }),
    z.looseObject({
      type: z.literal("response.output_text.delta"),
      delta: z.string(),
      item_id: z.string().optional(),
    }),
    z.looseObject({
      type: z.literal("response.reasoning_summary_text.delta"),
      delta: z.string(),
      item_id: z.string().optional(),
      summary_index: z.number().default(0),
    }),
    z.looseObject({
      type: z.literal("response.reasoning_summary_part.added"),
      summary_index: z.number().default(0),
    }),
    z.looseObject({
      type: z.literal("response.completed"),
      response: z.looseObject({ id: z.string().default(""), usage: Usage.nullish() }),
    }),
    z.looseObject({
      type: z.literal("response.failed"),
      response: z.looseObject({ id: z.string().optional(), error: ErrorBody.nullish() }),
    }),
    z.looseObject({
      type: z.literal("response.incomplete"),
      response: z.looseObject({
        incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
      }),
    }),
    z.looseObject({ type: z.literal("error"), code: z.string().nullish(), message: z.string().nullish() }),
  ]),
);

export type ModelEvent =
  | { type: "created"; responseId?: string }
  | { type: "output_item_added"; item: ResponseItem }
  | { type: "output_item_done"; item: ResponseItem }
  | { type: "output_text_delta"; itemId?: string; delta: string }
  | { type: "reasoning_summary_delta"; itemId?: string; summaryIndex: number; delta: string }
  | { type: "reasoning_summary_part_added"; summaryIndex: number }
  /** The model's raw reasoning (`response.reasoning_text.delta`, open-weight models): shown only when asked. */
  | { type: "reasoning_text_delta"; itemId?: string; contentIndex: number; delta: string }
  | { type: "completed"; responseId: string; usage?: TokenUsage }
  | { type: "failed"; code?: string; message: string }
  /** A known event type that failed validation (skipped; the consumer logs it). */
  | { type: "invalid_event"; eventType: string; problem: string };

const KNOWN_TYPES: ReadonlySet<string> = new Set(StreamEvent.options.map((o) => o.shape.type.value));

export function toTokenUsage(usage: z.infer<typeof Usage>): TokenUsage {
  const input = usage.input_tokens;
  const output = usage.output_tokens;
  return {
    input_tokens: input,
    cached_input_tokens: usage.input_tokens_details?.cached_tokens ?? 0,
    cache_write_input_tokens: usage.input_tokens_details?.cache_write_tokens ?? 0,
    output_tokens: output,
    reasoning_output_tokens: usage.output_tokens_details?.reasoning_tokens ?? 0,
    total_tokens: usage.total_tokens ?? input + output,
  };
}

/**
 * The two events that come by the thousand, read without the schema: a long answer is mostly text
 * deltas, and the union's checks cost more than the rest of the event's path.
 */
function parseDelta(json: unknown): ModelEvent | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const e = json as {
    type?: unknown;
    delta?: unknown;
    item_id?: unknown;
    summary_index?: unknown;
    content_index?: unknown;
  };
  if (typeof e.delta !== "string") return undefined;
  const itemId = typeof e.item_id === "string" ? { itemId: e.item_id } : {};
  if (e.type === "response.output_text.delta")
    return { type: "output_text_delta", delta: e.delta, ...itemId };
  const index = e.summary_index ?? 0;
  if (e.type === "response.reasoning_summary_text.delta" && typeof index === "number") {
    return { type: "reasoning_summary_delta", delta: e.delta, summaryIndex: index, ...itemId };
  }
  if (e.type === "response.reasoning_text.delta") {
    const contentIndex = typeof e.content_index === "number" ? e.content_index : 0;
    return { type: "reasoning_text_delta", delta: e.delta, contentIndex, ...itemId };
  }
  return undefined;
}

/** Parses one SSE data payload; returns undefined for event types we do not use (or that are not JSON). */
export function parseStreamEvent(data: string): ModelEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const fast = parseDelta(json);
  if (fast) return fast;
  const parsed = StreamEvent.safeParse(json);
  if (!parsed.success) {
    const type = typeof json === "object" && json !== null && "type" in json ? json.type : undefined;
    if (typeof type !== "string" || !KNOWN_TYPES.has(type)) return undefined;
    const problem = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "(event)"}: ${issue.message}`)
      .join("; ");
    return { type: "invalid_event", eventType: type, problem };
  }
  const e = parsed.data;
  switch (e.type) {
    case "response.created":
      return e.response?.id ? { type: "created", responseId: e.response.id } : { type: "created" };
    case "response.output_item.added":
      return { type: "output_item_added", item: e.item };
    case "response.output_item.done":
      return { type: "output_item_done", item: e.item };
    case "response.output_text.delta":
      return { type: "output_text_delta", delta: e.delta, ...(e.item_id ? { itemId: e.item_id } : {}) };
    case "response.reasoning_summary_text.delta":
      return {
        type: "reasoning_summary_delta",
        delta: e.delta,
        summaryIndex: e.summary_index,
        ...(e.item_id ? { itemId: e.item_id } : {}),
      };
    case "response.reasoning_summary_part.added":
      return { type: "reasoning_summary_part_added", summaryIndex: e.summary_index };
    case "response.completed":
      return {
        type: "completed",
        responseId: e.response.id,
        ...(e.response.usage ? { usage: toTokenUsage(e.response.usage) } : {}),
      };
    case "response.failed":
      return {
        type: "failed",
        ...(e.response.error?.code ? { code: e.response.error.code } : {}),
        message: e.response.error?.message ?? "the model reported a failure",
      };
    case "response.incomplete":
      return {
        type: "failed",
        code: "incomplete",
        message: `incomplete response: ${e.response.incomplete_details?.reason ?? "unknown reason"}`,
      };
    case "error":
      return {
        type: "failed",
        ...(e.code ? { code: e.code } : {}),
        message: e.message ?? "the model stream reported an error",
      };
  }
}
