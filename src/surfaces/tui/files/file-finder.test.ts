// listFiles (git, walk; rg when installed) and fuzzy matching, including its speed on 100k paths, and the
// `$` / `@` words of the composer with what they offer.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { completionFor } from "../composer/completions.js";
import { searched } from "../composer/completions.test-support.js";
import { emptyComposer, insertText } from "../composer/composer-state.js";
import { activeMention, completeMention } from "../composer/mention.js";
import { listFiles } from "../../../files/file-list.js";
import { fuzzyFilter } from "../../../files/fuzzy.js";
import { folderLayer, isIgnored } from "../../../files/gitignore.js";
import { scratchDir } from "../../../../test/support/scratch.js";

function project(): string {
  const dir = scratchDir("codex-ts-files-");
  for (const path of ["src/app.ts", "src/util/fmt.ts", "README.md", "build/out.js", "node_modules/x/i.js"]) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), "x");
  }
  writeFileSync(join(dir, ".gitignore"), "build/\nnode_modules/\n");
  return dir;
}

const typed = (text: string) => insertText(emptyComposer(), text);

describe("listFiles", () => {
  it("lists tracked and untracked files without ignored ones (git)", async () => {
    const dir = project();
    execFileSync("git", ["init", "-q"], { cwd: dir });
    execFileSync("git", ["add", "src/app.ts"], { cwd: dir });
    expect(await listFiles(dir, ["git"])).toEqual([
      ".gitignore",
      "README.md",
      "src/app.ts",
      "src/util/fmt.ts",
    ]);
  });

  it("lists a file with a merge conflict once (git lists it once per stage)", async () => {
    const dir = scratchDir("codex-ts-files-");
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
        cwd: dir,
        stdio: "pipe",
      });
    git("init", "-q", "-b", "main");
    writeFileSync(join(dir, "a.txt"), "base\n");
    git("add", "a.txt");
    git("commit", "-qm", "base");
    git("checkout", "-qb", "other");
    writeFileSync(join(dir, "a.txt"), "other\n");
    git("commit", "-qam", "other");
    git("checkout", "-q", "main");
    writeFileSync(join(dir, "a.txt"), "main\n");
    git("commit", "-qam", "main");
    expect(() => git("merge", "-q", "other")).toThrow();
    expect(execFileSync("git", ["ls-files", "--cached"], { cwd: dir, encoding: "utf8" })).toBe(
      "a.txt\na.txt\na.txt\n",
    );
    expect(await listFiles(dir, ["git"])).toEqual(["a.txt"]);
  });

  it("falls back to a walk outside a repository, honouring .gitignore files on the way", async () => {
    const dir = project();
    writeFileSync(join(dir, "src", ".gitignore"), "*.log\n!keep.log\n");
    writeFileSync(join(dir, "src", "debug.log"), "x");
    writeFileSync(join(dir, "src", "keep.log"), "x");
    const files = await listFiles(dir, ["git", "walk"]);
    expect(files).toEqual([
      ".gitignore",
      "README.md",
      "src/.gitignore",
      "src/app.ts",
      "src/keep.log",
      "src/util/fmt.ts",
    ]);
  });

  it("reads .gitignore rules as git does: names, folders, anchors, globs, classes, escapes, negation", () => {
    const text = "# c\n*.tmp\nout/\n/top.txt\ndocs/**/gen\n!keep.tmp\n[Bb]uild/\n\\#hash\ntrail\\ \n";
    const layers = [folderLayer("/r", text)!];
    const ignored = (path: string, isDir = false) => isIgnored(layers, `/r/${path}`, isDir);
    expect(ignored("a/b.tmp")).toBe(true);
    expect(ignored("a/keep.tmp")).toBe(false);
    expect(ignored("x/out", true)).toBe(true);
    expect(ignored("x/out")).toBe(false);
    expect(ignored("top.txt")).toBe(true);
    expect(ignored("sub/top.txt")).toBe(false);
    expect(ignored("docs/a/b/gen", true)).toBe(true);
    expect(ignored("docs/gen", true)).toBe(true);
    expect(ignored("Build", true)).toBe(true);
    expect(ignored("build", true)).toBe(true);
    expect(ignored("#hash")).toBe(true);
    expect(ignored("trail ")).toBe(true);
    expect(ignored("trail")).toBe(false);
  });

  it("walks with the global excludes file, .git/info/exclude and nested .gitignore files", async () => {
    const dir = project();
    mkdirSync(join(dir, ".git", "info"), { recursive: true });
    writeFileSync(join(dir, ".git", "info", "exclude"), "README.md\n");
    const xdg = scratchDir("codex-ts-xdg-");
    mkdirSync(join(xdg, "git"));
    writeFileSync(join(xdg, "git", "ignore"), "*.secret\n");
    writeFileSync(join(dir, "src", "key.secret"), "x");
    writeFileSync(join(dir, "src", "util", ".gitignore"), "!*.secret\nfmt.ts\n");
    writeFileSync(join(dir, "src", "util", "ok.secret"), "x");
    const saved = { xdg: process.env.XDG_CONFIG_HOME, home: process.env.HOME };
    process.env.XDG_CONFIG_HOME = xdg;
    process.env.HOME = xdg;
    try {
      expect(await listFiles(dir, ["walk"])).toEqual([
        ".gitignore",
        "src/app.ts",
        "src/util/.gitignore",
        "src/util/ok.secret",
      ]);
    } finally {
      process.env.XDG_CONFIG_HOME = saved.xdg;
      process.env.HOME = saved.home;
    }
  });

  it("by default (rg when installed, else git) honours .gitignore", async () => {
    const dir = project();
    execFileSync("git", ["init", "-q"], { cwd: dir });
    const files = await listFiles(dir);
    expect(files).toContain("src/app.ts");
    expect(files).not.toContain("build/out.js");
  });
});

