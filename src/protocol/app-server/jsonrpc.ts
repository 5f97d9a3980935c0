// The app-server's wire envelope: JSON-RPC 2.0 semantics without the "jsonrpc" field ("jsonrpc lite").
// Requests carry an id and a method; notifications a method only; responses an id and a result or an error.
// Checked by hand rather than with zod: every message goes through here, including before the schemas load.

export type RequestId = string | number | RawNumberId;

/**
 * A numeric id that a JavaScript number cannot hold exactly (past ±2^53, or written with a fraction or an
 * exponent): kept as the digits the client sent, so the answer echoes them unchanged.
 */
export class RawNumberId {
  constructor(readonly text: string) {}
  /** Integers are ids; anything else (1.5, 1e3) is read only to be echoed in the error. */
  get isInteger(): boolean {
    return /^-?\d+$/.test(this.text);
  }
  toString(): string {
    return this.text;
  }
}

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
  | { kind: "invalid"; id: RequestId | null; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string, or an integer of any size (the protocol's RequestId). */
export function isRequestId(value: unknown): value is RequestId {
  if (value instanceof RawNumberId) return value.isInteger;
  return typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value));
}

/** The id to echo in an error: what the client sent when it is a string or a number, else null. */
function echoableId(value: unknown): RequestId | null {
  if (typeof value === "string" || typeof value === "number" || value instanceof RawNumberId) return value;
  return null;
}

function isErrorBody(value: unknown): value is JsonRpcErrorBody {
  return isRecord(value) && Number.isInteger(value.code) && typeof value.message === "string";
}

/** Sorts a parsed JSON value into one of the four message kinds, or says why it is none of them. */
export function classifyMessage(value: unknown): IncomingMessage {
  if (!isRecord(value)) return { kind: "invalid", id: null, reason: "expected a JSON object" };
  const echo = echoableId(value.id);
  const id = isRequestId(value.id) ? value.id : undefined;
  const badId = { kind: "invalid", id: echo, reason: "id: expected a string or an integer" } as const;
  if ("method" in value) {
    if (typeof value.method !== "string")
      return { kind: "invalid", id: echo, reason: "method: expected a string" };
    if (!("id" in value))
      return { kind: "notification", message: { method: value.method, params: value.params } };
    if (id === undefined) return badId;
    return { kind: "request", message: { id, method: value.method, params: value.params } };
  }
  if ("result" in value || "error" in value) {
    if (id === undefined) return badId;
    if ("error" in value) {
      if (!isErrorBody(value.error))
        return { kind: "invalid", id, reason: "error: expected {code, message}" };
      return { kind: "error", message: { id, error: value.error } };
    }
    return { kind: "response", message: { id, result: value.result } };
  }
  return { kind: "invalid", id: echo, reason: "expected a request, a notification or a response" };
}

/**
 * The id of a request whose line is not valid JSON, when it can still be read (`"id": 7` or `"id": "x"`),
 * so the client can match the parse error to its request.
 */
export function recoverRequestId(line: string): RequestId | undefined {
  const match = /"id"\s*:\s*(-?\d{1,400}(?![\d.eE])|"(?:[^"\\]|\\.){0,200}")/.exec(line);
  if (!match?.[1]) return undefined;
  const raw = match[1];
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return undefined;
    }
  }
  const number = Number(raw);
  return Number.isSafeInteger(number) ? number : new RawNumberId(raw);
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
