// The ignore rules of Codex's file search (the `ignore` crate's walker with its defaults, as ripgrep uses
// it), for the in-process walk (files/tree-walk.ts): per folder `.ignore` and `.gitignore`, the
// repository's `.git/info/exclude` and git's global excludes file. The rules of one kind in the deepest
// folder that has an opinion decide; the kinds rank .ignore > .gitignore > info/exclude > global. Git's
// kinds count only inside a repository (a folder here or above holds `.git`), and stop at the repository's
// top. `.rgignore` is ripgrep's own addition and Codex's search does not read it. The patterns themselves
// are matched by the `ignore` package (git's syntax).
import { readFileSync, statSync, type Stats } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ignore, { type Ignore } from "ignore";

/** The rules one folder contributes, chained to its parent's. */
export interface RuleFolder {
  parent: RuleFolder | undefined;
  /** A path relative to the walk's root becomes relative to this folder as `lead + path.slice(strip)`. */
  lead: string;
  strip: number;
  ignore?: Ignore;
  git?: Ignore;
  exclude?: Ignore;
  /** This folder holds `.git`. */
  hasGit: boolean;
  /** This folder or one above it holds `.git`. */
  inGit: boolean;
  /** Any rules here or above (else nothing is ignored and matching is skipped). */
  hasRules: boolean;
}

/** The names in a folder that carry rules. */
export const RULE_FILES = new Set([".ignore", ".gitignore", ".git"]);

/**
 * The files the rules were read from or looked for: what a kept listing depends on. Each maps to
 * fileSignature's text when its content was read, "present" when only its being there counts (a `.git`),
 * "absent" when it was not there.
 */
export type RuleReads = Map<string, string>;

/** A read file's identity and version: inode, size and mtime (the mtime alone survives a `mv` over it). */
export const fileSignature = (stat: Stats): string => `file ${stat.ino} ${stat.size} ${stat.mtimeMs}`;

function readText(path: string, reads: RuleReads): string | undefined {
  try {
    const text = readFileSync(path, "utf8");
    // Stat after the read: a change between the two shows as an mtime after the walk's start.
    reads.set(path, fileSignature(statSync(path)));
    return text;
  } catch {
    reads.set(path, "absent");
    return undefined;
  }
}

const rulesOf = (text: string | undefined): Ignore | undefined =>
  text === undefined ? undefined : ignore().add(text);

/** `.git/info/exclude` of a repository whose top is `folder` (`.git` a folder, or a worktree's file). */
function excludeOf(folder: string, reads: RuleReads): Ignore | undefined {
  const dotGit = join(folder, ".git");
  let gitDir = dotGit;
  if (!statSync(dotGit, { throwIfNoEntry: false })?.isDirectory()) {
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readText(dotGit, reads) ?? "")?.[1];
    if (!pointer) return undefined;
    gitDir = resolve(folder, pointer);
    const common = readText(join(gitDir, "commondir"), reads)?.trim();
    if (common) gitDir = resolve(gitDir, common);
  }
  return rulesOf(readText(join(gitDir, "info", "exclude"), reads));
}

/**
 * The rules of a folder met by the walk (`rel` relative to the root, "" or ending in "/"), given which of
 * RULE_FILES its listing showed.
 */
export function folderRules(
  parent: RuleFolder | undefined,
  path: string,
  rel: string,
  present: ReadonlySet<string>,
  reads: RuleReads,
): RuleFolder {
  const hasGit = present.has(".git");
  const folder: RuleFolder = {
    parent,
    lead: "",
    strip: rel.length,
    ignore: present.has(".ignore") ? rulesOf(readText(join(path, ".ignore"), reads)) : undefined,
    git: present.has(".gitignore") ? rulesOf(readText(join(path, ".gitignore"), reads)) : undefined,
    exclude: hasGit ? excludeOf(path, reads) : undefined,
    hasGit,
    inGit: hasGit || (parent?.inGit ?? false),
    hasRules: parent?.hasRules ?? false,
  };
  folder.hasRules ||= Boolean(folder.ignore || folder.git || folder.exclude);
  return folder;
}

