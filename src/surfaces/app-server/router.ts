// Routes a connection's requests: the initialize gate, the method table (unknown method -> -32601, params
// that do not fit -> -32600 "Invalid request: ..." as Codex answers, with the problem's path as data), then
// the method's handler.
import {
  ErrorCode,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
} from "../../protocol/app-server/jsonrpc.js";
import type { MethodName } from "../../protocol/app-server/methods.js";
import { paramsIssueText, type ParamsIssue } from "../../protocol/app-server/params-error.js";
import { checkInitializeParams } from "../../protocol/app-server/v2/initialize-check.js";
import type { Connection, IncomingHandler } from "./connection.js";
import { AppServerError } from "./errors.js";
import type { ExtensionMethods } from "./extensions.js";
import type { Dispatch, Handler } from "./handler-types.js";
import { initialize } from "./handlers/initialize.js";
import type { ServerHost } from "./server-host.js";

/** The server as the router needs it: the host, and the table it loads on demand. */
export interface RouterHost extends ServerHost {
  dispatch(): Promise<Dispatch>;
  /** The `x-` methods, once their start-up work is done. */
  extensions(): Promise<ExtensionMethods | undefined>;
  /** Starts loading the table once the handshake is answered. */
  preload(): void;
  /** Told of each request's start and end (the rest of the handlers load when it has been idle). */
  requestStarted(): void;
  requestEnded(): void;
}

type Responder = (result: unknown) => void;
type HandlerName = Exclude<MethodName, "initialize">;

interface WaitingStart {
  handler?: unknown;
  failure?: { err: unknown };
  resolve(handler: unknown): void;
  reject(err: unknown): void;
}

export class Router implements IncomingHandler {
  /**
   * Requests whose handler's module is still loading, in arrival order: handlers start in the order their
   * requests came (as when the whole table loaded at once), though a later one's module may load first.
   */
  private readonly waiting: WaitingStart[] = [];

  constructor(private readonly server: RouterHost) {}

  async onRequest(connection: Connection, request: JsonRpcRequest): Promise<void> {
    const { id, method } = request;
    if (method === "initialize") return this.handshake(connection, request);
    if (connection.state !== "ready") {
      connection.respondError(id, ErrorCode.invalidRequest, "Not initialized");
      return;
    }
    // Only an `x-` method waits for the extensions (a fleet's config and Redis, read after the handshake).
    const extension = method.startsWith("x-")
      ? (await this.server.extensions())?.get(method as `x-${string}`)
      : undefined;
    if (extension) {
      await this.run(connection, id, method, () => extension(request.params ?? {}, { connection }));
      return;
    }
    const dispatch = await this.server.dispatch();
    if (!Object.hasOwn(dispatch.methods, method) || method === "initialize") {
      connection.respondError(id, ErrorCode.methodNotFound, `Method not found: ${method}`);
      return;
    }
    const name = method as Exclude<MethodName, "initialize">;
    const parsed = dispatch.parseParams(dispatch.methods[name].params, request.params ?? undefined);
    if (!parsed.ok) return this.refuse(connection, id, request.params, parsed.issue);
    const params = parsed.data;
    const ready = this.handlerInOrder(dispatch, name);
    await this.run(connection, id, name, async (respond) => {
      const handler = (ready instanceof Promise ? await ready : ready) as Handler<typeof name>;
      const ctx = { connection, server: this.server, services: dispatch.services, requestId: id, respond };
      return handler(params as Parameters<typeof handler>[0], ctx);
    });
  }

  /**
   * The method's handler: at once when its module is loaded and no earlier request waits for its own (the
   * common case, with no extra turn), else a promise settled once the earlier ones have started.
   */
  private handlerInOrder(dispatch: Dispatch, method: HandlerName): unknown {
    if (this.waiting.length === 0) {
      const handler = dispatch.loadedHandler(method);
      if (handler) return handler;
    }
    return new Promise((resolve, reject) => {
      const entry: WaitingStart = { resolve, reject };
      this.waiting.push(entry);
      dispatch.handler(method).then(
        (handler) => {
          entry.handler = handler;
          this.startWaiting();
        },
        (err: unknown) => {
          entry.failure = { err };
          this.startWaiting();
        },
      );
    });
  }

  /** Hands their handlers to the waiting requests from the oldest on, up to the first still loading. */
  private startWaiting(): void {
    for (let head = this.waiting[0]; head; head = this.waiting[0]) {
      if (head.failure) head.reject(head.failure.err);
      else if (head.handler) head.resolve(head.handler);
      else return;
      this.waiting.shift();
    }
  }

  onNotification(connection: Connection, notification: JsonRpcNotification): void {
    if (notification.method === "initialized") return;
    this.server.logger.info(`connection ${connection.id}: notification ${notification.method} ignored`);
  }

  private async handshake(connection: Connection, request: JsonRpcRequest): Promise<void> {
    if (connection.state !== "new") {
      connection.respondError(request.id, ErrorCode.invalidRequest, "Already initialized");
      return;
    }
    const checked = checkInitializeParams(request.params ?? undefined);
    if (!checked.ok) return this.refuse(connection, request.id, request.params, checked.issue);
    await this.run(
      connection,
      request.id,
      "initialize",
      (respond) => initialize(checked.params, { connection, server: this.server, respond }),
      false,
    );
    this.server.preload();
  }

  /**
   * Answers -32600 for params that do not fit, as Codex words it. Absent params are fine only for the methods
   * whose params are optional in the protocol (Codex: "missing field `params`").
   */
  private refuse(connection: Connection, id: RequestId, raw: unknown, issue: ParamsIssue | undefined): void {
    const absent = raw === undefined || raw === null;
    const path = absent ? [] : (issue?.path.map(String) ?? []);
    const text = absent ? "missing field `params`" : paramsIssueText(issue);
    connection.respondError(id, ErrorCode.invalidRequest, `Invalid request: ${text}`, { path });
  }

  private async run(
    connection: Connection,
    id: RequestId,
    method: string,
    call: (respond: Responder) => unknown,
    /** Whether the request counts for the server's idle time (the handshake does not). */
    counted = true,
  ): Promise<void> {
    if (counted) this.server.requestStarted();
    let answered = false;
    const answer = (): void => {
      answered = true;
      if (counted) this.server.requestEnded();
    };
    const respond: Responder = (result) => {
      if (answered) return;
      answer();
      connection.respond(id, result);
    };
    try {
      respond(await call(respond));
    } catch (err) {
      if (answered) {
        this.server.logger.error(`${method} failed after answering: ${(err as Error).message}`);
        return;
      }
      answer();
      if (err instanceof AppServerError) {
        connection.respondError(id, err.code, err.message, err.data);
      } else {
        this.server.logger.error(`${method} failed: ${(err as Error).stack ?? String(err)}`);
        connection.respondError(id, ErrorCode.internalError, `Internal error: ${(err as Error).message}`);
      }
    }
  }
}
