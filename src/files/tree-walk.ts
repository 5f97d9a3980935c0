// The files and folders under a root as Codex's file search lists them: hidden entries included (`.git`
// too), symbolic links followed (a link back to a folder the walk came through is left out), the ignore
// rules of files/search-rules.ts applied; folders are listed as lines ending in "/". Most folders are read
// by libuv's thread pool (its threads make the system calls, which are most of a walk's cost) while this
// thread takes in what came back; this thread reads a folder itself with readdirSync when it has nothing
// else to do, a few milliseconds at a time (other requests are served between slices). On a fresh server's
// first search of 100,000 files that took a third less of this thread's time than reading every folder
// here (75 against 114 ms of CPU, 118 against 132 ms to the answer on an idle machine, 140 against 169
// with another process keeping a core busy). The listing goes to `onBlock` in blocks of whole lines as
// folders are read, and to `onFolder` (when given) a folder's kept names at a time.
import { readdir, readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import type { Ignore } from "ignore";
import {
  ancestorRules,
  folderRules,
  globalRules,
  isIgnoredBy,
  RULE_FILES,
  type RuleFolder,
  type RuleReads,
} from "./search-rules.js";

/** How long one slice of the walk holds the event loop. */
const SLICE_MS = 8;
/**
 * At most this many folders are queued for libuv's thread pool (its threads, 4 by default, read them in
 * turn; other asynchronous file operations of the process queue behind them, and reads still queued when a
 * walk ends early finish unused).
 */
const READ_AHEAD = 1024;
/** Lines are handed on in blocks of about this many characters (a folder's worth is often much less). */
const BLOCK_CHARS = 32 * 1024;

export interface TreeListing {
  /** "\n"-separated paths relative to the root, folders ending in "/", in no particular order. */
  text: string;
  /**
   * Every folder the walk tried to read (relative to the root, "" for the root), including those holding
   * no listed file.
   */
  folders: string[];
  /** The root with symbolic links resolved. */
  realRoot: string;
  /** The ignore and git config files read or looked for, each with whether it was there. */
  ruleFiles: RuleReads;
  /** Not cut short by the file limit or the time limit. */
  complete: boolean;
}

interface Pending {
  /** Relative to the root: "" or ending in "/". */
  rel: string;
  parent: RuleFolder | undefined;
  /** The folder's real path, and the folder the walk came from: a followed link back up is a loop. */
  real: string;
  up: Pending | undefined;
}

/** Whether the folder at real path `target` is `from` or a folder the walk passed through to reach it. */
function leadsBack(from: Pending, target: string): boolean {
  for (let at: Pending | undefined = from; at; at = at.up) if (at.real === target) return true;
  return false;
}

/**
 * The names kept in one folder (`rel` relative to the root, "" or ending in "/"), a folder's ending in "/":
 * its listing lines are `rel + name`. A consumer matching paths can test what they share once per folder.
 */
export type FolderNames = (rel: string, names: readonly string[]) => void;

/**
 * Lists `root` (at most `maxFiles` paths, within `timeoutMs`); resolves undefined when the root cannot be
 * read, so that the caller can try another lister. `onBlock` (when given) gets the lines as they come;
 * `env` locates git's global excludes file.
 */
export function walkTree(
  root: string,
  onBlock: ((block: string) => void) | undefined,
  maxFiles: number,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
  onFolder?: FolderNames,
): Promise<TreeListing | undefined> {
  const deadline = Date.now() + timeoutMs;
  const ruleFiles: RuleReads = new Map();
  let global: Ignore | undefined;
  let realRoot: string;
  let above: RuleFolder | undefined;
  try {
    realRoot = realpathSync(root);
    global = globalRules(env, ruleFiles);
    above = ancestorRules(root, ruleFiles);
  } catch {
    return Promise.resolve(undefined);
  }
  // Folders not read yet: this thread takes the newest (the end), the thread pool the oldest (from `oldest`
  // on; an index, as Array#shift costs a copy of the rest once the array is large).
  const pending: Pending[] = [{ rel: "", parent: above, real: realRoot, up: undefined }];
  let oldest = 0;
  const waiting = () => pending.length - oldest;
  const takeNewest = (): Pending => {
    const item = pending.pop()!;
    if (oldest >= pending.length) pending.length = oldest = 0;
    return item;
  };
  const takeOldest = (): Pending => {
    const item = pending[oldest++]!;
    if (oldest >= pending.length) pending.length = oldest = 0;
    return item;
  };
  const blocks: string[] = [];
  const folders: string[] = [];
  let block: string[] = [];
  let blockChars = 0;
  let listed = 0;
  let complete = true;

  const flush = () => {
    if (block.length === 0) return;
    const text = block.join("");
    block = [];
    blockChars = 0;
    blocks.push(text);
    onBlock?.(text);
  };

  /** One folder's kept lines, in one string (kept as it is when nobody takes blocks: one copy fewer). */
  const emit = (names: string) => {
    if (!onBlock) return void blocks.push(names);
    block.push(names);
    blockChars += names.length;
    if (blockChars >= BLOCK_CHARS) flush();
  };

  /** Counts one more listed entry; false (and the listing incomplete) past the limit. */
  const room = () => {
    if (listed >= maxFiles) {
      complete = false;
      return false;
    }
    listed++;
    return true;
  };

  // Paths by concatenation (a relative path ends in "/"): path.join's normalising, once per folder, showed
  // in the profile of a first search.
  const prefix = root.endsWith("/") ? root : `${root}/`;
  const pathOf = (item: Pending) => (item.rel === "" ? root : prefix + item.rel);

  const take = (item: Pending, entries: Dirent[]) => {
    let present: Set<string> | undefined;
    for (const entry of entries) {
      if (entry.name.charCodeAt(0) === 46 && RULE_FILES.has(entry.name))
        (present ??= new Set()).add(entry.name);
    }
    const path = pathOf(item);
    const folder = folderRules(item.parent, path, item.rel, present ?? new Set(), ruleFiles);
    const rules: Ignore | undefined = folder.inGit ? global : undefined;
    const check = folder.hasRules || rules !== undefined;
    const kept: string[] = [];
    let links: string[] | undefined;
    for (const entry of entries) {
      const name = entry.name;
      if (entry.isDirectory()) {
        const rel = `${item.rel}${name}/`;
        if ((check && isIgnoredBy(folder, rules, rel)) || !room()) continue;
        pending.push({
          rel,
          parent: folder,
          real: item.real === "/" ? `/${name}` : `${item.real}/${name}`,
          up: item,
        });
        kept.push(`${name}/`);
      } else if (entry.isFile()) {
        if ((check && isIgnoredBy(folder, rules, item.rel + name)) || !room()) continue;
        kept.push(name);
      } else if (entry.isSymbolicLink()) {
        (links ??= []).push(name);
      }
    }
    // One flat string per folder: prefixing each name on its own made three short-lived strings per entry.
    if (kept.length > 0) {
      emit(item.rel + kept.join(`\n${item.rel}`) + "\n");
      onFolder?.(item.rel, kept);
    }
    for (const name of links ?? []) follow(item, folder, check ? rules : undefined, check, name);
  };

  /** A symbolic link: listed as what it leads to, a folder walked like any other unless it leads back up. */
  const follow = (
    item: Pending,
    folder: RuleFolder,
    rules: Ignore | undefined,
    check: boolean,
    name: string,
  ) => {
    const path = prefix + item.rel + name;
    const list = (line: string, next?: Pending) => {
      if (!room()) return;
      emit(`${line}\n`);
      onFolder?.(item.rel, [line.slice(item.rel.length)]);
      if (next) pending.push(next);
    };
    // A broken link, a loop of links, an unreadable target, or one to something neither a file nor a
    // folder, is not listed.
    let target;
    try {
      target = statSync(path);
    } catch {
      return;
    }
    if (target.isFile()) {
      const rel = item.rel + name;
      if (!(check && isIgnoredBy(folder, rules, rel))) list(rel);
      return;
    }
    if (!target.isDirectory()) return;
    const rel = `${item.rel}${name}/`;
    if (check && isIgnoredBy(folder, rules, rel)) return;
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return;
    }
    if (!leadsBack(item, real)) list(rel, { rel, parent: folder, real, up: item });
  };

  /** Takes in one folder's entries (undefined: it could not be read); false when the walk cannot go on. */
  const settle = (item: Pending, entries: Dirent[] | undefined): boolean => {
    folders.push(item.rel === "" ? "" : item.rel.slice(0, -1));
    // An unreadable folder is left out; an unreadable root is no listing.
    if (!entries) return item.rel !== "";
    try {
      take(item, entries);
      return true;
    } catch {
      // A folder re-included past an ignoring rule (see ReincludedFolder), or an ignore file the rules
      // cannot take: rg lists this root instead.
      return false;
    }
  };

  const readNow = (item: Pending): Dirent[] | undefined => {
    try {
      return readdirSync(pathOf(item), { withFileTypes: true });
    } catch {
      return undefined;
    }
  };

  return new Promise((resolve) => {
    /** Folders handed to the thread pool and not back yet. */
    let reading = 0;
    /** What the pool read, waiting for a slice to take it in (a callback only files it: see slice). */
    const arrived: Array<[Pending, Dirent[] | undefined]> = [];
    let ended = false;
    let sliceQueued = false;
    /** Resolves with the listing, or with undefined when `failed`; what is still being read is dropped. */
    const end = (failed = false) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      if (failed) return resolve(undefined);
      flush();
      resolve({ text: blocks.join(""), folders, realRoot, ruleFiles, complete });
    };
    const sliceSoon = () => {
      if (sliceQueued || ended) return;
      sliceQueued = true;
      setImmediate(slice);
    };
    // The oldest pending folders go to libuv's pool, whose threads make the system calls while this one takes
    // in what they read; this thread reads the newest itself when it has nothing else to do.
    const readAhead = () => {
      while (reading < READ_AHEAD && waiting() > 1) {
        const item = takeOldest();
        reading++;
        readdir(pathOf(item), { withFileTypes: true }, (error, entries) => {
          reading--;
          if (ended) return;
          arrived.push([item, error ? undefined : entries]);
          sliceSoon();
        });
      }
    };
    // Hundreds of reads can finish between two turns of the event loop: they are taken in here, within the
    // slice's time like this thread's own reads, not all at once in their callbacks.
    const slice = () => {
      sliceQueued = false;
      if (ended) return;
      const until = performance.now() + SLICE_MS;
      for (;;) {
        const read = arrived.pop();
        if (!read && waiting() === 0) return reading === 0 ? end() : undefined;
        if (listed >= maxFiles || Date.now() > deadline) {
          complete = false;
          return end();
        }
        if (read) {
          if (!settle(...read)) return end(true);
        } else {
          readAhead();
          const item = takeNewest();
          if (!settle(item, readNow(item))) return end(true);
        }
        readAhead();
        if (performance.now() > until) return sliceSoon();
      }
    };
    // A read the pool never finishes (a hung network mount) ends the walk at the deadline too.
    const timer = setTimeout(() => {
      complete = false;
      end();
    }, timeoutMs);
    timer.unref();
    slice();
  });
}
