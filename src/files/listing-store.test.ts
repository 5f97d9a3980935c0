// A listing kept across servers is used only while it is provably current: each change it depends on
// (a file added to a folder holding no listed file, an ignore file edited in place or replaced, a folder
// removed, a global excludes file created) and a damaged store each make the next server walk again.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { proofOf } from "./listing-proof.js";
import { loadListing, MAX_STORED_AGE_MS, saveListing, storedListingPath } from "./listing-store.js";
import { ageFolders, worktreeFiles } from "./listing-trees.test-support.js";
import { walkTree } from "./tree-walk.js";
import { scratchDir } from "../../test/support/scratch.js";

const made: string[] = [];
afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

const old = () => new Date(Date.now() - 60_000);

/** A repository whose folders and files were last modified a minute ago, a home for git's config, a store. */
function setUp(files: Record<string, string>) {
  const scratch = scratchDir("codex-ts-store-");
  made.push(scratch);
  const root = join(scratch, "repo");
  const home = join(scratch, "home");
  mkdirSync(home);
  mkdirSync(root);
  execFileSync("git", ["init", "-q"], { cwd: root });
  for (const [path, text] of Object.entries({ ".git/info/exclude": "", ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const path of [".git/info/exclude", ...Object.keys(files)]) utimesSync(join(root, path), old(), old());
  ageFolders(root, old());
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, ".config") };
  return { root, env, store: join(scratch, "store") };
}

async function walkAndSave(root: string, store: string, env: NodeJS.ProcessEnv): Promise<string> {
  const startedAt = Date.now();
  const listing = await walkTree(root, () => {}, 1000, 10_000, env);
  await saveListing(store, root, listing!.text, proofOf(listing!, startedAt), env);
  return listing!.text;
}

const FILES = { "src/a.ts": "", "empty/.keep": "", "logs/.gitignore": "*.log\n", "logs/x.log": "" };

describe("the listing kept across servers", () => {
  it("is used while nothing changed, and gives the walk's text", async () => {
    const { root, env, store } = setUp(FILES);
    const text = await walkAndSave(root, store, env);
    expect(worktreeFiles(text.split("\n"))).toEqual(["empty/.keep", "logs/.gitignore", "src/a.ts"]);
    expect((await loadListing(store, root, env))?.text).toBe(text);
  });

  it("is not used once a file is added to a folder that held no listed file", async () => {
    const { root, env, store } = setUp(FILES);
    await walkAndSave(root, store, env);
    writeFileSync(join(root, "empty/new.ts"), "");
    expect(await loadListing(store, root, env)).toBeUndefined();
  });

  it("is not used once an ignore file is edited in place, or replaced by an older file", async () => {
    const { root, env, store } = setUp(FILES);
    await walkAndSave(root, store, env);
    writeFileSync(join(root, "logs/.gitignore"), "*.tmp\n");
    expect(await loadListing(store, root, env)).toBeUndefined();

    const again = setUp({ ...FILES, "top.gitignore": "*.ts\n" });
    await walkAndSave(again.root, again.store, again.env);
    // `mv` keeps the moved file's old mtime; its inode tells it apart.
    renameSync(join(again.root, "top.gitignore"), join(again.root, "logs/.gitignore"));
    utimesSync(join(again.root, "logs"), old(), old());
    expect(await loadListing(again.store, again.root, again.env)).toBeUndefined();
  });

  it("is not used once a folder is removed, or git's global excludes file appears", async () => {
    const { root, env, store } = setUp(FILES);
    await walkAndSave(root, store, env);
    rmSync(join(root, "empty"), { recursive: true });
    utimesSync(root, old(), old());
    expect(await loadListing(store, root, env)).toBeUndefined();

    const again = setUp(FILES);
    await walkAndSave(again.root, again.store, again.env);
    mkdirSync(join(again.env.XDG_CONFIG_HOME, "git"), { recursive: true });
    writeFileSync(join(again.env.XDG_CONFIG_HOME, "git", "ignore"), "*.ts\n");
    expect(await loadListing(again.store, again.root, again.env)).toBeUndefined();
  });

  it("is not used when corrupt, cut short, made for another HOME, or too old", async () => {
    const { root, env, store } = setUp(FILES);
    await walkAndSave(root, store, env);
    const path = storedListingPath(store, root);
    const whole = readFileSync(path, "utf8");
    expect(await loadListing(store, root, { ...env, HOME: "/elsewhere" })).toBeUndefined();
    writeFileSync(path, whole.slice(0, -3));
    expect(await loadListing(store, root, env)).toBeUndefined();
    writeFileSync(path, `{not json\n${whole.slice(whole.indexOf("\n") + 1)}`);
    expect(await loadListing(store, root, env)).toBeUndefined();
    writeFileSync(path, whole.replace('"version":2', '"version":"2"'));
    expect(await loadListing(store, root, env)).toBeUndefined();
    const header = JSON.parse(whole.slice(0, whole.indexOf("\n"))) as { startedAt: number };
    const aged = { ...header, startedAt: Date.now() - MAX_STORED_AGE_MS };
    writeFileSync(path, `${JSON.stringify(aged)}\n${whole.slice(whole.indexOf("\n") + 1)}`);
    expect(await loadListing(store, root, env)).toBeUndefined();
    writeFileSync(path, whole);
    expect(await loadListing(store, root, env)).toBeDefined();
  });
});
