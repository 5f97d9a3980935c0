// Cursor paging over a thread's turns or items, anchored on ids (a new turn does not shift later pages):
// a cursor names the entry a page continues after. `backwardsCursor` is the cursor for the other
// direction, starting with the page's first entry (inclusive, as Codex 0.169's `includeAnchor`), on every
// non-empty page, so a client can later read what came after the first page. thread/resume's backwards
// cursors name their first entry the same way.
import { badRequest } from "../errors.js";

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  backwardsCursor: string | null;
}

export function encodeAnchor(id: string): string {
  return Buffer.from(JSON.stringify({ after: id })).toString("base64url");
}

/** A cursor whose first page includes the entry `id`. */
export function encodeInclusiveAnchor(id: string): string {
  return Buffer.from(JSON.stringify({ at: id })).toString("base64url");
}

interface Anchor {
  id: string;
  inclusive: boolean;
}

function decodeAnchor(cursor: string): Anchor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as {
      after?: unknown;
      at?: unknown;
    };
    if (typeof parsed.after === "string") return { id: parsed.after, inclusive: false };
    if (typeof parsed.at === "string") return { id: parsed.at, inclusive: true };
  } catch {
    // Reported below.
  }
  throw badRequest(`invalid cursor: ${cursor}`);
}

/**
 * One page of `all` (oldest first) in `direction`, after the entry the cursor (or the anchor id) names.
 */
export function pageOf<T>(
  all: readonly T[],
  idOf: (entry: T) => string,
  options: { direction: "asc" | "desc"; limit: number; cursor?: string | null; anchorId?: string },
): Page<T> {
  const ordered = options.direction === "asc" ? [...all] : [...all].reverse();
  let start = 0;
  const anchor: Anchor | undefined = options.anchorId
    ? { id: options.anchorId, inclusive: false }
    : options.cursor
      ? decodeAnchor(options.cursor)
      : undefined;
  if (anchor !== undefined) {
    const at = ordered.findIndex((e) => idOf(e) === anchor.id);
    if (at < 0) throw badRequest(`cursor refers to ${anchor.id}, which this thread does not have`);
    start = anchor.inclusive ? at : at + 1;
  }
  const data = ordered.slice(start, start + Math.max(1, options.limit));
  const end = start + data.length;
  const last = data.at(-1);
  const first = data[0];
  return {
    data,
    nextCursor: last && end < ordered.length ? encodeAnchor(idOf(last)) : null,
    backwardsCursor: first ? encodeInclusiveAnchor(idOf(first)) : null,
  };
}
