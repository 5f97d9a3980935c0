// thread/list with `sortKey: "section_position"`: one section's threads in the order thread/section/move
// gave them (first to last ascending, the default; descending reverses). A cursor names a thread and its
// position; while the thread is still in the section, the page continues after wherever it now is, so a
// move between pages neither repeats nor skips the others. A backwards cursor is an anchor at the page's
// first position, kept inclusive, as the index's cursors are.
import { badRequest } from "../errors.js";

interface SectionCursor {
  sectionId: string;
  position: number;
  /** null: an anchor; the entry at `position` is part of the page read from it. */
  id: string | null;
}

function encode(cursor: SectionCursor): string {
  const { sectionId, position, id } = cursor;
  return Buffer.from(JSON.stringify(["section_position", sectionId, position, id])).toString("base64url");
}

function decode(text: string, sectionId: string): SectionCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    value = undefined;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 4 ||
    typeof value[1] !== "string" ||
    !Number.isInteger(value[2]) ||
    (typeof value[3] !== "string" && value[3] !== null)
  ) {
    throw badRequest(`invalid cursor: ${text}`);
  }
  if (value[0] !== "section_position") {
    throw badRequest(`cursor was made for sorting by ${String(value[0])}, not section_position`);
  }
  if (value[1] !== sectionId) throw badRequest(`cursor was made for section ${value[1]}, not ${sectionId}`);
  return { sectionId, position: value[2] as number, id: value[3] as string | null };
}

export interface SectionPage {
  ids: string[];
  nextCursor: string | null;
  backwardsCursor: string | null;
}

/**
 * A page of `members` (the section's threads, in order) from `cursor`, keeping the threads `accept` lets
 * through (those the other filters match).
 */
export function sectionPage(
  sectionId: string,
  members: readonly string[],
  options: { cursor?: string | null; direction: "asc" | "desc"; limit: number },
  accept: (id: string) => boolean,
): SectionPage {
  const asc = options.direction === "asc";
  let start = asc ? 0 : members.length - 1;
  if (options.cursor) {
    const at = decode(options.cursor, sectionId);
    const now = at.id === null ? -1 : members.indexOf(at.id);
    const position = now >= 0 ? now : at.position;
    // A thread's cursor continues past it; an anchor (or a thread gone from the section) starts at it.
    const inclusive = at.id === null || now < 0;
    start = inclusive ? position : position + (asc ? 1 : -1);
    if (!asc) start = Math.min(start, members.length - 1);
  }
  const ids: string[] = [];
  const positions: number[] = [];
  let more = false;
  for (let i = start; i >= 0 && i < members.length; i += asc ? 1 : -1) {
    const id = members[i]!;
    if (!accept(id)) continue;
    if (ids.length === options.limit) {
      more = true;
      break;
    }
    ids.push(id);
    positions.push(i);
  }
  const last = ids.length - 1;
  return {
    ids,
    nextCursor: more ? encode({ sectionId, position: positions[last]!, id: ids[last]! }) : null,
    backwardsCursor: ids.length > 0 ? encode({ sectionId, position: positions[0]!, id: null }) : null,
  };
}
