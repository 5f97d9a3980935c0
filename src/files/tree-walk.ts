// The files and folders under a root as Codex's file search lists them: hidden entries included (`.git`
// too), symbolic links followed (a link back to a folder the walk came through is left out), the ignore
// rules of files/search-rules.ts applied; folders are listed as lines ending in "/". Read in this process:
// Node's asynchronous readdir runs in libuv's thread pool, so several folders are read at once on every
// core while this thread only filters the names. The listing goes to `onBlock` in blocks of whole lines as
// folders are read.
import { readdir, realpath, realpathSync, stat, type Dirent } from "node:fs";
import { join } from "node:path";
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

/** Folders being read at once: enough to keep libuv's 4 threads busy. */
const IN_FLIGHT = 8;
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
 * Lists `root` (at most `maxFiles` paths, within `timeoutMs`); resolves undefined when the root cannot be
 * read, so that the caller can try another lister. `env` locates git's global excludes file.
 */
export function walkTree(
  root: string,
  onBlock: (block: string) => void,
  maxFiles: number,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
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
  const pending: Pending[] = [{ rel: "", parent: above, real: realRoot, up: undefined }];
  const blocks: string[] = [];
  const folders: string[] = [];
  let block: string[] = [];
  let blockChars = 0;
  let listed = 0;
  let reading = 0;
  let complete = true;

  const flush = () => {
    if (block.length === 0) return;
    const text = block.join("");
    block = [];
    blockChars = 0;
    blocks.push(text);
    onBlock(text);
  };

  /** One folder's kept lines, in one string. */
  const emit = (names: string) => {
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

  const take = (item: Pending, entries: Dirent[]) => {
    let present: Set<string> | undefined;
    for (const entry of entries) {
      if (entry.name.charCodeAt(0) === 46 && RULE_FILES.has(entry.name))
        (present ??= new Set()).add(entry.name);
    }
    const path = item.rel === "" ? root : join(root, item.rel);
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
    if (kept.length > 0) emit(item.rel + kept.join(`\n${item.rel}`) + "\n");
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
    const path = join(root, item.rel, name);
    const settle = (line?: string, next?: Pending) => {
      if (line !== undefined && !failed && room()) {
        emit(`${line}\n`);
        if (next) pending.push(next);
      }
      reading--;
      advance();
    };
    reading++;
    stat(path, (error, target) => {
      // A broken link, or one to something neither a file nor a folder, is not listed.
      if (error || failed) return settle();
      try {
        if (target.isFile()) {
          const rel = item.rel + name;
          return settle(check && isIgnoredBy(folder, rules, rel) ? undefined : rel);
        }
        if (!target.isDirectory()) return settle();
        const rel = `${item.rel}${name}/`;
        if (check && isIgnoredBy(folder, rules, rel)) return settle();
      } catch {
        return giveUp();
      }
      realpath(path, (lost, real) => {
        if (lost || leadsBack(item, real)) return settle();
        const rel = `${item.rel}${name}/`;
        settle(rel, { rel, parent: folder, real, up: item });
      });
    });
  };

  let rootFailed = false;
  let failed = false;
  let advance = () => {};
  // A folder re-included past an ignoring rule (see ReincludedFolder), or an ignore file the rules cannot
  // take: rg lists this root instead, and the reads still in flight add nothing.
  const giveUp = () => {
    failed = true;
    pending.length = 0;
    reading--;
    advance();
  };

  return new Promise((resolve) => {
    advance = () => {
      const stop = failed || listed >= maxFiles || Date.now() > deadline;
      if (stop && pending.length > 0) complete = false;
      while (!stop && reading < IN_FLIGHT && pending.length > 0) read(pending.pop()!);
      if (reading > 0) return;
      flush();
      const text = blocks.join("");
      resolve(rootFailed || failed ? undefined : { text, folders, realRoot, ruleFiles, complete });
    };
    const read = (item: Pending) => {
      reading++;
      folders.push(item.rel === "" ? "" : item.rel.slice(0, -1));
      readdir(item.rel === "" ? root : join(root, item.rel), { withFileTypes: true }, (error, entries) => {
        if (failed) return settleRead();
        try {
          if (!error) take(item, entries);
          else if (item.rel === "") rootFailed = true;
        } catch {
          return giveUp();
        }
        settleRead();
      });
    };
    const settleRead = () => {
      reading--;
      advance();
    };
    advance();
  });
}
