// A page of an in-memory list whose cursor is the index of the page's first entry (as a string).
import { badRequest } from "../errors.js";

export function indexPage<T>(
  all: readonly T[],
  cursor: string | null | undefined,
  limit: number | null | undefined,
) {
  const start = cursor ? Number(cursor) : 0;
  if (!Number.isInteger(start) || start < 0) throw badRequest(`invalid cursor: ${cursor}`);
  const data = all.slice(start, limit ? start + limit : undefined);
  const end = start + data.length;
  return { data, nextCursor: end < all.length ? String(end) : null };
}
