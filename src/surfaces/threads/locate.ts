// Finds a thread's rollout for a command: by id or name (active threads), or the latest one in this directory.
import { isDamage, ThreadIndex, type IndexHome } from "../../rollout/index.js";
import { findLatestThread } from "../../rollout/latest.js";
import type { ThreadScope } from "../../rollout/thread-scope.js";
import { isUuid } from "../../rollout/paths.js";
import { ThreadStore } from "../../rollout/store.js";
import { NAMED_SOURCES, threadIdsNamed } from "../../rollout/thread-names.js";

export class ThreadLookupError extends Error {
  override name = "ThreadLookupError";
}

/**
 * Runs `use` with the thread index open. The index is not integrity-checked at open (that reads the whole
 * file), so damage shows as a failed query: then it is rebuilt from the rollout files and `use` runs again.
 */
export async function withIndex<T>(home: IndexHome, use: (index: ThreadIndex) => Promise<T> | T): Promise<T> {
  let index = await ThreadIndex.open(home);
  try {
    return await use(index);
  } catch (err) {
    if (!isDamage(err)) throw err;
    index.close();
    index = await ThreadIndex.open(home, { rebuild: true });
    return await use(index);
  } finally {
    index.close();
  }
}

/**
 * The threads ever given exactly this name, the most recently named first, with where their rollout is
 * (threads whose rollout is gone are skipped). A thread renamed since still answers to an earlier name, as
 * the real Codex's `exec fork NAME` finds it; `delete`, `archive` and `unarchive` use the same rule, among
 * the interactive threads only (`interactive`: NAMED_SOURCES).
 */
export async function threadsNamed(
  codexHome: string,
  index: ThreadIndex,
  name: string,
  options: { interactive?: boolean } = {},
): Promise<{ id: string; archived: boolean }[]> {
  const store = new ThreadStore(codexHome, index);
  const found: { id: string; archived: boolean }[] = [];
  for (const id of threadIdsNamed(codexHome, name)) {
    if (options.interactive && !NAMED_SOURCES.has(index.get(id)?.source ?? "")) continue;
    const location = await store.findPathById(id);
    if (location) found.push({ id, archived: location.archived });
  }
  return found;
}

/** How the thread commands name a thread in what they print: `NAME (ID)`, or the id of a thread without one. */
export function sessionLabel(target: { id: string; name?: string }): string {
  return target.name !== undefined ? `${target.name} (${target.id})` : target.id;
}

/** The most recently named active thread of that exact name. */
async function threadNamed(codexHome: string, index: ThreadIndex, name: string): Promise<string> {
  const active = (await threadsNamed(codexHome, index, name)).find((t) => !t.archived);
  if (active) return active.id;
  throw new ThreadLookupError(`Session not found: ${name}`);
}

export async function locateThread(
  home: IndexHome,
  /**
   * `byName`: an id that is not a UUID is a thread's name (session_index.jsonl), as exec resume/fork take it.
   * `scope`: the threads `last` chooses among (default: every thread of `cwd`).
   */
  target: { id?: string; last?: boolean; cwd: string; byName?: boolean; scope?: ThreadScope },
): Promise<{ id: string; path: string }> {
  const { codexHome } = home;
  return withIndex(home, async (index) => {
    if (target.last) {
      const scope = target.scope ?? { cwd: target.cwd, includeNonInteractive: true };
      const latest = findLatestThread(codexHome, index, scope);
      if (!latest) {
        const where = scope.cwd !== undefined ? ` in ${scope.cwd}` : "";
        throw new ThreadLookupError(
          `no earlier${scope.includeNonInteractive ? "" : " interactive"} thread${where}`,
        );
      }
      return { id: latest.id, path: latest.path };
    }
    let id = target.id ?? "";
    if (id !== "" && !isUuid(id) && target.byName) id = await threadNamed(codexHome, index, id);
    if (!isUuid(id))
      throw new ThreadLookupError(`'${id}' is not a thread id (a UUID, as printed by codex-ts sessions)`);
    const found = await new ThreadStore(codexHome, index).findPathById(id);
    if (!found) throw new ThreadLookupError(`no thread with id ${id}`);
    if (found.archived)
      throw new ThreadLookupError(`thread ${id} is archived; run codex-ts unarchive ${id} first`);
    return { id, path: found.path };
  });
}
