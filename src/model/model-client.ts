// What the turn sees of a model: one streamed response per request, whatever the provider's wire API.
// The request is always in Responses form (our history is kept as Responses items); a Chat Completions
// provider converts it per request (model/chat/).
import type { RateLimitSnapshot } from "../auth/rate-limits.js";
import type { ResponseItem } from "../protocol/items.js";
import type { ModelEvent } from "./stream-events.js";

export interface ResponsesRequest {
  model: string;
  input: ResponseItem[];
  tools: unknown[];
  tool_choice: "auto";
  parallel_tool_calls: boolean;
  reasoning: { effort?: string; summary?: string } | null;
  store: boolean;
  stream: true;
  include: string[];
  prompt_cache_key?: string;
  text?: {
    format?: { type: "json_schema"; name: string; schema: unknown; strict: boolean };
    verbosity?: "low" | "medium" | "high";
  };
  instructions?: string;
  service_tier?: string;
  /** Programs OpenAI's API grants per request (`{cyber: "daybreak_blue"}`). */
  access_programs?: { cyber: string };
}

export interface ClientIdentity {
  originator: string;
  userAgent: string;
  sessionId: string;
}

/** Emitted when an attempt failed and another starts: the consumer drops what the failed attempt gave. */
export interface RetryNotice {
  type: "retry";
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  reason: string;
}

export type StreamItem = ModelEvent | RetryNotice;

export class ModelError extends Error {
  constructor(
    message: string,
    readonly kind: "http" | "stream" | "network" | "failed" | "aborted",
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface ModelClient {
  /** The usage limits the last model response announced in its headers, if any did. */
  readonly rateLimits: RateLimitSnapshot | undefined;
  /** Streams one model response, retrying as the provider allows. Throws ModelError when it gives up. */
  stream(request: ResponsesRequest, signal: AbortSignal): AsyncGenerator<StreamItem>;
}

/** How one wire API is spoken: where to POST, the body, and how its SSE payloads become ModelEvents. */
export interface WireFormat {
  readonly path: string;
  /** The error when the bytes ended before the response did. */
  readonly cutMessage: string;
  body(request: ResponsesRequest): unknown;
  /** A fresh parser for each attempt. */
  parser(request: ResponsesRequest): WireParser;
}

export interface WireParser {
  /** The events one SSE data payload gives. Throws WireFailure when the stream reports a failure. */
  push(data: string): ModelEvent[];
  /** True once the response is complete: the client stops reading. */
  readonly done: boolean;
  /** At the end of the bytes: the last events, or undefined when the stream was cut before completion. */
  end(): ModelEvent[] | undefined;
}

/** A failure the stream itself reported (response.failed, an error chunk, a refused finish). */
export class WireFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