describe("fuzzy matching", () => {
  it("matches characters in order and ranks file-name and run matches first", () => {
    expect(fuzzyFilter("xyz", ["src/app.ts"], 1)).toEqual([]);
    const paths = ["docs/format-notes.md", "src/util/fmt.ts", "src/form/main.ts"];
    expect(fuzzyFilter("fmt", paths, 3)[0]?.text).toBe("src/util/fmt.ts");
    expect(fuzzyFilter("", paths, 2)).toHaveLength(2);
  });

  it("finds the one right path among 100k (its speed is measured in bench/file-list.bench.ts)", () => {
    const paths = Array.from({ length: 100_000 }, (_, i) => `pkg${i % 97}/src/module${i}/file${i}.ts`);
    expect(fuzzyFilter("file4242", paths, 8)[0]?.text).toBe("pkg71/src/module4242/file4242.ts");
  });
});

describe("@ and $ words", () => {
  it("finds the word at the cursor and replaces it with the choice", () => {
    const state = typed("look at @src/ap");
    const mention = activeMention(state);
    expect(mention).toEqual({ sigil: "@", start: 8, end: 15, query: "src/ap" });
    const done = completeMention(state, mention ?? { sigil: "@", start: 0, end: 0, query: "" }, "src/app.ts");
    expect(done.text).toBe("look at src/app.ts ");
    expect(done.cursor).toBe(done.text.length);
    expect(activeMention(typed("cost $5"))).toBeUndefined();
    expect(activeMention(typed("plain words"))).toBeUndefined();
    expect(activeMention(typed("use $dep"))).toMatchObject({ sigil: "$", query: "dep" });
  });

  it("offers files and folders for @ (quoted when they hold a space) and skills for $", () => {
    // A file whose name holds the query ranks above a folder that merely starts with it (as in Codex).
    const files = ["src/app.ts", "my notes.md", "apps/"];
    expect(completionFor(typed("@app"), searched(typed("@app"), files))?.items).toEqual([
      { label: "src/app.ts", insert: "src/app.ts", matched: [4, 5, 6], kind: "file" },
      { label: "apps", insert: "apps", matched: [0, 1, 2], kind: "dir" },
    ]);
    expect(completionFor(typed("@notes"), searched(typed("@notes"), files))?.items[0]?.insert).toBe(
      '"my notes.md"',
    );
    // Before the first search ends there is nothing to show yet: "searching".
    expect(completionFor(typed("@x"), {})).toMatchObject({ items: [], loading: true });
    // While a newer search runs, no match yet means "searching", not "no matching files".
    const none = { found: { query: "ne", matches: [] } };
    expect(completionFor(typed("@new"), { ...none, searching: true })).toMatchObject({ loading: true });
    expect(completionFor(typed("@new"), { ...none, searching: false })?.loading).toBeUndefined();
    // The last search's matches stay shown while the next query's search runs.
    const before = searched(typed("@ap"), files);
    expect(completionFor(typed("@app"), { ...before, searching: true })?.items).toHaveLength(2);
    // A bare `@` lists nothing: the popup asks for a word.
    expect(completionFor(typed("@"), before)).toMatchObject({ items: [] });
    expect(completionFor(typed("@"), before)?.loading).toBeUndefined();
    const skills = [{ name: "deploy", description: "Ship it", path: "/s/SKILL.md", scope: "repo" as const }];
    expect(completionFor(typed("$dep"), { skills })?.items).toEqual([
      { label: "$deploy", insert: "$deploy", description: "Ship it", matched: [1, 2, 3] },
    ]);
  });
});
