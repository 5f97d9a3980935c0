// The files of a folder. The search of the app-server's fuzzyFileSearch and the TUI's `@` finder
// (streamFileList, through files/listing-cache.ts): the in-process walk as Codex's search lists
// (files/tree-walk.ts) first, then `rg --files`, else `git ls-files` (tracked and untracked, ignored ones
// left out), else a walk of the directory that skips dot-directories and node_modules and reads the
// .gitignore files it meets. listFiles gives one source's whole listing, sorted (tests and the bench
// compare against it). Bounded in count and time.
// streamFileList hands the listing over as it streams in, in blocks of lines or, from the in-process walk
// to a sink that takes them, a folder's names at a time (the search drops the paths that cannot match
// there), and returns it as one text, not 100,000 strings.
import { execFile, spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { findRepoRoot } from "../config/repo-folders.js";
import { folderLayer, isIgnored, rootLayers, type IgnoreLayer } from "./gitignore.js";
import { nativeHelperPath } from "../native-helpers.js";
import { FOLDER_READER, FolderReaderFailed } from "./folder-reader.js";
import { walkTree, type FolderNames, type FolderReads, type TreeListing } from "./tree-walk.js";

export const MAX_FILES = 200_000;
const TIMEOUT_MS = 10_000;
const MAX_BUFFER = 64 * 1024 * 1024;

/** "fs": the in-process walk as Codex's search lists (files/tree-walk.ts: folders end in "/"); "walk": the last resort below. */
export type FileSource = "fs" | "rg" | "git" | "walk";

function run(command: string, args: string[], cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: TIMEOUT_MS, maxBuffer: MAX_BUFFER }, (err, stdout) => {
      // rg exits 1 when it found nothing; a missing program or another failure means "try the next way".
      const code = err && "code" in err ? err.code : undefined;
      resolve(!err || (command === "rg" && code === 1) ? stdout : undefined);
    });
  });
}

const lines = (text: string) => text.split("\n").filter((l) => l !== "");

/** Sorted, each path once (git lists an unmerged file once per stage); cheaper than a Set on 100k paths. */
const sortedOnce = (paths: string[]) => paths.sort().filter((path, i) => path !== paths[i - 1]);

interface Folder {
  path: string;
  /** The ignore rules in force, shallowest first. */
  layers: IgnoreLayer[];
}

async function walk(root: string): Promise<string[]> {
  const found: string[] = [];
  const deadline = Date.now() + TIMEOUT_MS;
  const pending: Folder[] = [{ path: root, layers: rootLayers(root, findRepoRoot(root)) }];
  while (pending.length > 0 && found.length < MAX_FILES && Date.now() < deadline) {
    const folder = pending.pop();
    if (!folder) break;
    let entries;
    try {
      entries = await readdir(folder.path, { withFileTypes: true });
    } catch {
      continue;
    }
    const own = folderLayer(folder.path);
    const layers = own ? [...folder.layers, own] : folder.layers;
    for (const entry of entries) {
      const path = join(folder.path, entry.name);
      if (entry.isDirectory()) {
        const skip = entry.name.startsWith(".") || entry.name === "node_modules";
        if (!skip && !isIgnored(layers, path, true)) pending.push({ path, layers });
      } else if (entry.isFile() && !isIgnored(layers, path, false)) {
        found.push(relative(root, path));
      }
    }
  }
  return found.sort();
}

export async function listFiles(
  cwd: string,
  sources: readonly FileSource[] = ["rg", "git", "walk"],
): Promise<string[]> {
  for (const source of sources) {
    let files: string[] | undefined;
    if (source === "fs") {
      const listing = await walkTree(cwd, undefined, MAX_FILES, TIMEOUT_MS);
      files = listing === undefined ? undefined : lines(listing.text).sort();
    } else if (source === "rg") {
      // Sorted by rg (one thread, about as fast on a few cores): sorting 100k paths that arrive in rg's
      // parallel order held this thread ~50 ms, nearly sorted ones ~10 ms (bench/file-list.bench.ts).
      const out = await run("rg", ["--files", "--color", "never", "--sort", "path"], cwd);
      files = out === undefined ? undefined : lines(out).sort();
    } else if (source === "git") {
      const out = await run("git", ["ls-files", "--cached", "--others", "--exclude-standard"], cwd);
      files = out === undefined ? undefined : sortedOnce(lines(out));
    } else {
      files = await walk(cwd);
    }
    if (files !== undefined) return files.slice(0, MAX_FILES);
  }
  return [];
}

/** Receives a listing as it streams in, in blocks of whole lines. */
export interface ListingSink {
  /** Whole lines, "\n"-separated (the last one may end with "\n"; a line may be empty). */
  lines(block: string): void;
  /** The source failed part way: forget what it sent (the next source sends everything again). */
  reset(): void;
  /** One folder's names (see FolderNames in files/tree-walk.ts), instead of lines, from the walk here. */
  folder?: FolderNames;
}

