// JSON text <-> messages with ids kept exactly: JSON.parse rounds a numeric id past ±2^53 (and keeps 1.0 as
// 1), so such an id is read again from the text losslessly and echoed back digit for digit.
import { isLosslessNumber, parse as parseLossless } from "lossless-json";
import { RawNumberId } from "../../protocol/app-server/jsonrpc.js";

/** Parses one message; throws SyntaxError as JSON.parse does. */
export function parseMessageText(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (typeof record.id === "number" && !Number.isSafeInteger(record.id)) {
    record.id = rawIdOf(text) ?? record.id;
  }
  return value;
}

function rawIdOf(text: string): RawNumberId | undefined {
  // Only on this rare path: a full lossless parse, so an "id" nested in params is never mistaken for it.
  const lossless = parseLossless(text) as Record<string, unknown> | null;
  const id = lossless?.id;
  return isLosslessNumber(id) ? new RawNumberId(id.value) : undefined;
}

const MARKER = "\u0000raw-id\u0000";
const PLACEHOLDER = JSON.stringify(MARKER);

/** Serialises an outgoing message, writing a RawNumberId as the bare number it was. */
export function messageText(message: { id?: unknown; [key: string]: unknown }): string {
  if (!(message.id instanceof RawNumberId)) return JSON.stringify(message);
  const text = JSON.stringify({ ...message, id: MARKER });
  return text.replace(PLACEHOLDER, message.id.text);
}
