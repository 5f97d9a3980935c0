// The threads `/resume` (and `codex-ts resume`) offers: this directory's threads from the thread index, most
// recently active first, plus the newest one on disk that the index may not know yet (rollout/latest.ts).
import { findLatestThread } from "../../../rollout/latest.js";
import type { IndexHome, ThreadSummary } from "../../../rollout/index.js";
import { withIndex } from "../../threads/locate.js";

export interface ThreadChoice {
  id: string;
  path: string;
  /** The first user message. */
  preview: string;
  cwd: string;
  /** Epoch ms of the last activity. */
  updatedAt: number;
}

export const MAX_THREAD_CHOICES = 50;

const toChoice = (s: ThreadSummary): ThreadChoice => ({
  id: s.id,
  path: s.path,
  preview: s.preview,
  cwd: s.cwd ?? "",
  updatedAt: s.updatedAt,
});

export async function threadChoices(
  home: IndexHome,
  cwd: string,
  options: { exclude?: string } = {},
): Promise<ThreadChoice[]> {
  const summaries = await withIndex(home, (index) => {
    const listed = index.list({ sortKey: "updated_at", cwd, limit: MAX_THREAD_CHOICES }).items;
    const latest = findLatestThread(home.codexHome, index, { cwd });
    return latest && !listed.some((s) => s.id === latest.id) ? [latest, ...listed] : listed;
  });
  return summaries
    .filter((s) => s.id !== options.exclude && !s.archived)
    .map(toChoice)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** "just now", "5m ago", "3h ago", "2d ago". */
export function ageText(updatedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** The preview on one line, cut to `max` characters. */
export function previewLine(preview: string, max = 60): string {
  const line = preview.replace(/\s+/g, " ").trim() || "(no message)";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
