// The error a handler throws to answer its request with a JSON-RPC error. A module of its own, so that the
// services and handlers that throw it do not import the router that catches it.
import { ErrorCode } from "../../protocol/app-server/jsonrpc.js";

/** An error a handler reports to the client as a JSON-RPC error. */
export class AppServerError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data?: unknown) =>
  new AppServerError(ErrorCode.invalidRequest, message, data);
