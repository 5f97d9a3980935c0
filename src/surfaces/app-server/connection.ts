// One client connection (stdio, or one WebSocket): reads JSON-RPC messages, answers them through the
// router, and sends notifications and server -> client requests. Knows nothing of the transport's bytes.
import {
  classifyMessage,
  ErrorCode,
  recoverRequestId,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
} from "../../protocol/app-server/jsonrpc.js";
import type { ServerNotification } from "../../protocol/app-server/v2/notifications.js";
import type {
  ServerRequestMethod,
  ServerRequestParams,
} from "../../protocol/app-server/v2/server-requests.js";
import type { Logger } from "./log.js";
import { messageText, parseMessageText } from "./message-text.js";
import { PendingServerRequests, ServerRequestError } from "./pending-server-requests.js";

export interface Transport {
  send(text: string): void;
}

export interface IncomingHandler {
  onRequest(connection: Connection, request: JsonRpcRequest): Promise<void>;
  onNotification(connection: Connection, notification: JsonRpcNotification): void;
}

/** The id of an error that answers a message whose id cannot be read, as JSON-RPC 2.0 says. */
export const UNKNOWN_ID = null;

export interface OutgoingRequest {
  id: number;
  /** The client's answer, unchecked (see client-requests.ts for the checked form). */
  result: Promise<unknown>;
}

let connectionCounter = 0;

/** Sent, as by Codex 0.169, only to clients that opted in to the experimental API at `initialize`. */
const EXPERIMENTAL_NOTIFICATIONS: ReadonlySet<string> = new Set(["thread/readState/changed"]);

export class Connection {
  readonly id = ++connectionCounter;
  /** "new" until initialize arrives, "initializing" while it is answered, then "ready". */
  state: "new" | "initializing" | "ready" = "new";
  clientName: string | undefined;
  /** `initialize`'s `capabilities.experimentalApi`: the client may call experimental methods. */
  experimentalApi = false;
  private optedOut = new Set<string>();
  private readonly pending = new PendingServerRequests();
  private readonly closeListeners = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly transport: Transport,
    private readonly handler: IncomingHandler,
    private readonly log: Logger,
  ) {}

  get isOpen(): boolean {
    return !this.closed;
  }

  optOut(methods: readonly string[]): void {
    this.optedOut = new Set(methods);
  }

  receive(text: string): void {
    let value: unknown;
    try {
      value = parseMessageText(text);
    } catch (err) {
      const id = recoverRequestId(text) ?? UNKNOWN_ID;
      this.respondError(id, ErrorCode.parseError, `Parse error: ${(err as Error).message}`);
      return;
    }
    const message = classifyMessage(value);
    switch (message.kind) {
      case "invalid":
        this.respondError(
          message.id ?? UNKNOWN_ID,
          ErrorCode.invalidRequest,
          `Invalid request: ${message.reason}`,
        );
        return;
      case "request": {
        const { id, method } = message.message;
        this.handler.onRequest(this, message.message).catch((err: unknown) => {
          this.log.error(`request ${method} crashed: ${(err as Error).stack ?? String(err)}`);
          // Every request is answered, even when its handler fails before it could answer.
          this.respondError(id, ErrorCode.internalError, `Internal error: ${(err as Error).message}`);
        });
        return;
      }
      case "notification":
        this.handler.onNotification(this, message.message);
        return;
      case "response":
        if (!this.pending.resolve(message.message.id, message.message.result)) {
          this.log.warn(
            `connection ${this.id}: response to unknown server request id ${String(message.message.id)} ignored`,
          );
        }
        return;
      case "error": {
        const { id, error } = message.message;
        const method = this.pending.methodOf(id) ?? "request";
        const failure = new ServerRequestError(
          "rpc",
          `the client answered ${method} with error ${error.code}: ${error.message}`,
          error,
        );
        if (!this.pending.reject(id, failure)) {
          this.log.warn(`connection ${this.id}: error for unknown server request id ${String(id)} ignored`);
        }
        return;
      }
    }
  }

  /** A line over the size limit was dropped unread. */
  receiveTooLong(length: number): void {
    this.respondError(
      UNKNOWN_ID,
      ErrorCode.invalidRequest,
      `Invalid request: message of ${length} bytes exceeds the limit`,
    );
  }

  respond(id: RequestId, result: unknown): void {
    this.send({ id, result });
  }

  respondError(id: RequestId | null, code: number, message: string, data?: unknown): void {
    this.send({ id, error: data === undefined ? { code, message } : { code, message, data } });
  }

  notify(notification: ServerNotification): void {
    if (this.state !== "ready" || this.optedOut.has(notification.method)) return;
    if (!this.experimentalApi && EXPERIMENTAL_NOTIFICATIONS.has(notification.method)) return;
    this.send(notification);
  }

  /** A notification of codex-ts's own (`x-…`), outside the protocol's typed set. */
  notifyExtension(method: `x-${string}`, params: unknown): void {
    if (this.state !== "ready" || this.optedOut.has(method)) return;
    this.send({ method, params });
  }

  /** Sends a server -> client request; `result` settles with the client's answer (or an error). */
  request<M extends ServerRequestMethod>(
    method: M,
    params: ServerRequestParams<M>,
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): OutgoingRequest {
    if (this.closed) {
      return { id: -1, result: Promise.reject(new ServerRequestError("closed", "the client disconnected")) };
    }
    const { id, answer } = this.pending.open(method, options.timeoutMs);
    const onAbort = () =>
      this.pending.reject(id, new ServerRequestError("cancelled", `${method} no longer needed`));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    this.send({ id, method, params });
    return { id, result: answer.finally(() => options.signal?.removeEventListener("abort", onAbort)) };
  }

  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending.rejectAll(new ServerRequestError("closed", "the client disconnected"));
    for (const listener of this.closeListeners) listener();
    this.closeListeners.clear();
  }

  private send(message: unknown): void {
    if (this.closed) return;
    this.transport.send(messageText(message as { id?: unknown; [key: string]: unknown }));
  }
}
