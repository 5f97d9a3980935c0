// Finds rollout files on disk: the dated tree under sessions/ and the flat archived_sessions/.
// Only names that parse as rollout file names count; anything else in those folders is ignored.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { ParsedRolloutFileName } from "./paths.js";
import { archivedDir, parseRolloutFileName, sessionsDir } from "./paths.js";

export interface RolloutFileRef {
  path: string;
  archived: boolean;
  name: ParsedRolloutFileName;
}

/** Entries newest name first: dated folders and stamped names sort by time, and recent threads are wanted most. */
async function entries(dir: string) {
  try {
    const list = await readdir(dir, { withFileTypes: true });
    return list.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

/** Walks a directory tree (sessions/YYYY/MM/DD), calling `visit` for each rollout file until it returns true. */
async function walk(
  dir: string,
  archived: boolean,
  visit: (ref: RolloutFileRef) => boolean,
): Promise<boolean> {
  for (const entry of await entries(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (await walk(path, archived, visit)) return true;
    } else if (entry.isFile()) {
      const name = parseRolloutFileName(entry.name);
      if (name && visit({ path, archived, name })) return true;
    }
  }
  return false;
}

/** Every rollout file, archived ones first (so where an id is in both places, the active file comes last). */
export async function scanRolloutFiles(codexHome: string): Promise<RolloutFileRef[]> {
  const found: RolloutFileRef[] = [];
  const collect = (ref: RolloutFileRef): boolean => {
    found.push(ref);
    return false;
  };
  await walk(archivedDir(codexHome), true, collect);
  await walk(sessionsDir(codexHome), false, collect);
  return found;
}

/** The file of a thread, by scanning names (no file is opened). */
export async function scanForThread(
  codexHome: string,
  threadId: string,
  where: "sessions" | "archived" | "both" = "both",
): Promise<RolloutFileRef | undefined> {
  const wanted = threadId.toLowerCase();
  let hit: RolloutFileRef | undefined;
  const match = (ref: RolloutFileRef): boolean => {
    if (ref.name.threadId.toLowerCase() !== wanted) return false;
    hit = ref;
    return true;
  };
  if (where !== "archived" && (await walk(sessionsDir(codexHome), false, match))) return hit;
  if (where !== "sessions" && (await walk(archivedDir(codexHome), true, match))) return hit;
  return undefined;
}
