// A Responses-form request as a Chat Completions request. Our history stays in Responses items; this
// converts it for each request, so a thread can move between providers of either wire API.
import type { ContentItem, ResponseItem } from "../../protocol/items.js";
import type { ResponsesRequest } from "../model-client.js";
import { supportsImages, supportsTools } from "../model-info.js";

type ChatContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

export interface ChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | ChatContentPart[] }
  | { role: "assistant"; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream: true;
  stream_options: { include_usage: true };
  tools?: unknown[];
  tool_choice?: "auto";
  parallel_tool_calls?: boolean;
  reasoning_effort?: string;
  response_format?: { type: "json_schema"; json_schema: { name: string; schema: unknown; strict: boolean } };
}

/** A freeform (grammar) tool offered as a function taking its text as `input`. */
export const FREEFORM_INPUT = "input";

/** The names of the request's freeform tools: their calls come back as custom_tool_call items. */
export function freeformToolNames(request: ResponsesRequest): Set<string> {
  const names = new Set<string>();
  for (const tool of request.tools as Array<Record<string, unknown>>) {
    if (tool.type === "custom" && typeof tool.name === "string") names.add(tool.name);
  }
  return names;
}

export function toChatRequest(request: ResponsesRequest): ChatRequest {
  const images = supportsImages(request.model);
  const chat: ChatRequest = {
    model: request.model,
    messages: toChatMessages(request.input, { instructions: request.instructions, images }),
    stream: true,
    stream_options: { include_usage: true },
  };
  const tools = supportsTools(request.model) ? request.tools.flatMap(toChatTool) : [];
  if (tools.length > 0) {
    chat.tools = tools;
    chat.tool_choice = "auto";
    chat.parallel_tool_calls = request.parallel_tool_calls;
  }
  if (request.reasoning?.effort) chat.reasoning_effort = request.reasoning.effort;
  if (request.text?.format) {
    const { name, schema, strict } = request.text.format;
    chat.response_format = { type: "json_schema", json_schema: { name, schema, strict } };
  }
  return chat;
}

/** Function tools as Chat tools; freeform tools as functions of one string; hosted tools are left out. */
function toChatTool(tool: unknown): unknown[] {
  const t = tool as Record<string, unknown>;
  if (t.type === "function") {
    const fn: Record<string, unknown> = { name: t.name, description: t.description ?? "" };
    if (t.parameters !== undefined) fn.parameters = t.parameters;
    return [{ type: "function", function: fn }];
  }
  if (t.type === "custom") {
    const parameters = {
      type: "object",
      properties: { [FREEFORM_INPUT]: { type: "string", description: "The whole input, as text." } },
      required: [FREEFORM_INPUT],
      additionalProperties: false,
    };
    return [{ type: "function", function: { name: t.name, description: t.description ?? "", parameters } }];
  }
  return [];
}

/**
 * Leading system and developer messages become one system message (some chat templates refuse a system
 * message anywhere else); later developer messages are user messages. Consecutive user messages are joined.
 * A call's outputs follow its assistant message directly, as the API requires: a message recorded between
 * them (view_image's image) waits until the last output of that group.
 */
export function toChatMessages(
  input: ResponseItem[],
  options: { instructions?: string | undefined; images: boolean },
): ChatMessage[] {
  const system: string[] = options.instructions ? [options.instructions] : [];
  const messages: ChatMessage[] = [];
  const pending = new Set<string>();
  let deferred: ChatMessage[] = [];
  let leading = true;

  const pushUser = (parts: ChatContentPart[]) => {
    const last = messages[messages.length - 1];
    if (last?.role === "user") last.content = [...asParts(last.content), ...parts];
    else messages.push({ role: "user", content: parts });
  };
  const emit = (message: ChatMessage) => {
    if (pending.size > 0 && message.role !== "tool") deferred.push(message);
    else if (message.role === "user") pushUser(asParts(message.content));
    else messages.push(message);
  };

  for (const item of input) {
    const it: Record<string, unknown> = item;
    switch (it.type) {
      case "message": {
        const role = String(it.role);
        const content = (it.content ?? []) as ContentItem[];
        if ((role === "system" || role === "developer") && leading) {
          system.push(textOf(content));
          break;
        }
        leading = false;
        if (role === "assistant") {
          emit({ role: "assistant", content: textOf(content) });
        } else {
          emit({ role: "user", content: userParts(content, options.images) });
        }
        break;
      }
      case "function_call":
      case "custom_tool_call": {
        leading = false;
        const call: ChatToolCall = {
          id: String(it.call_id),
          type: "function",
          function: {
            name: String(it.name),
            arguments:
              it.type === "function_call"
                ? String(it.arguments)
                : JSON.stringify({ [FREEFORM_INPUT]: String(it.input) }),
          },
        };
        // Calls of one response share one assistant message (with its text, if it came just before).
        const last = messages[messages.length - 1];
        if (last?.role === "assistant" && deferred.length === 0) {
          last.tool_calls = [...(last.tool_calls ?? []), call];
        } else {
          flush();
          messages.push({ role: "assistant", content: null, tool_calls: [call] });
        }
        pending.add(call.id);
        break;
      }
      case "function_call_output":
      case "custom_tool_call_output": {
        const id = String(it.call_id);
        messages.push({ role: "tool", tool_call_id: id, content: outputText(it.output) });
        pending.delete(id);
        if (pending.size === 0) flush();
        break;
      }
      default:
        // Reasoning (encrypted for another provider) and hosted-tool items mean nothing to a chat model.
        break;
    }
  }
  flush();
  if (system.length > 0) messages.unshift({ role: "system", content: system.join("\n\n") });
  return messages.map(simplify);

  function flush(): void {
    const waiting = deferred;
    deferred = [];
    pending.clear();
    for (const message of waiting) emit(message);
  }
}

function asParts(content: string | ChatContentPart[]): ChatContentPart[] {
  return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

/** Text-only user content as a plain string: every server takes that, not all take part arrays. */
function simplify(message: ChatMessage): ChatMessage {
  if (message.role !== "user" || typeof message.content === "string") return message;
  if (message.content.every((p) => p.type === "text")) {
    return { role: "user", content: message.content.map((p) => (p as { text: string }).text).join("\n\n") };
  }
  return message;
}

function textOf(content: ContentItem[]): string {
  return content
    .map((part) =>
      typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : "",
    )
    .join("");
}

function userParts(content: ContentItem[], images: boolean): ChatContentPart[] {
  const parts: ChatContentPart[] = [];
  for (const part of content) {
    const p = part as Record<string, unknown>;
    if (typeof p.text === "string") parts.push({ type: "text", text: p.text });
    else if (p.type === "input_image" && typeof p.image_url === "string") {
      parts.push(
        images
          ? { type: "image_url", image_url: { url: p.image_url } }
          : { type: "text", text: "[an image was attached here, but this model does not take images]" },
      );
    }
  }
  return parts;
}

/** Tool messages carry text: content items are joined, images noted (view_image sends them as a user message). */
function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (!Array.isArray(output)) return JSON.stringify(output);
  return (output as Array<Record<string, unknown>>)
    .map((p) => (typeof p.text === "string" ? p.text : p.type === "input_image" ? "[image]" : ""))
    .filter((t) => t !== "")
    .join("\n");
}
