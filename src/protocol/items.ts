// Conversation items of the OpenAI Responses API, as sent to and received from the model and kept in rollouts.
// Unknown item types are preserved verbatim (the API adds types over time).
import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

export const ContentItem = lazySchema(() =>
  z.union([
    z.looseObject({ type: z.literal("input_text"), text: z.string() }),
    z.looseObject({ type: z.literal("input_image"), image_url: z.string() }),
    z.looseObject({ type: z.literal("output_text"), text: z.string() }),
    z.looseObject({ type: z.string() }),
  ]),
);
export type ContentItem = z.infer<typeof ContentItem>;

export const MessageItem = lazySchema(() =>
  z.looseObject({
    type: z.literal("message"),
    id: z.string().optional(),
    role: z.string(),
    content: z.array(ContentItem),
  }),
);
export type MessageItem = z.infer<typeof MessageItem>;

export const ReasoningItem = lazySchema(() =>
  z.looseObject({
    type: z.literal("reasoning"),
    id: z.string().optional(),
    summary: z.array(z.looseObject({ type: z.string(), text: z.string() })).default([]),
    content: z.array(z.looseObject({ type: z.string(), text: z.string() })).nullish(),
    encrypted_content: z.string().nullish(),
  }),
);
export type ReasoningItem = z.infer<typeof ReasoningItem>;

export const FunctionCallItem = lazySchema(() =>
  z.looseObject({
    type: z.literal("function_call"),
    id: z.string().optional(),
    name: z.string(),
    arguments: z.string(),
    call_id: z.string(),
  }),
);
export type FunctionCallItem = z.infer<typeof FunctionCallItem>;

/** Tool output: a string, or content items (text and images) for tools that return images. */
export const FunctionCallOutputPayload = lazySchema(() => z.union([z.string(), z.array(ContentItem)]));
export type FunctionCallOutputPayload = z.infer<typeof FunctionCallOutputPayload>;

export const FunctionCallOutputItem = lazySchema(() =>
  z.looseObject({
    type: z.literal("function_call_output"),
    call_id: z.string(),
    output: FunctionCallOutputPayload,
  }),
);
export type FunctionCallOutputItem = z.infer<typeof FunctionCallOutputItem>;

export const CustomToolCallItem = lazySchema(() =>
  z.looseObject({
    type: z.literal("custom_tool_call"),
    id: z.string().optional(),
    status: z.string().optional(),
    call_id: z.string(),
    name: z.string(),
    input: z.string(),
  }),
);
export type CustomToolCallItem = z.infer<typeof CustomToolCallItem>;

export const CustomToolCallOutputItem = lazySchema(() =>
  z.looseObject({
    type: z.literal("custom_tool_call_output"),
    call_id: z.string(),
    output: FunctionCallOutputPayload,
  }),
);
export type CustomToolCallOutputItem = z.infer<typeof CustomToolCallOutputItem>;

const KnownResponseItem = lazySchema(() =>
  z.discriminatedUnion("type", [
    MessageItem,
    ReasoningItem,
    FunctionCallItem,
    FunctionCallOutputItem,
    CustomToolCallItem,
    CustomToolCallOutputItem,
  ]),
);
export type KnownResponseItem = z.infer<typeof KnownResponseItem>;

/** An item type this version does not know (e.g. `web_search_call`): kept and sent back as it came. */
export const OtherResponseItem = lazySchema(() => z.looseObject({ type: z.string() }));
export type OtherResponseItem = z.infer<typeof OtherResponseItem>;

export const ResponseItem = lazySchema(() => z.union([KnownResponseItem, OtherResponseItem]));
export type ResponseItem = KnownResponseItem | OtherResponseItem;

export function isKnownItem<T extends KnownResponseItem["type"]>(
  item: ResponseItem,
  type: T,
): item is Extract<KnownResponseItem, { type: T }> {
  return item.type === type;
}

export function userTextMessage(text: string, role: "user" | "developer" = "user"): MessageItem {
  return { type: "message", role, content: [{ type: "input_text", text }] };
}

/**
 * What the model refused to do, when a message is a refusal: the Responses API sends it as a `refusal`
 * content part (`{type: "refusal", refusal}`) instead of `output_text`.
 */
export function messageRefusal(item: MessageItem): string | undefined {
  const parts = item.content.flatMap((part) => {
    const refusal = (part as { refusal?: unknown }).refusal;
    return part.type === "refusal" && typeof refusal === "string" ? [refusal] : [];
  });
  return parts.length > 0 ? parts.join("") : undefined;
}

/** The text of an assistant message (its output_text parts joined). */
export function messageText(item: MessageItem): string {
  let text = "";
  for (const part of item.content) {
    if ((part.type === "output_text" || part.type === "input_text") && typeof part.text === "string") {
      text += part.text;
    }
  }
  return text;
}
