// The listing kept per root: a search that follows is served from memory while no folder changed, and a
// file created, deleted or put in a new folder since is seen by the next search (which walks again).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  foldersOf,
  MAX_AGE_MS,
  prefetchListing,
  searchListing,
  walksOf,
  type ListingOptions,
} from "./listing-cache.js";
import { MAX_STORED_AGE_MS } from "./listing-store.js";
import { ageFolders, worktreeFiles } from "./listing-trees.test-support.js";
import { scratchDir } from "../../test/support/scratch.js";

const made: string[] = [];
afterAll(() => {
  for (const root of made) rmSync(root, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

/** A git repository whose folders were last modified a minute ago (well before any walk). */
function tree(files: string[]): string {
  const root = scratchDir("codex-ts-listing-");
  made.push(root);
  execFileSync("git", ["init", "-q"], { cwd: root });
  for (const path of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), "");
  }
  const old = new Date(Date.now() - 60_000);
  // The walk reads the repository's exclude file: as old as the rest.
  mkdirSync(join(root, ".git", "info"), { recursive: true });
  writeFileSync(join(root, ".git", "info", "exclude"), "");
  utimesSync(join(root, ".git", "info", "exclude"), old, old);
  ageFolders(root, old);
  return root;
}

/** The files a search was sent, outside `.git` (the listing also holds `.git` and the folders). */
async function list(root: string, options: ListingOptions = {}): Promise<string[]> {
  let lines: string[] = [];
  const sink = {
    lines: (block: string) => lines.push(...block.split("\n").filter(Boolean)),
    reset: () => (lines = []),
  };
  await searchListing(root, sink, options);
  return worktreeFiles(lines);
}

describe("searchListing", () => {
  it("serves the searches that follow from memory while no folder changed", async () => {
    const root = tree(["src/a.ts", "src/b.ts", "README.md"]);
    expect(await list(root)).toEqual(["README.md", "src/a.ts", "src/b.ts"]);
    expect(await list(root)).toEqual(["README.md", "src/a.ts", "src/b.ts"]);
    expect(walksOf(root)).toBe(1);
  });

  it("sees a file created or deleted in a known folder, or created in a new folder", async () => {
    const root = tree(["src/a.ts", "lib/x/y.ts"]);
    expect(await list(root)).toEqual(["lib/x/y.ts", "src/a.ts"]);
    writeFileSync(join(root, "src/new.ts"), "");
    expect(await list(root)).toEqual(["lib/x/y.ts", "src/a.ts", "src/new.ts"]);
    expect(walksOf(root)).toBe(2);
    unlinkSync(join(root, "lib/x/y.ts"));
    expect(await list(root)).toEqual(["src/a.ts", "src/new.ts"]);
    mkdirSync(join(root, "docs"));
    writeFileSync(join(root, "docs/guide.md"), "");
    expect(await list(root)).toContain("docs/guide.md");
  });

  it("sees a file added to a folder that held no listed file (the walk reports every folder it read)", async () => {
    const root = tree(["src/a.ts", "other/x.log", "logs/.gitignore"]);
    writeFileSync(join(root, "logs/.gitignore"), "*.log\n");
    writeFileSync(join(root, "logs/old.log"), "");
    mkdirSync(join(root, "empty"));
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(root, "logs/.gitignore"), old, old);
    ageFolders(root, old);
    const before = ["logs/.gitignore", "other/x.log", "src/a.ts"];
    expect(await list(root)).toEqual(before);
    expect(await list(root)).toEqual(before);
    expect(walksOf(root)).toBe(1);
    writeFileSync(join(root, "empty/new.ts"), "");
    expect(await list(root)).toEqual(["empty/new.ts", ...before]);
    writeFileSync(join(root, "logs/new.ts"), "");
    expect(await list(root)).toEqual([
      "empty/new.ts",
      "logs/.gitignore",
      "logs/new.ts",
      "other/x.log",
      "src/a.ts",
    ]);
    expect(walksOf(root)).toBe(3);
  });

  it("walks again once rg's listing is MAX_AGE_MS old, the in-process walk's once MAX_STORED_AGE_MS old", async () => {
    const root = tree(["a.ts"]);
    await list(root, { sources: ["rg"] });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + MAX_AGE_MS);
    await list(root, { sources: ["rg"] });
    expect(walksOf(root)).toBe(2);
    vi.useRealTimers();
    const other = tree(["b.ts"]);
    await list(other);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + MAX_AGE_MS);
    await list(other);
    expect(walksOf(other)).toBe(1);
    vi.setSystemTime(Date.now() + MAX_STORED_AGE_MS);
    await list(other);
    expect(walksOf(other)).toBe(2);
  });

  it("shares a walk under way, a prefetch's included", async () => {
    const root = tree(["a.ts", "b/c.ts"]);
    prefetchListing(root);
    const [first, second] = await Promise.all([list(root), list(root)]);
    expect(first).toEqual(["a.ts", "b/c.ts"]);
    expect(second).toEqual(first);
    expect(walksOf(root)).toBe(1);
  });

  it("works out the folders of a listing, each once", () => {
    const text = "a/b/c.ts\na/b/d.ts\nx.ts\na/e.ts\n\na/b/f.ts\nab/c.ts";
    expect(foldersOf(text).sort()).toEqual(["", "a", "a/b", "ab"]);
  });
});
