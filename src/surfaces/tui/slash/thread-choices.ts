// The threads `/resume` (and `codex-ts resume`) offers: those in scope (rollout/thread-scope.ts) from the thread
// index, most recently active first, plus the newest one on disk that the index may not know yet (rollout/latest.ts).
import { findLatestThread } from "../../../rollout/latest.js";
import { inThreadScope, type ThreadScope } from "../../../rollout/thread-scope.js";
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

/** Index pages looked through to fill the list when threads out of scope take room in them. */
const MAX_PAGES = 10;

/**
 * The threads in `scope` (default: this directory's interactive ones, as /resume and `codex-ts resume`
 * offer them), most recently active first, without `exclude` (the current thread).
 */
export async function threadChoices(
  home: IndexHome,
  scope: ThreadScope,
  options: { exclude?: string } = {},
): Promise<ThreadChoice[]> {
  const summaries = await withIndex(home, (index) => {
    const listed: ThreadSummary[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES && listed.length < MAX_THREAD_CHOICES; page++) {
      const found = index.list({
        sortKey: "updated_at",
        limit: MAX_THREAD_CHOICES,
        ...(scope.cwd !== undefined ? { cwd: scope.cwd } : {}),
        ...(cursor !== undefined ? { cursor } : {}),
      });
      listed.push(...found.items.filter((s) => inThreadScope(s, scope)));
      if (found.nextCursor === undefined) break;
      cursor = found.nextCursor;
    }
    const latest = findLatestThread(home.codexHome, index, scope);
    return latest && !listed.some((s) => s.id === latest.id) ? [latest, ...listed] : listed;
  });
  return summaries
    .filter((s) => s.id !== options.exclude && !s.archived)
    .map(toChoice)
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, MAX_THREAD_CHOICES);
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
