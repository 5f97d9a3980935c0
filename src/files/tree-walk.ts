// The files and folders under a root as Codex's file search lists them: hidden entries included (`.git`
// too), symbolic links followed (a link back to a folder the walk came through is left out), the ignore
// rules of files/search-rules.ts applied; folders are listed as lines ending in "/". The listing goes to
// `onBlock` in blocks of whole lines as folders are read, and to `onFolder` (when given) a folder's kept
// names at a time. What the walk knows is files/folder-walk.ts; who reads the folders is chosen here: the
// folder-reader helper's threads when it was built (files/folder-reader.ts), else libuv's pool and this
// thread (below).
import { readdir, realpathSync, type Dirent } from "node:fs";
import type { Ignore } from "ignore";
import {
  entriesOf,
  FolderWalk,
  type FolderNames,
  type PendingFolder,
  type TreeListing,
} from "./folder-walk.js";
import { readWithHelper } from "./folder-reader.js";
import { ancestorRules, globalRules, type RuleFolder, type RuleReads } from "./search-rules.js";

export type { FolderNames, TreeListing } from "./folder-walk.js";

/** How long one slice of the walk holds the event loop. */
const SLICE_MS = 8;
/**
 * At most this many folders are queued for libuv's thread pool (its threads, 4 by default, read them in
 * turn; other asynchronous file operations of the process queue behind them, and reads still queued when a
 * walk ends early finish unused).
 */
const READ_AHEAD = 1024;

/** Who reads the folders: this process, or the folder-reader helper at this path (files/folder-reader.ts). */
export type FolderReads = "node" | { helper: string };

/**
 * Lists `root` (at most `maxFiles` paths, within `timeoutMs`); resolves undefined when the root cannot be
 * read, so that the caller can try another lister. `onBlock` (when given) gets the lines as they come;
 * `env` locates git's global excludes file. With a helper to read the folders, rejects with
 * FolderReaderFailed when it cannot start or fails part way (the caller forgets what it was sent and walks
 * again in this process).
 */
export function walkTree(
  root: string,
  onBlock: ((block: string) => void) | undefined,
  maxFiles: number,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
  onFolder?: FolderNames,
  reads: FolderReads = "node",
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
  const walk = new FolderWalk({ root, realRoot, above, global, ruleFiles, maxFiles, onBlock, onFolder });
  return reads === "node"
    ? readInProcess(walk, deadline, timeoutMs)
    : readWithHelper(walk, deadline, reads.helper);
}

/**
 * Most folders are read by libuv's thread pool (its threads make the system calls, which are most of a
 * walk's cost) while this thread takes in what came back; this thread reads a folder itself with
 * readdirSync when it has nothing else to do, a few milliseconds at a time (other requests are served
 * between slices). On a fresh server's first search of 100,000 files that took a third less of this
 * thread's time than reading every folder here.
 */
function readInProcess(
  walk: FolderWalk,
  deadline: number,
  timeoutMs: number,
): Promise<TreeListing | undefined> {
  return new Promise((resolve) => {
    /** Folders handed to the thread pool and not back yet. */
    let reading = 0;
    /** What the pool read, waiting for a slice to take it in (a callback only files it: see slice). */
    const arrived: Array<[PendingFolder, Dirent[] | undefined]> = [];
    let ended = false;
    let sliceQueued = false;
    /** Resolves with the listing, or with undefined when `failed`; what is still being read is dropped. */
    const end = (failed = false) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      resolve(failed ? undefined : walk.listing());
    };
    const sliceSoon = () => {
      if (sliceQueued || ended) return;
      sliceQueued = true;
      setImmediate(slice);
    };
    // The oldest pending folders go to libuv's pool, whose threads make the system calls while this one takes
    // in what they read; this thread reads the newest itself when it has nothing else to do.
    const readAhead = () => {
      while (reading < READ_AHEAD && walk.waiting() > 1) {
        const item = walk.takeOldest();
        reading++;
        readdir(walk.pathOf(item), { withFileTypes: true }, (error, entries) => {
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
        if (!read && walk.waiting() === 0) return reading === 0 ? end() : undefined;
        if (walk.full() || Date.now() > deadline) {
          walk.complete = false;
          return end();
        }
        if (read) {
          if (!walk.settle(read[0], read[1] && entriesOf(read[1], read[0].rel))) return end(true);
        } else {
          readAhead();
          const item = walk.takeNewest();
          if (!walk.settle(item, walk.readHere(item))) return end(true);
        }
        readAhead();
        if (performance.now() > until) return sliceSoon();
      }
    };
    // A read the pool never finishes (a hung network mount) ends the walk at the deadline too.
    const timer = setTimeout(() => {
      walk.complete = false;
      end();
    }, timeoutMs);
    timer.unref();
    slice();
  });
}
