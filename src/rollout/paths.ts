// Where rollout files live. Like the real Codex, the file name and the dated directories use the local
// time at which the thread was created (the timestamps inside the file are UTC):
//   $CODEX_HOME/sessions/YYYY/MM/DD/rollout-YYYY-MM-DDTHH-MM-SS-<uuid>.jsonl
// Archived threads keep their file name, flat under $CODEX_HOME/archived_sessions/.
import { join } from "node:path";

export const SESSIONS_DIR = "sessions";
export const ARCHIVED_SESSIONS_DIR = "archived_sessions";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILE_NAME =
  /^rollout-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function sessionsDir(codexHome: string): string {
  return join(codexHome, SESSIONS_DIR);
}

export function archivedDir(codexHome: string): string {
  return join(codexHome, ARCHIVED_SESSIONS_DIR);
}

/** The local date and time parts of a rollout file name, zero-padded. */
export interface RolloutStamp {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

export interface ParsedRolloutFileName extends RolloutStamp {
  threadId: string;
  /** The local time written in the name (second precision). */
  createdAt: Date;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

function localStamp(at: Date): RolloutStamp {
  return {
    year: pad(at.getFullYear(), 4),
    month: pad(at.getMonth() + 1),
    day: pad(at.getDate()),
    hour: pad(at.getHours()),
    minute: pad(at.getMinutes()),
    second: pad(at.getSeconds()),
  };
}

export function rolloutFileName(threadId: string, createdAt: Date): string {
  const s = localStamp(createdAt);
  return `rollout-${s.year}-${s.month}-${s.day}T${s.hour}-${s.minute}-${s.second}-${threadId}.jsonl`;
}

/** The dated directory `sessions/YYYY/MM/DD` for a stamp (taken from a file name or a time). */
export function datedSessionsDir(codexHome: string, stamp: RolloutStamp | Date): string {
  const s = stamp instanceof Date ? localStamp(stamp) : stamp;
  return join(sessionsDir(codexHome), s.year, s.month, s.day);
}

export function rolloutPath(codexHome: string, threadId: string, createdAt: Date): string {
  return join(datedSessionsDir(codexHome, createdAt), rolloutFileName(threadId, createdAt));
}

/** Parses `rollout-YYYY-MM-DDTHH-MM-SS-<uuid>.jsonl` (a bare file name); undefined if it is not one. */
export function parseRolloutFileName(fileName: string): ParsedRolloutFileName | undefined {
  const m = FILE_NAME.exec(fileName);
  if (!m) return undefined;
  const [, year = "", month = "", day = "", hour = "", minute = "", second = "", threadId = ""] = m;
  const createdAt = new Date(+year, +month - 1, +day, +hour, +minute, +second);
  // Reject impossible dates (month 13, Feb 30) that Date would silently roll over.
  if (createdAt.getMonth() !== +month - 1 || createdAt.getDate() !== +day) return undefined;
  return { year, month, day, hour, minute, second, threadId, createdAt };
}