/** The end of the first `max` lines of `block` (all of it when it holds fewer), and how many it counted. */
function cutLines(block: string, max: number): { end: number; count: number } {
  let count = 0;
  for (let nl = block.indexOf("\n"); nl !== -1; nl = block.indexOf("\n", nl + 1)) {
    if (++count === max) return { end: nl + 1, count };
  }
  return { end: block.length, count: block.endsWith("\n") || block === "" ? count : count + 1 };
}

/**
 * Runs a lister and sends its output to `sink` in blocks of whole lines as it arrives; resolves with the
 * whole listing (up to MAX_FILES lines) or undefined when the program is missing or fails.
 */
function streamListing(
  command: string,
  args: string[],
  cwd: string,
  sink: ListingSink,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const parts: string[] = [];
    let seen = 0;
    let carry = "";
    const take = (block: string) => {
      const { end, count } = cutLines(block, MAX_FILES - seen);
      seen += count;
      const kept = end === block.length ? block : block.slice(0, end);
      parts.push(kept);
      sink.lines(kept);
    };
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "ignore"], timeout: TIMEOUT_MS });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (seen >= MAX_FILES) return;
      const text = carry === "" ? chunk : carry + chunk;
      const last = text.lastIndexOf("\n");
      carry = text.slice(last + 1);
      if (last !== -1) take(last === text.length - 1 ? text : text.slice(0, last + 1));
    });
    child.on("error", () => resolve(undefined));
    child.on("close", (code) => {
      if (carry !== "" && seen < MAX_FILES) take(carry);
      // rg exits 1 when it found nothing.
      resolve(code === 0 || (command === "rg" && code === 1) ? parts.join("") : undefined);
    });
  });
}

// The fallback when the in-process walk cannot list a root: rg unsorted (the consumer sorts the few paths
// it keeps, not the whole listing), with hidden files and followed links as Codex's search has them (but
// no folders, and rg's own .rgignore applies), without the user's rg config file (it could add other
// filters) or its error messages, and on one thread: rg 13's parallel walker spends about as much again on
// its threads' hand-offs, and one thread leaves a core to read its output.
const RG_FILES = [
  "--files",
  "--hidden",
  "--follow",
  "--color",
  "never",
  "--no-config",
  "--no-messages",
  "--threads",
  "1",
];
const GIT_FILES = ["ls-files", "--cached", "--others", "--exclude-standard"];

/** A whole listing: "\n"-separated paths, unsorted (git's may hold a path twice). */
export interface StreamedListing {
  text: string;
  /** The in-process walk's account of what it read (its folders, its rule files), when it listed. */
  walk?: TreeListing;
}

/**
 * The listing of `cwd`, streamed into `sink` as it arrives: read in this process as Codex's file search
 * lists it (folders as lines ending in "/"; the folders read by the helper's threads when it was built),
 * else the same sources and order as listFiles (rg when the
 * root cannot be walked here, e.g. unreadable).
 */
export async function streamFileList(
  cwd: string,
  sink: ListingSink,
  sources: readonly FileSource[] = ["fs", "rg", "git", "walk"],
  /** The folder-reader helper for the walk (none: this process reads). */
  helper: string | undefined = nativeHelperPath(FOLDER_READER),
): Promise<StreamedListing> {
  for (const source of sources) {
    if (source === "fs") {
      // A sink that takes a folder's names gets them so, not the same lines again as text.
      const folder = sink.folder?.bind(sink);
      const onBlock = folder ? undefined : (block: string) => sink.lines(block);
      const reads: FolderReads = helper ? { helper } : "node";
      const deadline = Date.now() + TIMEOUT_MS;
      const listing = await walkTree(cwd, onBlock, MAX_FILES, TIMEOUT_MS, process.env, folder, reads).catch(
        (error: unknown) => {
          if (!(error instanceof FolderReaderFailed)) throw error;
          // The helper could not start or failed part way: what it sent is forgotten and this process reads,
          // within what is left of the time.
          sink.reset();
          const left = Math.max(0, deadline - Date.now());
          return walkTree(cwd, onBlock, MAX_FILES, left, process.env, folder, "node");
        },
      );
      if (listing !== undefined) return { text: listing.text, walk: listing };
    } else if (source === "walk") {
      const text = (await walk(cwd)).slice(0, MAX_FILES).join("\n");
      sink.lines(text);
      return { text };
    } else {
      const text = await streamListing(source, source === "rg" ? RG_FILES : GIT_FILES, cwd, sink);
      if (text !== undefined) return { text };
    }
    sink.reset();
  }
  return { text: "" };
}

/**
 * The files of `cwd` that `select` keeps (it picks lines out of a block, see plausibleLines in fuzzy.ts),
 * sorted, each once (the same sources and order as listFiles).
 */
export async function listMatchingFiles(
  cwd: string,
  select: (block: string) => string[],
  sources: readonly FileSource[] = ["fs", "rg", "git", "walk"],
): Promise<string[]> {
  let kept: string[] = [];
  const lines = (block: string) => {
    for (const line of select(block)) kept.push(line);
  };
  await streamFileList(cwd, { lines, reset: () => (kept = []) }, sources);
  return sortedOnce(kept);
}
