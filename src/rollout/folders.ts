// The folders that hold rollout files (sessions/YYYY/MM/DD and archived_sessions/) with their mtimes. A
// folder's mtime moves when a file is created, renamed or removed in it, so comparing these marks with the
// ones the index recorded tells which folders another process changed, at the cost of a stat per folder.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { archivedDir, sessionsDir } from "./paths.js";

export interface FolderMark {
  archived: boolean;
  /** -1 when the folder changed so recently that a file created in the same clock tick could be missed. */
  mtimeMs: number;
}

/** Folders touched within this window are recorded as unseen, so the next open reads them again. */
const SETTLE_MS = 2_000;

function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(dir, e.name));
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

/** Every folder that can hold rollout files, keyed by path. */
export function rolloutFolders(codexHome: string, now = Date.now()): Map<string, FolderMark> {
  const marks = new Map<string, FolderMark>();
  const archived = archivedDir(codexHome);
  const archivedMark = mark(archived, true, now);
  if (archivedMark) marks.set(archived, archivedMark);
  for (const year of subfolders(sessionsDir(codexHome)))
    for (const month of subfolders(year))
      for (const day of subfolders(month)) {
        const m = mark(day, false, now);
        if (m) marks.set(day, m);
      }
  return marks;
}
