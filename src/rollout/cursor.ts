// Opaque page cursors for thread listing: base64url of the last row's sort key and id. The id breaks ties,
// so rows sharing a timestamp are neither repeated nor skipped across pages. A cursor names a position, not a
// direction: the same cursor continues a listing either way. An anchor cursor (no id) stands just outside
// every row of its timestamp, so reading from it includes them all (the backwards cursor of a page).

/** The index's sort keys; recency_at is the last activity, kept in the updated_at column. */
export type ThreadSortKey = "created_at" | "updated_at" | "recency_at";
const SORT_KEYS: readonly unknown[] = ["created_at", "updated_at", "recency_at"] satisfies ThreadSortKey[];

export interface CursorPosition {
  sortKey: ThreadSortKey;
  value: number;
  /** null: an anchor at the timestamp itself; rows with that timestamp all lie beyond it. */
  id: string | null;
}

export class InvalidCursorError extends Error {
  readonly code = "invalid_cursor";
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.sortKey, position.value, position.id])).toString("base64url");
}

export function decodeCursor(cursor: string, sortKey: ThreadSortKey): CursorPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new InvalidCursorError(`invalid cursor: ${JSON.stringify(cursor)}`);
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== 3 ||
    !SORT_KEYS.includes(decoded[0]) ||
    typeof decoded[1] !== "number" ||
    (typeof decoded[2] !== "string" && decoded[2] !== null)
  ) {
    throw new InvalidCursorError(`invalid cursor: ${JSON.stringify(cursor)}`);
  }
  if (decoded[0] !== sortKey) {
    throw new InvalidCursorError(`cursor was made for sorting by ${decoded[0]}, not ${sortKey}`);
  }
  return { sortKey, value: decoded[1], id: decoded[2] as string | null };
}
