// The most recently active thread. The index knows threads whose process ended cleanly; a process that was
// killed may have left a newer file it never indexed, so the newest day folder is looked at too.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ThreadIndex, ThreadSummary } from "./index.js";
import { parseRolloutFileName, sessionsDir } from "./paths.js";
import { readThreadSummary } from "./summary.js";

function newestFirst(dir: string): string[] {
  try {
    return readdirSync(dir).sort().reverse();
  } catch {
    return [];
  }
}

/** Rollout files of the newest sessions/YYYY/MM/DD folder that has any. */
function newestDayFiles(codexHome: string): string[] {
  const root = sessionsDir(codexHome);
  for (const year of newestFirst(root)) {
    for (const month of newestFirst(join(root, year))) {
      for (const day of newestFirst(join(root, year, month))) {
        const dir = join(root, year, month, day);
        const files = newestFirst(dir).filter((name) => parseRolloutFileName(name) !== undefined);
        if (files.length > 0) return files.map((name) => join(dir, name));
      }
    }
  }
  return [];
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

export function findLatestThread(
  codexHome: string,
  index: Pick<ThreadIndex, "list"> | undefined,
  filter: { cwd?: string } = {},
): ThreadSummary | undefined {
  const candidates: ThreadSummary[] = [];
  const indexed = index?.list({ limit: 1, sortKey: "updated_at", ...(filter.cwd ? { cwd: filter.cwd } : {}) })
    .items[0];
  if (indexed) candidates.push({ ...indexed, updatedAt: mtime(indexed.path) });
  const recent = newestDayFiles(codexHome)
    .map((path) => ({ path, updatedAt: mtime(path) }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
  for (const file of recent) {
    const summary = readThreadSummary(file.path, false);
    if (summary && (!filter.cwd || summary.cwd === filter.cwd)) {
      candidates.push(summary);
      break;
    }
  }
  return candidates.sort((a, b) => b.updatedAt - a.updatedAt)[0];
}
