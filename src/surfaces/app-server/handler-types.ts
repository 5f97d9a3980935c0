// The shapes of the method handlers and of the table the router dispatches through. Types only, apart from
// the router and the handlers, so neither imports the other.
import type { RequestId } from "../../protocol/app-server/jsonrpc.js";
import type { MethodName, MethodParams, MethodResult, methods } from "../../protocol/app-server/methods.js";
import type { Connection } from "./connection.js";
import type { parseParams } from "./params-parse.js";
import type { ServerHost } from "./server-host.js";
import type { ServerServices } from "./services.js";

export interface HandshakeContext {
  connection: Connection;
  server: ServerHost;
  /** Answers now, before anything the handler does next; the return value is then not sent again. */
  respond(result: MethodResult<"initialize">): void;
}

export interface RequestContext<M extends MethodName> {
  connection: Connection;
  server: ServerHost;
  services: ServerServices;
  requestId: RequestId;
  /**
   * Answers now, before the notifications the handler is about to cause (the response to thread/start
   * precedes thread/started). The handler's return value is then not sent again.
   */
  respond(result: MethodResult<M>): void;
}

export type Handler<M extends MethodName> = (
  params: MethodParams<M>,
  ctx: RequestContext<M>,
) => Promise<MethodResult<M>> | MethodResult<M>;

/** One handler per method of the table; `initialize` is the handshake, answered before the rest loads. */
export type HandlerTable = { [M in Exclude<MethodName, "initialize">]: Handler<M> };

/** The same table, each handler imported with its module on first use (handlers/index.ts). */
export type LazyHandlerTable = { [M in keyof HandlerTable]: () => Promise<HandlerTable[M]> };

export interface Dispatch {
  methods: typeof methods;
  /** A method's handler, its module imported on the method's first call. */
  handler<M extends keyof HandlerTable>(method: M): Promise<HandlerTable[M]>;
  /** The handler if its module is already imported. */
  loadedHandler<M extends keyof HandlerTable>(method: M): HandlerTable[M] | undefined;
  /** Imports every handler module not imported yet, one at a time, a turn of the event loop apart. */
  loadAll(stopped: () => boolean): Promise<void>;
  services: ServerServices;
  /** Checks a method's params against its schema (zod, loaded with the table). */
  parseParams: typeof parseParams;
  /** Runs the likely first request (a thread list) once for nobody, before the table serves (warm-up.ts). */
  warmUp(): Promise<void>;
}
