// The most recently active thread. The index knows threads whose process ended cleanly; a process that was
// killed may have left a newer file it never indexed, so the newest day folder is looked at too.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ThreadIndex, ThreadSummary } from "./index.js";
import { inThreadScope, type ThreadScope } from "./thread-scope.js";
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

/** Index pages (of the index's largest size) looked through for a thread in scope before giving up. */
const MAX_PAGES = 20;
const PAGE_SIZE = 100;

export function findLatestThread(
  codexHome: string,
  index: Pick<ThreadIndex, "list"> | undefined,
  scope: ThreadScope = { includeNonInteractive: true },
): ThreadSummary | undefined {
  const candidates: ThreadSummary[] = [];
  const indexed = latestIndexed(index, scope);
  if (indexed) candidates.push({ ...indexed, updatedAt: mtime(indexed.path) });
  const recent = newestDayFiles(codexHome)
    .map((path) => ({ path, updatedAt: mtime(path) }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
  for (const file of recent) {
    const summary = readThreadSummary(file.path, false);
    if (summary && inThreadScope(summary, scope)) {
      candidates.push(summary);
      break;
    }
  }
  return candidates.sort((a, b) => b.updatedAt - a.updatedAt)[0];
}

/** The index's most recently updated thread in scope. */
function latestIndexed(
  index: Pick<ThreadIndex, "list"> | undefined,
  scope: ThreadScope,
): ThreadSummary | undefined {
  if (!index) return undefined;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = index.list({
      limit: scope.includeNonInteractive ? 1 : PAGE_SIZE,
      sortKey: "updated_at",
      ...(scope.cwd !== undefined ? { cwd: scope.cwd } : {}),
      ...(cursor !== undefined ? { cursor } : {}),
    });
    const found = listed.items.find((item) => inThreadScope(item, scope));
    if (found || listed.nextCursor === undefined) return found;
    cursor = listed.nextCursor;
  }
  return undefined;
}
