// The only code that talks to a model: POST {base_url}{wire.path} with stream=true, SSE parsed into
// ModelEvents by the wire format (Responses or Chat Completions), with retries on 429/5xx/network errors
// and on a stream cut before its end.
import http from "node:http";
import https from "node:https";
import type { IncomingMessage } from "node:http";
import type { Credentials } from "../auth/credentials.js";
import type { ModelAuthHooks } from "../auth/model-auth.js";
import { rateLimitsFromHeaders, type RateLimitSnapshot } from "../auth/rate-limits.js";
import type { ProviderInfo } from "./provider-info.js";
import {
  ModelError,
  WireFailure,
  type ClientIdentity,
  type ModelClient,
  type ResponsesRequest,
  type StreamItem,
  type WireFormat,
} from "./model-client.js";
import { EventLoopSlice } from "./event-loop-slice.js";
import { parseSse } from "./sse.js";
import type { ModelEvent } from "./stream-events.js";
import { backoffMs, isRetryableStatus, parseRetryAfter, sleep } from "./retry.js";

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

export class HttpModelClient implements ModelClient {
  /** The usage limits the last model response announced in its headers, if any did. */
  rateLimits: RateLimitSnapshot | undefined;

  constructor(
    private readonly provider: ProviderInfo,
    private readonly wire: WireFormat,
    /** May refresh a stale login before answering (auth/refreshing-credentials.ts). */
    private readonly credentials: (signal?: AbortSignal) => Credentials | Promise<Credentials>,
    private readonly identity: ClientIdentity,
    private readonly auth: Pick<ModelAuthHooks, "onUnauthorized"> = {},
    /** Runs before each request's first attempt: a local server's check that it answers and has the model
     * (which remembers what it already checked). */
    private readonly preflight?: (request: ResponsesRequest, signal: AbortSignal) => Promise<void>,
  ) {}

  /** Streams one model response, retrying as the provider allows. Throws ModelError when it gives up. */
  async *stream(request: ResponsesRequest, signal: AbortSignal): AsyncGenerator<StreamItem> {
    let requestRetries = 0;
    let streamRetries = 0;
    let refreshedAuth = false;
    await this.preflight?.(request, signal);
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
    const parser = this.wire.parser(request);
    let tail: ModelEvent[] | undefined;
    const idle = new IdleTimer(this.provider.streamIdleTimeoutMs, () =>
      response.destroy(new Error(`no data from the model for ${this.provider.streamIdleTimeoutMs} ms`)),
    );
    const slice = new EventLoopSlice();
    try {
      // Not destroyed when the loop stops at the final event, so the connection can serve the next request.
      for await (const message of parseSse(response.iterator({ destroyOnReturn: false }))) {
        idle.reset();
        yield* parser.push(message.data);
        if (parser.done) break;
        if (slice.spent()) await slice.yieldTurn();
      }
      tail = parser.end();
    } catch (err) {
      if (err instanceof WireFailure) {
        throw new AttemptError(
          new ModelError(err.message, "failed", undefined, err.code),
          err.retryable,
          "stream",
        );
      }
      if (signal.aborted) throw err;
      throw new AttemptError(
        new ModelError(`stream disconnected before completion: ${(err as Error).message}`, "stream"),
        true,
        "stream",
      );
    } finally {
      idle.stop();
      if (tail && !response.complete) releaseWhenDrained(response);
      else if (!tail) response.destroy();
    }
    if (!tail) {
      throw new AttemptError(new ModelError(this.wire.cutMessage, "stream"), true, "stream");
    }
    yield* tail;
  }

  private async post(request: ResponsesRequest, signal: AbortSignal): Promise<IncomingMessage> {
    const url = new URL(`${this.provider.baseUrl}${this.wire.path}`);
    for (const [k, v] of Object.entries(this.provider.queryParams)) url.searchParams.set(k, v);
    const body = JSON.stringify(this.wire.body(request));
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

export async function readBody(res: IncomingMessage, limit = 64 * 1024): Promise<string> {
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

export function describeErrorBody(text: string): string {
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

/** How long the rest of a finished response (its last bytes) may take before its connection is dropped. */
const DRAIN_MS = 2_000;

/**
 * Reads what is left of a response whose final event has arrived, so its keep-alive connection goes back to
 * the agent's pool (a destroyed response closes the connection, and the next request opens a new one).
 */
function releaseWhenDrained(response: IncomingMessage): void {
  const timer = setTimeout(() => response.destroy(), DRAIN_MS).unref();
  response.once("end", () => clearTimeout(timer));
  response.once("error", () => clearTimeout(timer));
  response.resume();
}