/** The rules of the folders above the walk's root (they count too), outermost first in the chain. */
export function ancestorRules(root: string, reads: RuleReads): RuleFolder | undefined {
  const above: string[] = [];
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    above.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  let chain: RuleFolder | undefined;
  for (const dir of above) {
    // Looked for one by one (these folders are not walked), each recorded, absent ones included.
    const present = new Set<string>();
    for (const name of RULE_FILES) {
      const found = statSync(join(dir, name), { throwIfNoEntry: false }) !== undefined;
      reads.set(join(dir, name), found ? "present" : "absent");
      if (found) present.add(name);
    }
    chain = folderRules(chain, dir, "", present, reads);
    chain.lead = `${relative(dir, root)}/`;
    chain.strip = 0;
  }
  return chain;
}

/**
 * git's global excludes file as rg finds it: `core.excludesFile` in ~/.gitconfig, else in
 * $XDG_CONFIG_HOME/git/config (read as rg reads them, by a line pattern, not a full parse), else
 * $XDG_CONFIG_HOME/git/ignore.
 */
export function globalRules(env: NodeJS.ProcessEnv, reads: RuleReads): Ignore | undefined {
  const home = env.HOME || homedir();
  const xdg = env.XDG_CONFIG_HOME || join(home, ".config");
  const setting = /^\s*excludesfile\s*=\s*"?\s*(\S+?)\s*"?\s*$/im;
  let file: string | undefined;
  for (const config of [join(home, ".gitconfig"), join(xdg, "git", "config")]) {
    file = setting.exec(readText(config, reads) ?? "")?.[1];
    if (file) break;
  }
  file = file ? file.replace(/^~(?=\/|$)/, home) : join(xdg, "git", "ignore");
  return rulesOf(readText(file, reads));
}

/** true: ignored; false: re-included; undefined: no opinion. */
function verdict(rules: Ignore | undefined, path: string): boolean | undefined {
  if (!rules) return undefined;
  const result = rules.test(path);
  return result.ignored ? true : result.unignored ? false : undefined;
}

/**
 * Thrown for a folder that one rule ignores and a higher-ranked one re-includes: below it, the `ignore`
 * package would still see the folder ignored (it tests a path's parents too, as git does, where rg tests
 * the path alone), so the walk leaves such a tree to rg.
 */
export class ReincludedFolder extends Error {}

/** Whether `path` (relative to the walk's root; a folder's ends in "/"), listed in `folder`, is ignored. */
export function isIgnoredBy(folder: RuleFolder, global: Ignore | undefined, path: string): boolean {
  let plain: boolean | undefined;
  let git: boolean | undefined;
  let exclude: boolean | undefined;
  let anyIgnores = false;
  const isFolder = path.endsWith("/");
  const inGit = folder.inGit;
  let pastGitTop = false;
  const consult = (rules: Ignore | undefined, own: string, decided: boolean | undefined) => {
    // A folder is tested against every rule file that applies, to spot one re-included (see above).
    if (decided !== undefined && !isFolder) return decided;
    const found = verdict(rules, own);
    anyIgnores ||= found === true;
    return decided ?? found;
  };
  for (let at: RuleFolder | undefined = folder; at; at = at.parent) {
    if (!at.ignore && !(at.git || at.exclude)) {
      pastGitTop ||= at.hasGit;
      continue;
    }
    const own = at.lead + (at.strip === 0 ? path : path.slice(at.strip));
    plain = consult(at.ignore, own, plain);
    if (inGit && !pastGitTop) {
      git = consult(at.git, own, git);
      exclude = consult(at.exclude, own, exclude);
    }
    pastGitTop ||= at.hasGit;
  }
  const ignored = plain ?? git ?? exclude ?? (inGit ? consult(global, path, undefined) : undefined) ?? false;
  if (isFolder && !ignored && anyIgnores) throw new ReincludedFolder(path);
  return ignored;
}
