// The in-process walk lists the files `rg --files --hidden --follow` lists, less what only rg's own
// .rgignore hides (the `ignore` crate's rules, as Codex's file search applies them; rg stays the fallback),
// plus the folders, on trees that exercise each kind of ignore rule and how they rank, inside a repository
// and outside one, and trees with symbolic links.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamFileList } from "./file-list.js";
import { nativeHelperPath } from "../native-helpers.js";
import { FOLDER_READER } from "./folder-reader.js";
import { walkTree as walkTreeWith, type FolderReads } from "./tree-walk.js";
import { scratchDir } from "../../test/support/scratch.js";

let scratch: string;
let home: string;
const env = () => ({ PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config") });

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const RG = ["--files", "--hidden", "--follow", "--no-config", "--no-messages"];

const sortedLines = (text: string) =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .sort();

/** rg's listing with the root's .rgignore out of the way (Codex's search does not read it), and the file. */
function rgFiles(root: string): string[] {
  const rgignore = join(root, ".rgignore");
  const aside = join(scratch, "rgignore-aside");
  const had = existsSync(rgignore);
  if (had) renameSync(rgignore, aside);
  try {
    const listed = sortedLines(execFileSync("rg", RG, { cwd: root, env: env() }).toString());
    return had ? [...listed, ".rgignore"].sort() : listed;
  } finally {
    if (had) renameSync(aside, rgignore);
  }
}

async function walkedWith(root: string, reads: FolderReads): Promise<string[]> {
  const blocks: string[] = [];
  const listing = await walkTreeWith(
    root,
    (block) => blocks.push(block),
    200_000,
    10_000,
    env(),
    undefined,
    reads,
  );
  expect(listing).toBeDefined();
  expect(blocks.join("")).toBe(listing!.text);
  return sortedLines(listing!.text);
}

const filesOf = (lines: string[]) => lines.filter((line) => !line.endsWith("/"));
const foldersOf = (lines: string[]) => lines.filter((line) => line.endsWith("/"));

// Files every tree holds: plain ones, hidden ones, ignored and re-included ones at several depths.
const COMMON: Record<string, string> = {
  "README.md": "",
  "app.log": "",
  "keep.log": "",
  "anchored.txt": "",
  "deep/anchored.txt": "",
  "build/out.js": "",
  "build/keep/me.js": "",
  "docs/a.tmp": "",
  "docs/b.md": "",
  "docs/nested/c.tmp": "",
  ".hidden/x.ts": "",
  ".env": "",
  "sub/important.log": "",
  "sub/other.log": "",
  "sub/local-only/x.ts": "",
  "sub/deeper/local-only/y.ts": "",
  "sub/deeper/z.ts": "",
  "vendor/lib.js": "",
  "vendor/keep.js": "",
  "rg-only/a.ts": "",
  "cache/data.bin": "",
  "swap.swp": "",
  "excluded.dat": "",
  "empty/.gitkeep": "",
  "Space Name/file (1).ts": "",
  "ünïcode/naïve.ts": "",
  ".gitignore": "*.log\n!keep.log\nbuild/\n/anchored.txt\ndocs/*.tmp\nvendor/*\n!vendor/keep.js\n",
  "sub/.gitignore": "!important.log\nlocal-only/\n",
  ".ignore": "cache/\n",
  "sub/deeper/.ignore": "z.ts\n",
  ".rgignore": "rg-only/\n!app.log\n",
};

const helper = nativeHelperPath(FOLDER_READER);
const readers: Array<[string, FolderReads]> = [["in this process", "node"]];
// The helper is built by `npm run build` (with the machine's C compiler, which CI has).
if (process.platform !== "win32") readers.push(["by the folder-reader helper", { helper: helper! }]);

describe.each(readers)("walkTree, folders read %s", (_, reads) => {
  beforeAll(() => {
    expect(reads === "node" || existsSync(reads.helper)).toBe(true);
    scratch = scratchDir("codex-ts-tree-walk-");
    home = join(scratch, "home");
    write(home, { ".gitconfig": "[core]\n\texcludesFile = ~/global-ignore\n", "global-ignore": "*.swp\n" });
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const walkTree = (root: string, onBlock: (block: string) => void, max: number, timeoutMs: number) =>
    walkTreeWith(root, onBlock, max, timeoutMs, env(), undefined, reads);
  const walked = (root: string) => walkedWith(root, reads);
  it("lists files as rg does in a repository, and the folders: .gitignore, .ignore, info/exclude, global", async () => {
    const root = join(scratch, "repo");
    write(root, COMMON);
    execFileSync("git", ["init", "-q"], { cwd: root });
    writeFileSync(join(root, ".git", "info", "exclude"), "excluded.dat\n");
    symlinkSync(join(root, "README.md"), join(root, "link.md"));
    symlinkSync(join(root, "docs"), join(root, "docs-link"));
    const expected = rgFiles(root);
    expect(expected).toContain("keep.log");
    expect(expected).toContain("rg-only/a.ts");
    expect(expected).toContain(".git/HEAD");
    expect(expected).toContain("docs-link/b.md");
    expect(expected).not.toContain("swap.swp");
    const lines = await walked(root);
    expect(filesOf(lines)).toEqual(expected);
    const folders = foldersOf(lines);
    for (const folder of [
      ".git/",
      ".hidden/",
      "docs/",
      "docs/nested/",
      "docs-link/",
      "docs-link/nested/",
      "empty/",
    ])
      expect(folders).toContain(folder);
    for (const ignored of ["build/", "cache/", "sub/local-only/"]) expect(folders).not.toContain(ignored);
    // Every listed file's folders are listed too.
    for (const file of filesOf(lines).filter((path) => !path.startsWith("vendor/") && path.includes("/")))
      expect(folders).toContain(file.slice(0, file.lastIndexOf("/") + 1));
  });

  it("lists files as rg does outside a repository (git's rules do not apply there)", async () => {
    const root = join(scratch, "plain");
    write(root, COMMON);
    const expected = rgFiles(root);
    expect(expected).toContain("app.log");
    expect(filesOf(await walked(root))).toEqual(expected);
  });

  it("follows links to files and folders, but not one back up the walk, nor a broken one or a loop", async () => {
    const root = join(scratch, "links");
    const outside = join(scratch, "outside");
    write(outside, { "o.ts": "", "inner/i.ts": "" });
    write(root, { "a/b/c.ts": "", "d/e.ts": "" });
    symlinkSync("..", join(root, "a", "b", "up"));
    symlinkSync(root, join(root, "a", "root"));
    symlinkSync("../d", join(root, "a", "to-d"));
    symlinkSync(outside, join(root, "out"));
    symlinkSync(join(root, "d", "e.ts"), join(root, "e-link.ts"));
    symlinkSync(join(root, "missing"), join(root, "broken"));
    symlinkSync("self", join(root, "self"));
    expect(await walked(root)).toEqual([
      "a/",
      "a/b/",
      "a/b/c.ts",
      "a/to-d/",
      "a/to-d/e.ts",
      "d/",
      "d/e.ts",
      "e-link.ts",
      "out/",
      "out/inner/",
      "out/inner/i.ts",
      "out/o.ts",
    ]);
  });

  it("applies the rules of the folders above the root, up to the repository's top", async () => {
    const top = join(scratch, "outer");
    write(top, { ".gitignore": "*.gen.ts\nsecret/\n", ".ignore": "*.bak\n" });
    execFileSync("git", ["init", "-q"], { cwd: top });
    const root = join(top, "pkg", "inner");
    write(root, { ...COMMON, "a.gen.ts": "", "b.bak": "", "secret/s.ts": "", "c.ts": "" });
    const expected = rgFiles(root);
    expect(expected).not.toContain("a.gen.ts");
    expect(expected).not.toContain("b.bak");
    expect(filesOf(await walked(root))).toEqual(expected);
  });

  it("leaves to rg a tree where a higher-ranked rule re-includes a folder a .gitignore ignores", async () => {
    const root = join(scratch, "reinclude");
    write(root, { ...COMMON, ".ignore": "!build/\n" });
    execFileSync("git", ["init", "-q"], { cwd: root });
    expect(await walkTree(root, () => {}, 200_000, 10_000)).toBeUndefined();
    const sent: string[] = [];
    const listing = await streamFileList(
      root,
      { lines: (block) => sent.push(block), reset: () => (sent.length = 0) },
      undefined,
      reads === "node" ? undefined : reads.helper,
    );
    const lines = (text: string) => text.split("\n").filter(Boolean).sort();
    const rg = execFileSync("rg", RG, { cwd: root }).toString();
    expect(lines(listing.text)).toEqual(lines(rg));
    expect(lines(sent.join("\n"))).toEqual(lines(rg));
    expect(lines(rg)).toContain("build/out.js");
    expect(listing.walk).toBeUndefined();
  });

  // rg 13 misses this file (it lists x.dat); git and later rg releases read it.
  it("reads a worktree's exclude file through its .git file, as git does", async () => {
    const main = join(scratch, "main-repo");
    write(main, { "a.ts": "" });
    execFileSync("git", ["init", "-q"], { cwd: main });
    writeFileSync(join(main, ".git", "info", "exclude"), "*.dat\n");
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "add", "-A"], { cwd: main });
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"], { cwd: main });
    const root = join(scratch, "worktree");
    execFileSync("git", ["worktree", "add", "-q", root], { cwd: main });
    write(root, { "x.dat": "", "y.ts": "" });
    const git = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
    });
    // The worktree's `.git` is a file, listed like any hidden file.
    const files = filesOf(await walked(root)).filter((path) => path !== ".git");
    expect(files).toEqual(git.toString().split("\n").filter(Boolean).sort());
    expect(files).toEqual(["a.ts", "y.ts"]);
  });

  it("resolves undefined when the root cannot be read, and stops at the entry limit", async () => {
    expect(await walkTree(join(scratch, "missing"), () => {}, 10, 10_000)).toBeUndefined();
    const root = join(scratch, "many");
    for (let i = 0; i < 30; i++) write(root, { [`d${i % 3}/f${i}.ts`]: "" });
    const listing = await walkTree(root, () => {}, 10, 10_000);
    expect(listing!.text.split("\n").filter(Boolean)).toHaveLength(10);
    const all = await walkTree(root, () => {}, 100, 10_000);
    expect(all!.folders.sort()).toEqual(["", "d0", "d1", "d2"]);
  });

  // Most folders are read by libuv's thread pool while the walk takes in what came back: the same listing as
  // rg's, the limit kept with reads still under way, and a rule problem deep in the tree still hands it to rg.
  it("lists a wide, deep tree read mostly in the thread pool as rg does, and stops at the limit", async () => {
    const root = join(scratch, "wide");
    const files: Record<string, string> = {};
    for (let a = 0; a < 12; a++)
      for (let b = 0; b < 12; b++) for (let f = 0; f < 4; f++) files[`a${a}/b${b}/c/f${f}.ts`] = "";
    write(root, files);
    const lines = await walked(root);
    expect(filesOf(lines)).toEqual(rgFiles(root));
    expect(foldersOf(lines)).toHaveLength(12 + 12 * 12 * 2);
    const exact = await walkTree(root, () => {}, lines.length, 10_000);
    expect(exact!.complete).toBe(true);
    // 300 folders take more than a millisecond to read: a 1 ms deadline ends the walk, incomplete.
    const late = await walkTree(root, () => {}, 200_000, 1);
    expect(late!.complete).toBe(false);
    const cut = await walkTree(root, () => {}, 50, 10_000);
    expect(cut!.complete).toBe(false);
    expect(cut!.text.split("\n").filter(Boolean)).toHaveLength(50);
    write(root, { "a7/b3/.gitignore": "build/\n", "a7/b3/.ignore": "!build/\n", "a7/b3/build/x.ts": "" });
    execFileSync("git", ["init", "-q"], { cwd: root });
    expect(await walkTree(root, () => {}, 200_000, 10_000)).toBeUndefined();
  });
});
