// The files under a root as `rg --files` lists them (hidden entries and symbolic links left out, the ignore
// rules of files/rg-rules.ts applied), read in this process. Node's asynchronous readdir runs in libuv's
// thread pool, so several folders are read at once on every core while this thread only filters the
// names; spawning rg instead walked on one thread and left this one decoding and scanning 2.6 MB of pipe
// output for 100,000 files. The listing goes to `onBlock` in blocks of whole lines as folders are read.
import { readdir, realpathSync, type Dirent } from "node:fs";
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
} from "./rg-rules.js";

/** Folders being read at once: enough to keep libuv's 4 threads busy. */
const IN_FLIGHT = 8;
/** Lines are handed on in blocks of about this many characters (a folder's worth is often much less). */
const BLOCK_CHARS = 32 * 1024;

export interface TreeListing {
  /** "\n"-separated paths relative to the root, in no particular order. */
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
  const pending: Pending[] = [{ rel: "", parent: above }];
  const blocks: string[] = [];
  const folders: string[] = [];
  let block: string[] = [];
  let blockChars = 0;
  let files = 0;
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
    let names = "";
    for (const entry of entries) {
      const name = entry.name;
      if (name.charCodeAt(0) === 46) continue; // hidden, as rg without --hidden
      if (entry.isDirectory()) {
        const rel = `${item.rel}${name}/`;
        if (!check || !isIgnoredBy(folder, rules, rel)) pending.push({ rel, parent: folder });
      } else if (entry.isFile()) {
        if (files >= maxFiles) {
          complete = false;
          continue;
        }
        const rel = item.rel + name;
        if (check && isIgnoredBy(folder, rules, rel)) continue;
        names += `${rel}\n`;
        files++;
      }
    }
    if (names === "") return;
    block.push(names);
    blockChars += names.length;
    if (blockChars >= BLOCK_CHARS) flush();
  };

  return new Promise((resolve) => {
    let rootFailed = false;
    let failed = false;
    const next = () => {
      const stop = failed || files >= maxFiles || Date.now() > deadline;
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
        reading--;
        // Once given up (rg lists the root instead), the reads still in flight add nothing.
        if (!failed) {
          try {
            if (!error) take(item, entries);
            else if (item.rel === "") rootFailed = true;
          } catch {
            // A folder re-included past an ignoring rule (see ReincludedFolder), or an ignore file the
            // rules cannot take: rg lists this root instead.
            failed = true;
            pending.length = 0;
          }
        }
        next();
      });
    };
    next();
  });
}
