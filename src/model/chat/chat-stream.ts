// Chat Completions stream chunks as ModelEvents. Text and reasoning stream as deltas; tool calls arrive as
// argument pieces keyed by index and are assembled until the finish; the items are announced at the end
// (reasoning, message, calls), then `completed` with the usage of the final chunk.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { lazySchema } from "../../protocol/lazy-schema.js";
import type { TokenUsage } from "../../protocol/core-protocol.js";
import type { ResponseItem } from "../../protocol/items.js";
import { WireFailure, type WireParser } from "../model-client.js";
import type { ModelEvent } from "../stream-events.js";
import { FREEFORM_INPUT } from "./chat-request.js";

const ToolCallDelta = lazySchema(() =>
  z.looseObject({
    index: z.number().optional(),
    id: z.string().nullish(),
    function: z.looseObject({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
  }),
);

const Chunk = lazySchema(() =>
  z.looseObject({
    id: z.string().nullish(),
    choices: z
      .array(
        z.looseObject({
          delta: z
            .looseObject({
              content: z.string().nullish(),
              reasoning_content: z.string().nullish(),
              reasoning: z.string().nullish(),
              tool_calls: z.array(ToolCallDelta).nullish(),
            })
            .nullish(),
          finish_reason: z.string().nullish(),
        }),
      )
      .nullish(),
    usage: z
      .looseObject({
        prompt_tokens: z.number().default(0),
        completion_tokens: z.number().default(0),
        total_tokens: z.number().optional(),
        prompt_tokens_details: z.looseObject({ cached_tokens: z.number().nullish() }).nullish(),
        completion_tokens_details: z.looseObject({ reasoning_tokens: z.number().nullish() }).nullish(),
      })
      .nullish(),
    error: z
      .union([z.string(), z.looseObject({ message: z.string().nullish(), code: z.unknown().optional() })])
      .nullish(),
  }),
);
type Chunk = z.infer<typeof Chunk>;

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

export class ChatStreamParser implements WireParser {
  done = false;
  private responseId = "";
  private text = "";
  private reasoning = "";
  private messageStarted = false;
  private reasoningStarted = false;
  private readonly calls = new Map<number, PartialCall>();
  private finishReason: string | undefined;
  private usage: TokenUsage | undefined;

  constructor(
    /** Tools offered in freeform form: their calls become custom_tool_call items. */
    private readonly freeform: ReadonlySet<string>,
  ) {}

  push(data: string): ModelEvent[] {
    if (data.trim() === "[DONE]") {
      this.done = true;
      return this.finish();
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return [];
    }
    const parsed = Chunk.safeParse(json);
    if (!parsed.success) return [];
    return this.chunk(parsed.data);
  }

  /** A server that ends the bytes without [DONE] still finished if it sent a finish reason. */
  end(): ModelEvent[] | undefined {
    if (this.done) return [];
    if (this.finishReason === undefined) return undefined;
    this.done = true;
    return this.finish();
  }

  private chunk(chunk: Chunk): ModelEvent[] {
    if (chunk.error) {
      const message =
        typeof chunk.error === "string" ? chunk.error : (chunk.error.message ?? "unknown error");
      const code =
        typeof chunk.error === "object" && typeof chunk.error.code === "string"
          ? chunk.error.code
          : undefined;
      throw new WireFailure(`the model stream reported an error: ${message}`, code, false);
    }
    const events: ModelEvent[] = [];
    if (!this.responseId) {
      this.responseId = chunk.id ?? `chatcmpl_${randomUUID()}`;
      events.push({ type: "created", responseId: this.responseId });
    }
    if (chunk.usage) this.usage = toUsage(chunk.usage);
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta;
      const thinking = delta?.reasoning_content ?? delta?.reasoning;
      if (thinking) {
        if (!this.reasoningStarted) {
          this.reasoningStarted = true;
          events.push({ type: "reasoning_summary_part_added", summaryIndex: 0 });
        }
        this.reasoning += thinking;
        events.push({
          type: "reasoning_summary_delta",
          itemId: this.itemId("rs"),
          summaryIndex: 0,
          delta: thinking,
        });
      }
      if (delta?.content) {
        if (!this.messageStarted) {
          this.messageStarted = true;
          events.push({
            type: "output_item_added",
            item: { type: "message", role: "assistant", id: this.itemId("msg"), content: [] },
          });
        }
        this.text += delta.content;
        events.push({ type: "output_text_delta", itemId: this.itemId("msg"), delta: delta.content });
      }
      for (const [position, piece] of (delta?.tool_calls ?? []).entries()) {
        // Servers that send whole calls (Ollama) may leave out the index: their position stands for it.
        const index = piece.index ?? position;
        const call = this.calls.get(index) ?? { id: "", name: "", arguments: "" };
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.arguments += piece.function.arguments;
        this.calls.set(index, call);
      }
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
    return events;
  }

  private itemId(prefix: string): string {
    return `${prefix}_${this.responseId}`;
  }

  private finish(): ModelEvent[] {
    if (this.finishReason === "length") {
      throw new WireFailure(
        "the model's answer was cut off: it reached its output token limit (finish_reason: length)",
        "max_output_tokens",
        false,
      );
    }
    if (this.finishReason === "content_filter") {
      throw new WireFailure(
        "the provider's content filter stopped the model's answer (finish_reason: content_filter)",
        "content_filter",
        false,
      );
    }
    const items: ResponseItem[] = [];
    if (this.reasoning) {
      items.push({
        type: "reasoning",
        id: this.itemId("rs"),
        summary: [{ type: "summary_text", text: this.reasoning }],
      });
    }
    if (this.text) {
      items.push({
        type: "message",
        role: "assistant",
        id: this.itemId("msg"),
        content: [{ type: "output_text", text: this.text }],
      });
    }
    for (const index of [...this.calls.keys()].sort((a, b) => a - b)) {
      const call = this.calls.get(index) as PartialCall;
      if (!call.name) continue;
      const callId = call.id || `call_${randomUUID()}`;
      const args = call.arguments.trim() === "" ? "{}" : call.arguments;
      items.push(
        this.freeform.has(call.name)
          ? { type: "custom_tool_call", call_id: callId, name: call.name, input: freeformInput(args) }
          : { type: "function_call", call_id: callId, name: call.name, arguments: args },
      );
    }
    const events: ModelEvent[] = items.map((item) => ({ type: "output_item_done", item }));
    events.push({
      type: "completed",
      responseId: this.responseId,
      ...(this.usage ? { usage: this.usage } : {}),
    });
    return events;
  }
}

/** The text a freeform tool was called with; arguments that are not `{input}` are passed as they came. */
function freeformInput(args: string): string {
  try {
    const value = (JSON.parse(args) as Record<string, unknown>)[FREEFORM_INPUT];
    if (typeof value === "string") return value;
  } catch {
    // Not JSON: the model wrote the input itself.
  }
  return args;
}

function toUsage(usage: NonNullable<Chunk["usage"]>): TokenUsage {
  const input = usage.prompt_tokens;
  const output = usage.completion_tokens;
  return {
    input_tokens: input,
    cached_input_tokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
    output_tokens: output,
    reasoning_output_tokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
    total_tokens: usage.total_tokens ?? input + output,
  };
}
