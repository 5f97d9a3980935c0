// Server -> client requests with their answers checked against the method's result schema.
import {
  serverRequests,
  type ServerRequestMethod,
  type ServerRequestParams,
  type ServerRequestResult,
} from "../../protocol/app-server/v2/server-requests.js";
import { describeZodError } from "../../protocol/errors.js";
import type { Connection } from "./connection.js";
import { ServerRequestError } from "./pending-server-requests.js";

export interface CheckedRequest<M extends ServerRequestMethod> {
  id: number;
  result: Promise<ServerRequestResult<M>>;
}

export function askClient<M extends ServerRequestMethod>(
  connection: Connection,
  method: M,
  params: ServerRequestParams<M>,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): CheckedRequest<M> {
  const { id, result } = connection.request(method, params, options);
  return {
    id,
    result: result.then((raw) => {
      const parsed = serverRequests[method].result.safeParse(raw);
      if (!parsed.success) {
        throw new ServerRequestError(
          "invalid",
          `invalid answer to ${method}: ${describeZodError(parsed.error)}`,
        );
      }
      return parsed.data as ServerRequestResult<M>;
    }),
  };
}
