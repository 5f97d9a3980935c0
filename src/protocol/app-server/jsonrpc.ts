// The app-server's wire envelope: JSON-RPC 2.0 semantics without the "jsonrpc" field ("jsonrpc lite").
// Requests carry an id and a method; notifications a method only; responses an id and a result or an error.
// Checked by hand rather than with zod: every message goes through here, including before the schemas load.

export type RequestId = string | number;

export interface JsonRpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcRequest {
  id: RequestId;
  method: string;
  params?: unknown;
}

export interface JsonRpcNotification {
  method: string;
  params?: unknown;
}

export interface JsonRpcResponse {
  id: RequestId;
  result: unknown;
}

export interface JsonRpcError {
  id: RequestId;
  error: JsonRpcErrorBody;
}

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

/** A string, or an integer (the protocol's RequestId). */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value));
}

function isErrorBody(value: unknown): value is JsonRpcErrorBody {
  return isRecord(value) && Number.isInteger(value.code) && typeof value.message === "string";
}

/** Sorts a parsed JSON value into one of the four message kinds, or says why it is none of them. */
export function classifyMessage(value: unknown): IncomingMessage {
  if (!isRecord(value)) return { kind: "invalid", id: undefined, reason: "expected a JSON object" };
  const id = isRequestId(value.id) ? value.id : undefined;
  if ("method" in value) {
    if (typeof value.method !== "string") return { kind: "invalid", id, reason: "method: expected a string" };
    if (!("id" in value))
      return { kind: "notification", message: { method: value.method, params: value.params } };
    if (id === undefined) return { kind: "invalid", id, reason: "id: expected a string or an integer" };
    return { kind: "request", message: { id, method: value.method, params: value.params } };
  }
  if ("result" in value || "error" in value) {
    if (id === undefined) return { kind: "invalid", id, reason: "id: expected a string or an integer" };
    if ("error" in value) {
      if (!isErrorBody(value.error))
        return { kind: "invalid", id, reason: "error: expected {code, message}" };
      return { kind: "error", message: { id, error: value.error } };
    }
    return { kind: "response", message: { id, result: value.result } };
  }
  return { kind: "invalid", id, reason: "expected a request, a notification or a response" };
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

/** "path.to.field: message" for the first problem of a failed parse (zod's issues, full or mini). */
export function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): {
  text: string;
  path: string[];
} {
  const issue = issues[0];
  if (!issue) return { text: "invalid value", path: [] };
  const path = issue.path.map(String);
  return { text: `${path.length > 0 ? path.join(".") : "(root)"}: ${issue.message}`, path };
}
