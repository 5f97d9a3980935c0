// The app-server's wire envelope: JSON-RPC 2.0 semantics without the "jsonrpc" field ("jsonrpc lite").
// Requests carry an id and a method; notifications a method only; responses an id and a result or an error.
import { z } from "zod";

export const RequestId = z.union([z.string(), z.number().int()]);
export type RequestId = z.infer<typeof RequestId>;

export const JsonRpcErrorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type JsonRpcErrorBody = z.infer<typeof JsonRpcErrorBody>;

export const JsonRpcRequest = z.object({ id: RequestId, method: z.string(), params: z.unknown().optional() });
export type JsonRpcRequest = z.infer<typeof JsonRpcRequest>;

export const JsonRpcNotification = z.object({ method: z.string(), params: z.unknown().optional() });
export type JsonRpcNotification = z.infer<typeof JsonRpcNotification>;

export const JsonRpcResponse = z.object({ id: RequestId, result: z.unknown() });
export type JsonRpcResponse = z.infer<typeof JsonRpcResponse>;

export const JsonRpcError = z.object({ id: RequestId, error: JsonRpcErrorBody });
export type JsonRpcError = z.infer<typeof JsonRpcError>;

/** The standard JSON-RPC codes the server answers with. */
export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export type IncomingMessage =
  | { kind: "request"; message: JsonRpcRequest }
  | { kind: "notification"; message: JsonRpcNotification }
  | { kind: "response"; message: JsonRpcResponse }
  | { kind: "error"; message: JsonRpcError }
  | { kind: "invalid"; id: RequestId | undefined; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sorts a parsed JSON value into one of the four message kinds, or says why it is none of them. */
export function classifyMessage(value: unknown): IncomingMessage {
  if (!isRecord(value)) return { kind: "invalid", id: undefined, reason: "expected a JSON object" };
  const id = RequestId.safeParse(value.id);
  const knownId = id.success ? id.data : undefined;
  if ("method" in value) {
    if (typeof value.method !== "string") {
      return { kind: "invalid", id: knownId, reason: "method: expected a string" };
    }
    if (!("id" in value)) {
      return { kind: "notification", message: { method: value.method, params: value.params } };
    }
    if (!id.success) return { kind: "invalid", id: undefined, reason: "id: expected a string or an integer" };
    return { kind: "request", message: { id: id.data, method: value.method, params: value.params } };
  }
  if ("result" in value || "error" in value) {
    if (!id.success) return { kind: "invalid", id: undefined, reason: "id: expected a string or an integer" };
    if ("error" in value) {
      const error = JsonRpcErrorBody.safeParse(value.error);
      if (!error.success) return { kind: "invalid", id: id.data, reason: "error: expected {code, message}" };
      return { kind: "error", message: { id: id.data, error: error.data } };
    }
    return { kind: "response", message: { id: id.data, result: value.result } };
  }
  return { kind: "invalid", id: knownId, reason: "expected a request, a notification or a response" };
}

/**
 * The id of a request whose line is not valid JSON, when it can still be read (`"id": 7` or `"id": "x"`),
 * so the client can match the parse error to its request.
 */
export function recoverRequestId(line: string): RequestId | undefined {
  const match = /"id"\s*:\s*(-?\d{1,15}(?![\d.eE])|"(?:[^"\\]|\\.){0,200}")/.exec(line);
  if (!match?.[1]) return undefined;
  const raw = match[1];
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return undefined;
    }
  }
  return Number(raw);
}
