// Routes a connection's requests: the initialize gate, the method table (unknown method -> -32601, params
// that do not fit -> -32600 "Invalid request: ..." as Codex answers, with the problem's path as data), then
// the method's handler.
import { safeParse, type z } from "zod/mini";
import {
  ErrorCode,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
} from "../../protocol/app-server/jsonrpc.js";
import type { MethodName } from "../../protocol/app-server/methods.js";
import { paramsIssueText, type ParamsIssue } from "../../protocol/app-server/params-error.js";
import { InitializeParams } from "../../protocol/app-server/v2/initialize.js";
import type { Connection, IncomingHandler } from "./connection.js";
import { AppServerError } from "./errors.js";
import type { Dispatch, Handler } from "./handler-types.js";
import { initialize } from "./handlers/initialize.js";
import type { ServerHost } from "./server-host.js";

/** The server as the router needs it: the host, and the table it loads on demand. */
export interface RouterHost extends ServerHost {
  dispatch(): Promise<Dispatch>;
  /** Starts loading the table once the handshake is answered. */
  preload(): void;
}

type Responder = (result: unknown) => void;

/** What parse gives for params it refused (undefined is a valid value: a method without params). */
const INVALID = Symbol("invalid params");

export class Router implements IncomingHandler {
  constructor(private readonly server: RouterHost) {}

  async onRequest(connection: Connection, request: JsonRpcRequest): Promise<void> {
    const { id, method } = request;
    if (method === "initialize") return this.handshake(connection, request);
    if (connection.state !== "ready") {
      connection.respondError(id, ErrorCode.invalidRequest, "Not initialized");
      return;
    }
    const extension = this.server.options.extensions?.get(method as `x-${string}`);
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
    const params = this.parse(connection, id, dispatch.methods[name].params, request.params);
    if (params === INVALID) return;
    await this.run(connection, id, name, (respond) => {
      const handler = dispatch.handlers[name] as Handler<typeof name>;
      const ctx = { connection, server: this.server, services: dispatch.services, requestId: id, respond };
      return handler(params as Parameters<typeof handler>[0], ctx);
    });
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
    const params = this.parse(connection, request.id, InitializeParams, request.params);
    if (params === INVALID) return;
    await this.run(connection, request.id, "initialize", (respond) =>
      initialize(params as InitializeParams, { connection, server: this.server, respond }),
    );
    this.server.preload();
  }

  /**
   * The params, validated (undefined for a method that takes none); INVALID after answering -32600. Absent params are
   * fine only for the methods whose params are optional in the protocol (Codex: "missing field `params`").
   */
  private parse(connection: Connection, id: RequestId, schema: z.core.$ZodType, raw: unknown): unknown {
    // Without zod's eval'd fast path: a method's params are parsed once per request, and compiling that
    // path costs more than the few parses it would speed up (~2 ms vs ~0.8 ms for thread/list's first).
    const parsed = safeParse(schema, raw ?? undefined, { reportInput: true, jitless: true });
    if (parsed.success) return parsed.data;
    const absent = raw === undefined || raw === null;
    const issue = parsed.error.issues[0] as ParamsIssue | undefined;
    const path = absent ? [] : (issue?.path.map(String) ?? []);
    const text = absent ? "missing field `params`" : paramsIssueText(issue);
    connection.respondError(id, ErrorCode.invalidRequest, `Invalid request: ${text}`, { path });
    return INVALID;
  }

  private async run(
    connection: Connection,
    id: RequestId,
    method: string,
    call: (respond: Responder) => unknown,
  ): Promise<void> {
    let answered = false;
    const respond: Responder = (result) => {
      if (answered) return;
      answered = true;
      connection.respond(id, result);
    };
    try {
      respond(await call(respond));
    } catch (err) {
      if (answered) {
        this.server.logger.error(`${method} failed after answering: ${(err as Error).message}`);
        return;
      }
      answered = true;
      if (err instanceof AppServerError) {
        connection.respondError(id, err.code, err.message, err.data);
      } else {
        this.server.logger.error(`${method} failed: ${(err as Error).stack ?? String(err)}`);
        connection.respondError(id, ErrorCode.internalError, `Internal error: ${(err as Error).message}`);
      }
    }
  }
}
