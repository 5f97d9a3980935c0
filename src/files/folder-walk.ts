// What a walk of files/tree-walk.ts knows, whoever reads its folders (this thread and libuv's pool, or the
// folder-reader helper): the folders still to read, the ignore rules, the listing being built. Each
// folder's entries come in grouped by kind, as the helper sends them; `take` applies the rules, queues the
// folders, lists the files and follows the rest (symbolic links, entries of unknown kind).
import { readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import type { Ignore } from "ignore";
import { folderRules, isIgnoredBy, RULE_FILES, type RuleFolder, type RuleReads } from "./search-rules.js";

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

/**
 * Listing lines of one folder (`rel` relative to the root, "" or ending in "/"): each `rel + name` and "\n",
 * a folder's name ending in "/". A consumer matching paths can test what they share once per folder.
 */
export type FolderNames = (rel: string, lines: string) => void;

/** Lines are handed on in blocks of about this many characters (a folder's worth is often much less). */
const BLOCK_CHARS = 32 * 1024;

/** A folder's entries by kind ("." and ".." left out). */
export interface FolderEntries {
  folders: readonly string[];
  /**
   * The plain files as the listing's lines: the folder's path relative to the root and the name, each line
   * ending in "\n" ("" for none). One string a folder, as the listing holds it, not one a file.
   */
  files: string;
  fileCount: number;
  /**
   * Symbolic links, entries whose kind the directory does not say, files whose name holds a newline, and
   * hidden files (among them the ignore files, found here without a search of the lines): looked at with
   * stat, one by one.
   */
  others: readonly string[];
}

/**
 * Groups Node's directory entries of the folder at `rel` as FolderEntries (what is neither a link, a file
 * nor a folder is left out).
 */
export function entriesOf(dirents: readonly Dirent[], rel: string): FolderEntries {
  const folders: string[] = [];
  const files: string[] = [];
  const others: string[] = [];
  for (const entry of dirents) {
    if (entry.isDirectory()) folders.push(entry.name);
    else if (entry.isFile() && entry.name.charCodeAt(0) !== 46 && !entry.name.includes("\n"))
      files.push(entry.name);
    else if (entry.isFile() || entry.isSymbolicLink()) others.push(entry.name);
  }
  const lines = files.length === 0 ? "" : `${rel}${files.join(`\n${rel}`)}\n`;
  return { folders, files: lines, fileCount: files.length, others };
}

export interface PendingFolder {
  /** Relative to the root: "" or ending in "/". */
  rel: string;
  parent: RuleFolder | undefined;
  /** The folder's real path, and the folder the walk came from: a followed link back up is a loop. */
  real: string;
  up: PendingFolder | undefined;
}

/** Whether the folder at real path `target` is `from` or a folder the walk passed through to reach it. */
function leadsBack(from: PendingFolder, target: string): boolean {
  for (let at: PendingFolder | undefined = from; at; at = at.up) if (at.real === target) return true;
  return false;
}

export interface WalkSetup {
  root: string;
  realRoot: string;
  /** The rules of the folders above the root. */
  above: RuleFolder | undefined;
  /** Git's global excludes. */
  global: Ignore | undefined;
  ruleFiles: RuleReads;
  maxFiles: number;
  onBlock: ((block: string) => void) | undefined;
  onFolder: FolderNames | undefined;
}

export class FolderWalk {
  /** Folders not read yet: readers take the newest (the end) or the oldest (from `oldest` on). */
  private readonly pending: PendingFolder[];
  private oldest = 0;
  private readonly blocks: string[] = [];
  private readonly folders: string[] = [];
  private block: string[] = [];
  private blockChars = 0;
  private listed = 0;
  /** Not cut short by the file limit or the time limit. */
  complete = true;
  /** The root as paths are built from it: by concatenation (path.join showed in a first search's profile). */
  private readonly prefix: string;
  /** The byte lengths of the root and the prefix, where a path's part relative to the root starts. */
  private readonly rootBytes: number;
  private readonly prefixBytes: number;

  constructor(private readonly setup: WalkSetup) {
    this.pending = [{ rel: "", parent: setup.above, real: setup.realRoot, up: undefined }];
    this.prefix = setup.root.endsWith("/") ? setup.root : `${setup.root}/`;
    this.rootBytes = Buffer.byteLength(setup.root);
    this.prefixBytes = Buffer.byteLength(this.prefix);
  }

  /** How many folders wait to be read. */
  waiting(): number {
    return this.pending.length - this.oldest;
  }

  takeNewest(): PendingFolder {
    const item = this.pending.pop()!;
    if (this.oldest >= this.pending.length) this.pending.length = this.oldest = 0;
    return item;
  }

  takeOldest(): PendingFolder {
    const item = this.pending[this.oldest++]!;
    if (this.oldest >= this.pending.length) this.pending.length = this.oldest = 0;
    return item;
  }

  pathOf(item: PendingFolder): string {
    return item.rel === "" ? this.setup.root : this.prefix + item.rel;
  }

  /** Reads the folder in this thread (undefined: it could not be read). */
  readHere(item: PendingFolder): FolderEntries | undefined {
    try {
      return entriesOf(readdirSync(this.pathOf(item), { withFileTypes: true }), item.rel);
    } catch {
      return undefined;
    }
  }

  /** Where, in UTF-8 bytes, the folder's path relative to the root starts in pathOf(item). */
  relativeStart(item: PendingFolder): number {
    return item.rel === "" ? this.rootBytes : this.prefixBytes;
  }

  /** The file limit is reached: the walk ends incomplete. */
  full(): boolean {
    return this.listed >= this.setup.maxFiles;
  }

  /** Takes in one folder's entries (undefined: it could not be read); false when the walk cannot go on. */
  settle(item: PendingFolder, entries: FolderEntries | undefined): boolean {
    this.folders.push(item.rel === "" ? "" : item.rel.slice(0, -1));
    // An unreadable folder is left out; an unreadable root is no listing.
    if (!entries) return item.rel !== "";
    try {
      this.take(item, entries);
      return true;
    } catch {
      // A folder re-included past an ignoring rule (see ReincludedFolder), or an ignore file the rules
      // cannot take: rg lists this root instead.
      return false;
    }
  }

  /** The listing as it stands (what is still being read is dropped). */
  listing(): TreeListing {
    this.flush();
    const { realRoot, ruleFiles } = this.setup;
    return {
      text: this.blocks.join(""),
      folders: this.folders,
      realRoot,
      ruleFiles,
      complete: this.complete,
    };
  }

  private flush(): void {
    if (this.block.length === 0) return;
    const text = this.block.join("");
    this.block = [];
    this.blockChars = 0;
    this.blocks.push(text);
    this.setup.onBlock?.(text);
  }

  /** One folder's kept lines, in one string (kept as it is when nobody takes blocks: one copy fewer). */
  private emit(lines: string): void {
    if (!this.setup.onBlock) return void this.blocks.push(lines);
    this.block.push(lines);
    this.blockChars += lines.length;
    if (this.blockChars >= BLOCK_CHARS) this.flush();
  }

  /** Whole lines of the folder at `rel`, each ending in "\n": into the listing, and to the consumer. */
  private list(rel: string, lines: string): void {
    this.emit(lines);
    this.setup.onFolder?.(rel, lines);
  }

  /** Counts one more listed entry; false (and the listing incomplete) past the limit. */
  private room(): boolean {
    if (this.listed >= this.setup.maxFiles) {
      this.complete = false;
      return false;
    }
    this.listed++;
    return true;
  }

  private take(item: PendingFolder, entries: FolderEntries): void {
    const present = rulesPresent(entries);
    const folder = folderRules(item.parent, this.pathOf(item), item.rel, present, this.setup.ruleFiles);
    const rules: Ignore | undefined = folder.inGit ? this.setup.global : undefined;
    const check = folder.hasRules || rules !== undefined;
    const kept: string[] = [];
    for (const name of entries.folders) {
      const rel = `${item.rel}${name}/`;
      if ((check && isIgnoredBy(folder, rules, rel)) || !this.room()) continue;
      this.pending.push({
        rel,
        parent: folder,
        real: item.real === "/" ? `/${name}` : `${item.real}/${name}`,
        up: item,
      });
      kept.push(`${name}/`);
    }
    let files = entries.files;
    if (check || this.listed + entries.fileCount > this.setup.maxFiles) {
      // Line by line only where a rule or the limit may leave some out.
      const lines = files === "" ? [] : files.slice(0, -1).split("\n");
      const keep = (line: string) => !(check && isIgnoredBy(folder, rules, line)) && this.room();
      files = lines
        .filter(keep)
        .map((line) => `${line}\n`)
        .join("");
    } else {
      this.listed += entries.fileCount;
    }
    if (kept.length > 0) this.list(item.rel, `${item.rel}${kept.join(`\n${item.rel}`)}\n`);
    if (files !== "") this.list(item.rel, files);
    for (const name of entries.others) this.follow(item, folder, check ? rules : undefined, check, name);
  }

  /** A symbolic link (or an entry of unknown kind): listed as what it leads to, a folder walked like any other unless it leads back up. */
  private follow(
    item: PendingFolder,
    folder: RuleFolder,
    rules: Ignore | undefined,
    check: boolean,
    name: string,
  ) {
    const path = this.prefix + item.rel + name;
    const list = (line: string, next?: PendingFolder) => {
      if (!this.room()) return;
      this.list(item.rel, `${line}\n`);
      if (next) this.pending.push(next);
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
  }
}

/** The rule files among a folder's entries (hidden files are among the others, see FolderEntries). */
function rulesPresent(entries: FolderEntries): Set<string> {
  const present = new Set<string>();
  for (const names of [entries.folders, entries.others]) {
    for (const name of names) if (name.charCodeAt(0) === 46 && RULE_FILES.has(name)) present.add(name);
  }
  return present;
}
