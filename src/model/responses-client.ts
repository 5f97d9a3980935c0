// The only code that talks to a model: POST {base_url}/responses with stream=true, SSE parsed into
// ModelEvents, with retries on 429/5xx/network errors and on a stream cut before response.completed.
import http from "node:http";
import https from "node:https";
import type { IncomingMessage } from "node:http";
import type { ResponseItem } from "../protocol/items.js";
import type { Credentials } from "../auth/credentials.js";
import type { ModelAuthHooks } from "../auth/model-auth.js";
import { rateLimitsFromHeaders, type RateLimitSnapshot } from "../auth/rate-limits.js";
import type { ProviderInfo } from "./providers.js";
import { parseSse } from "./sse.js";
import { parseStreamEvent, type ModelEvent } from "./stream-events.js";
import { backoffMs, FATAL_FAILURE_CODES, isRetryableStatus, parseRetryAfter, sleep } from "./retry.js";

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

class AttemptError extends Error {
  constructor(
    readonly error: ModelError,
    readonly retryable: boolean,
    readonly phase: "request" | "stream",
    readonly retryAfterMs?: number,
    /** The credentials the failed request carried (for a 401). */
    readonly credentials?: Credentials,
  ) {
    super(error.message);
  }
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

export class ResponsesClient {
  /** The usage limits the last model response announced in its headers, if any did. */
  rateLimits: RateLimitSnapshot | undefined;

  constructor(
    private readonly provider: ProviderInfo,
    /** May refresh a stale login before answering (auth/refreshing-credentials.ts). */
    private readonly credentials: (signal?: AbortSignal) => Credentials | Promise<Credentials>,
    private readonly identity: ClientIdentity,
    private readonly auth: Pick<ModelAuthHooks, "onUnauthorized"> = {},
  ) {}

  /** Streams one model response, retrying as the provider allows. Throws ModelError when it gives up. */
  async *stream(request: ResponsesRequest, signal: AbortSignal): AsyncGenerator<StreamItem> {
    let requestRetries = 0;
    let streamRetries = 0;
    let refreshedAuth = false;
    for (;;) {
      try {
        yield* this.attempt(request, signal);
        return;
      } catch (err) {
        if (signal.aborted) throw new ModelError("request aborted", "aborted");
        if (!(err instanceof AttemptError)) throw err;
        // A 401 may mean the credentials expired: refresh them once and retry with the new ones.
        if (err.error.status === 401 && !refreshedAuth && this.auth.onUnauthorized) {
          refreshedAuth = true;
          if (await this.auth.onUnauthorized(signal, err.credentials)) continue;
        }
        const limit =
          err.phase === "request" ? this.provider.requestMaxRetries : this.provider.streamMaxRetries;
        const used = err.phase === "request" ? ++requestRetries : ++streamRetries;
        if (!err.retryable || used > limit) {
          const tries = used > 1 ? ` after ${used} attempts` : "";
          throw new ModelError(
            `${err.error.message}${err.retryable ? tries : ""}`,
            err.error.kind,
            err.error.status,
            err.error.code,
          );
        }
        const delayMs = err.retryAfterMs ?? backoffMs(used);
        yield { type: "retry", attempt: used, maxAttempts: limit, delayMs, reason: err.message };
        await sleep(delayMs, signal);
      }
    }
  }

  private async *attempt(request: ResponsesRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    const response = await this.post(request, signal);
    let completed = false;
    const idle = new IdleTimer(this.provider.streamIdleTimeoutMs, () =>
      response.destroy(new Error(`no data from the model for ${this.provider.streamIdleTimeoutMs} ms`)),
    );
    try {
      for await (const message of parseSse(response)) {
        idle.reset();
        const event = parseStreamEvent(message.data);
        if (!event) continue;
        if (event.type === "failed") {
          const retryable = !event.code || !FATAL_FAILURE_CODES.has(event.code);
          throw new AttemptError(
            new ModelError(event.message, "failed", undefined, event.code),
            retryable,
            "stream",
          );
        }
        yield event;
        if (event.type === "completed") {
          completed = true;
          break;
        }
      }
    } catch (err) {
      if (err instanceof AttemptError) throw err;
      if (signal.aborted) throw err;
      throw new AttemptError(
        new ModelError(`stream disconnected before completion: ${(err as Error).message}`, "stream"),
        true,
        "stream",
      );
    } finally {
      idle.stop();
      response.destroy();
    }
    if (!completed) {
      throw new AttemptError(
        new ModelError("stream closed before response.completed", "stream"),
        true,
        "stream",
      );
    }
  }

  private async post(request: ResponsesRequest, signal: AbortSignal): Promise<IncomingMessage> {
    const url = new URL(`${this.provider.baseUrl}/responses`);
    for (const [k, v] of Object.entries(this.provider.queryParams)) url.searchParams.set(k, v);
    const body = JSON.stringify(request);
    const creds = await this.credentials(signal);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "text/event-stream",
      "content-length": String(Buffer.byteLength(body)),
      originator: this.identity.originator,
      "user-agent": this.identity.userAgent,
      session_id: this.identity.sessionId,
      ...this.provider.httpHeaders,
      ...creds.headers,
    };
    if (creds.bearer) headers.authorization = `Bearer ${creds.bearer}`;
    const lib = url.protocol === "https:" ? https : http;
    const agent = url.protocol === "https:" ? agents.https : agents.http;

    return new Promise((resolve, reject) => {
      const req = lib.request(url, { method: "POST", headers, agent, signal }, (res) => {
        const status = res.statusCode ?? 0;
        this.rateLimits = rateLimitsFromHeaders(res.headers) ?? this.rateLimits;
        if (status >= 200 && status < 300) {
          resolve(res);
          return;
        }
        void readBody(res).then((text) => {
          const message = `model request failed: HTTP ${status}${describeErrorBody(text)}`;
          reject(
            new AttemptError(
              new ModelError(message, "http", status, errorCode(text)),
              isRetryableStatus(status),
              "request",
              parseRetryAfter(res.headers),
              creds,
            ),
          );
        });
      });
      req.on("error", (err) => {
        if (signal.aborted) {
          reject(new ModelError("request aborted", "aborted"));
          return;
        }
        reject(
          new AttemptError(
            new ModelError(`cannot reach the model at ${url.origin}: ${err.message}`, "network"),
            true,
            "request",
          ),
        );
      });
      req.end(body);
    });
  }
}

class IdleTimer {
  private timer: NodeJS.Timeout | undefined;
  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {
    this.reset();
  }
  reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.onIdle, this.ms);
    this.timer.unref();
  }
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

async function readBody(res: IncomingMessage, limit = 64 * 1024): Promise<string> {
  let text = "";
  try {
    for await (const chunk of res) {
      text += String(chunk);
      if (text.length > limit) break;
    }
  } catch {
    // A body we cannot read still leaves the status to report.
  }
  return text.slice(0, limit);
}

/** The API's machine-readable error code (e.g. context_length_exceeded), when the body has one. */
function errorCode(text: string): string | undefined {
  try {
    const json = JSON.parse(text) as { error?: { code?: unknown } };
    return typeof json.error?.code === "string" ? json.error.code : undefined;
  } catch {
    return undefined;
  }
}

function describeErrorBody(text: string): string {
  if (text.trim() === "") return "";
  try {
    const json = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const message = typeof json.error === "string" ? json.error : (json.error?.message ?? json.message);
    if (message) return `: ${message}`;
  } catch {
    // Not JSON: show the start of the text.
  }
  return `: ${text.trim().slice(0, 300)}`;
}
