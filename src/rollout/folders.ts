// The folders that hold rollout files (sessions/YYYY/MM/DD and archived_sessions/) with their mtimes. A
// folder's mtime moves when a file is created, renamed or removed in it, so comparing these marks with the
// ones the index recorded tells which folders another process changed, at the cost of a stat per folder.
// A listing sorted by creation time needs only the day folders its page's times can be in (`DaySpan`).
import { readdirSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { archivedDir, sessionsDir } from "./paths.js";

export interface FolderMark {
  archived: boolean;
  /** -1 when the folder changed so recently that a file created in the same clock tick could be missed. */
  mtimeMs: number;
}

/** Folders touched within this window are recorded as unseen, so the next open reads them again. */
const SETTLE_MS = 2_000;

/** The names of the folders in `dir` (none when it is gone). */
function subfolderNames(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

function mark(dir: string, archived: boolean, now: number): FolderMark | undefined {
  try {
    const { mtimeMs } = statSync(dir);
    return { archived, mtimeMs: now - mtimeMs < SETTLE_MS ? -1 : mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/**
 * Day folders by their names' date, "YYYY-MM-DD" (zero-padded, so keys compare as dates); an absent end is
 * open. Folder names are the writer's local date, which is within a day of the UTC date (see `daySpan`).
 */
export interface DaySpan {
  first?: string;
  last?: string;
}

const DAY_MS = 86_400_000;

const utcDayKey = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day folders a thread created between `fromMs` and `toMs` can be in, whatever the writer's time zone. */
export function daySpan(fromMs: number | undefined, toMs: number | undefined): DaySpan {
  const span: DaySpan = {};
  // Local dates are within a day of the UTC date (offsets run from -12 h to +14 h).
  if (fromMs !== undefined && Number.isFinite(fromMs)) span.first = utcDayKey(fromMs - DAY_MS);
  if (toMs !== undefined && Number.isFinite(toMs)) span.last = utcDayKey(toMs + DAY_MS);
  return span;
}

/** Whether a key prefix (a year "YYYY", a month "YYYY-MM" or a day) can hold days of the span. */
function overlaps(key: string, span: DaySpan): boolean {
  return (
    (span.first === undefined || key >= span.first.slice(0, key.length)) &&
    (span.last === undefined || key <= span.last.slice(0, key.length))
  );
}

/**
 * The folders that can hold rollout files, keyed by path: archived_sessions/ and the day folders of the
 * span (every day folder without one). Only the year and month folders of the span are listed.
 */
export function rolloutFolders(
  codexHome: string,
  span: DaySpan = {},
  now = Date.now(),
): Map<string, FolderMark> {
  const marks = new Map<string, FolderMark>();
  const archived = archivedDir(codexHome);
  const archivedMark = mark(archived, true, now);
  if (archivedMark) marks.set(archived, archivedMark);
  const sessions = sessionsDir(codexHome);
  for (const year of subfolderNames(sessions)) {
    if (!overlaps(year, span)) continue;
    const yearDir = join(sessions, year);
    for (const month of subfolderNames(yearDir)) {
      if (!overlaps(`${year}-${month}`, span)) continue;
      const monthDir = join(yearDir, month);
      for (const day of subfolderNames(monthDir)) {
        if (!overlaps(`${year}-${month}-${day}`, span)) continue;
        const dir = join(monthDir, day);
        const m = mark(dir, false, now);
        if (m) marks.set(dir, m);
      }
    }
  }
  return marks;
}

/**
 * Whether a recorded folder path lies in the span: archived_sessions/ always, a day folder by its date.
 * Paths that are not `sessions/YYYY/MM/DD` count only for a whole listing.
 */
export function inSpan(codexHome: string, dir: string, span: DaySpan): boolean {
  if (dir === archivedDir(codexHome)) return true;
  const parts = dir.slice(sessionsDir(codexHome).length + 1).split(sep);
  if (parts.length !== 3) return span.first === undefined && span.last === undefined;
  return overlaps(parts.join("-"), span);
}
