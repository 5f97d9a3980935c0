// fuzzyFileSearch and feedback/upload through `codex-ts app-server`: ranked paths under a git repository
// (ignored files left out), and a feedback bundle with the thread's rollout and the logs written under
// $CODEX_HOME/feedback/. Every message is checked against the real protocol's JSON Schema.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ageFolders, worktreeFiles } from "../../src/files/listing-trees.test-support.js";
import { reply } from "../support/fake-model.js";
import { runTurn, startThread, useAppServer, type Json } from "../support/app-server-fixture.js";
import { scratchDir } from "../support/scratch.js";

const app = useAppServer();
const start = () => app.start({ model: { replies: [reply.message("hello")] } });

function project(files: Record<string, string>): string {
  const root = scratchDir("codex-ts-fuzzy-");
  execFileSync("git", ["init", "-q"], { cwd: root });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("app-server fuzzyFileSearch", () => {
  it("ranks matching paths across roots and leaves ignored files out", async () => {
    const { client: c } = await start();
    const a = project({
      ".gitignore": "build/\n",
      "src/main.ts": "",
      "src/util/domain.ts": "",
      "build/main.js": "",
      "README.md": "",
    });
    const b = project({ "lib/main_test.go": "" });
    const found = await c.call("fuzzyFileSearch", { query: "main", roots: [a, b] });
    const files = found.files as Json[];
    // Both names start with the query: a tie, which the path breaks (as the real Codex 0.169 answers).
    expect(files.map((f) => [f.root, f.path])).toEqual([
      [b, "lib/main_test.go"],
      [a, "src/main.ts"],
      [a, "src/util/domain.ts"],
    ]);
    expect(files[1]).toMatchObject({ file_name: "main.ts", match_type: "file", indices: [4, 5, 6, 7] });
    expect(files.map((f) => f.score as number)).toEqual(
      [...files.map((f) => f.score as number)].sort((x, y) => y - x),
    );
    expect((await c.call("fuzzyFileSearch", { query: "", roots: [a] })).files).toEqual([]);
  });
});

describe("app-server fuzzyFileSearch, what is listed", () => {
  it("lists hidden files, folders (match_type directory) and what links lead to, as the real Codex does", async () => {
    const { client: c } = await start();
    const outside = scratchDir("codex-ts-fuzzy-outside-");
    writeFileSync(join(outside, "zqout.ts"), "");
    const root = project({
      ".gitignore": "ign/\n",
      ".rgignore": "*.md\n",
      ".hid/zqfile.ts": "",
      ".zqdot.ts": "",
      "ign/zqign.ts": "",
      "real/sub/zqreal.ts": "",
      "zqrg.md": "",
    });
    symlinkSync("real/sub/zqreal.ts", join(root, "zqlink.ts"));
    symlinkSync("real", join(root, "zqlinkdir"));
    symlinkSync(outside, join(root, "zqout"));
    symlinkSync("..", join(root, "real", "zqup"));
    const found = (await c.call("fuzzyFileSearch", { query: "zq", roots: [root] })).files as Json[];
    // The real Codex 0.169 on this tree (its `.git` aside): the same paths, and which are folders.
    expect(found.map((f) => `${f.match_type as string} ${f.path as string}`).sort()).toEqual([
      "directory zqlinkdir",
      "directory zqlinkdir/sub",
      "directory zqout",
      "file .hid/zqfile.ts",
      "file .zqdot.ts",
      "file real/sub/zqreal.ts",
      "file zqlink.ts",
      "file zqlinkdir/sub/zqreal.ts",
      "file zqout/zqout.ts",
      "file zqrg.md",
    ]);
    expect(found.find((f) => f.path === "zqlinkdir/sub")).toMatchObject({ file_name: "sub", root });
    rmSync(outside, { recursive: true, force: true });
  });
});

describe("app-server fuzzyFileSearch, cancellation tokens", () => {
  it("ends a search still running when another comes with its token: no files, at once", async () => {
    const { client: c } = await start();
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) files[`pkg${i % 30}/mod${i % 300}/file${i}.ts`] = "";
    const root = project(files);
    const search = (query: string, cancellationToken: string) =>
      c.waitResponse(c.request("fuzzyFileSearch", { query, roots: [root], cancellationToken }));
    // Whole names: "file8" alone would tie file8.ts with file80.ts, file800.ts...
    const [first, second, other] = await Promise.all([
      search("file7.ts", "t1"),
      search("file8.ts", "t1"),
      search("file9.ts", "t2"),
    ]);
    expect(first.result).toEqual({ files: [] });
    expect(((second.result as Json).files as Json[])[0]?.file_name).toBe("file8.ts");
    expect(((other.result as Json).files as Json[])[0]?.file_name).toBe("file9.ts");
    // Done searches leave nothing behind: the token starts afresh.
    expect(((await search("file7.ts", "t1")).result as Json).files as Json[]).not.toHaveLength(0);
  });
});

describe("app-server fuzzyFileSearch, searches that follow", () => {
  it("finds a file created since the last search of the root, and no longer one deleted", async () => {
    const { client: c } = await start();
    const root = project({ "src/alpha.ts": "", "src/beta.ts": "", "docs/gamma.md": "" });
    // Folders last modified well before the first walk, so the kept listing is used while they stay so.
    ageFolders(root, new Date(Date.now() - 60_000));
    const paths = async (query: string) =>
      worktreeFiles(
        ((await c.call("fuzzyFileSearch", { query, roots: [root] })).files as Json[]).map(
          (f) => f.path as string,
        ),
      );
    expect(await paths("alpha")).toEqual(["src/alpha.ts"]);
    expect(await paths("beta")).toEqual(["src/beta.ts"]);
    writeFileSync(join(root, "src/alphabet.ts"), "");
    expect(await paths("alpha")).toEqual(["src/alpha.ts", "src/alphabet.ts"]);
    rmSync(join(root, "src/alpha.ts"));
    mkdirSync(join(root, "lib"));
    writeFileSync(join(root, "lib/alpha.go"), "");
    expect(await paths("alpha")).toEqual(["lib/alpha.go", "src/alphabet.ts"]);
  });
});

describe("app-server fuzzyFileSearch, a fresh server", () => {
  it("uses the listing an earlier server kept while nothing changed, and walks again after a change", async () => {
    const { home, client: first } = await start();
    const root = project({ "src/alpha.ts": "", "empty/.keep": "", ".git/info/exclude": "" });
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(root, ".git/info/exclude"), old, old);
    ageFolders(root, old);
    // In ranking order (worktreeFiles would sort them).
    const paths = async (c: typeof first, query: string) =>
      ((await c.call("fuzzyFileSearch", { query, roots: [root] })).files as Json[])
        .map((f) => f.path as string)
        .filter((path) => !path.startsWith(".git/"));
    expect(await paths(first, "alpha")).toEqual(["src/alpha.ts"]);
    // Kept after the answer: wait for it, then mark it so that a search served from it shows.
    const store = join(home.codexHome, "cache", "file-listings");
    // Written to a temporary file first, then renamed: wait for the kept one.
    const keptFiles = () => (existsSync(store) ? readdirSync(store).filter((f) => !f.endsWith(".tmp")) : []);
    // Bounded generously: written after the answer, which takes a while on a loaded machine (the default is 1 s).
    await vi.waitFor(() => expect(keptFiles()).toHaveLength(1), { timeout: 20_000 });
    const file = join(store, keptFiles()[0]!);
    const kept = readFileSync(file, "utf8");
    const text = `${kept.slice(kept.indexOf("\n") + 1)}src/alpha-kept.ts\n`;
    const header = { ...(JSON.parse(kept.slice(0, kept.indexOf("\n"))) as Json), length: text.length };
    writeFileSync(file, `${JSON.stringify(header)}\n${text}`);

    const second = await app.spawn(home);
    // Names that start with the query tie; the path breaks the tie ("-" before ".").
    expect(await paths(second, "alpha")).toEqual(["src/alpha-kept.ts", "src/alpha.ts"]);
    writeFileSync(join(root, "empty/alpha2.ts"), "");
    const third = await app.spawn(home);
    expect(await paths(third, "alpha")).toEqual(["empty/alpha2.ts", "src/alpha.ts"]);
  });
});

// The real Codex 0.169's fuzzyFileSearch on this tree (run once, in a loopback-only namespace), its top
// results: ours must put the same paths first, in the same order. (Its whole answers, scores and indices
// included, were equal to codex-ts's for these queries; the rows stop early as `.git/hooks` samples depend
// on git's version.)
const RANKED_TREE = [
  "README.md",
  "package.json",
  "docs/architecture.md",
  "docs/performance.md",
  "src/cli.ts",
  "src/config/load.ts",
  "src/config/toml-edit.ts",
  "src/core/codex.ts",
  "src/core/session.ts",
  "src/core/turn-loop.ts",
  "src/files/fuzzy.ts",
  "src/files/file-list.ts",
  "src/rollout/index.ts",
  "src/rollout/recorder.ts",
  "src/surfaces/app-server/router.ts",
  "src/surfaces/app-server/handlers/files.ts",
  "src/surfaces/tui/run-tui.ts",
  "src/surfaces/tui/components/Composer.tsx",
  "test/e2e/app-server-files.test.ts",
  "test/support/fake-model.js",
  "bench/compare.bench.ts",
  "lib/main_test.go",
  "src/main.rs",
];
const REAL_TOP: Array<[string, string[]]> = [
  ["ct", ["src/cli.ts", "src/core/codex.ts"]],
  ["cli", ["src/cli.ts"]],
  ["codex", ["src/core/codex.ts", "src/rollout/index.ts"]],
  ["sess", ["src/core/session.ts", "test/e2e/app-server-files.test.ts"]],
  ["fake", ["test/support/fake-model.js"]],
  ["router", ["src/surfaces/app-server/router.ts", "src/rollout/recorder.ts"]],
  ["readme", ["README.md"]],
  ["pkg", ["package.json"]],
  ["arch", ["docs/architecture.md", "bench/compare.bench.ts"]],
  ["runtui", ["src/surfaces/tui/run-tui.ts"]],
  ["fuzzy", ["src/files/fuzzy.ts"]],
  ["cfgload", ["src/config/load.ts"]],
  [
    "perf",
    ["docs/performance.md", "test/e2e/app-server-files.test.ts", "src/surfaces/app-server/handlers/files.ts"],
  ],
  ["turnloop", ["src/core/turn-loop.ts"]],
  ["rec", ["src/rollout/recorder.ts"]],
  ["comp", ["bench/compare.bench.ts", "src/surfaces/tui/components/Composer.tsx"]],
  ["app/files", ["src/surfaces/app-server/handlers/files.ts"]],
];

describe("app-server fuzzyFileSearch ranking", () => {
  it("puts the real Codex's top results first for a table of queries", async () => {
    const { client: c } = await start();
    const root = project(Object.fromEntries(RANKED_TREE.map((p) => [p, ""])));
    const got: Array<[string, string[]]> = [];
    for (const [query, top] of REAL_TOP) {
      const files = (await c.call("fuzzyFileSearch", { query, roots: [root] })).files as Json[];
      got.push([query, files.slice(0, top.length).map((f) => f.path as string)]);
    }
    expect(got).toEqual(REAL_TOP);
  });
});

describe("app-server feedback/upload", () => {
  it("writes the thread's rollout and the logs into $CODEX_HOME/feedback/<id>/", async () => {
    const { home, client: c } = await start();
    const threadId = await startThread(c, { cwd: home.cwd });
    await runTurn(c, threadId, "hi");
    const logDir = join(home.codexHome, "log");
    mkdirSync(logDir, { recursive: true });
    writeFileSync(join(logDir, "extra.log"), "a log line\n");

    const sent = await c.call("feedback/upload", {
      classification: "bug",
      reason: "it broke",
      threadId,
      tags: { area: "tests" },
    });
    expect(sent.threadId).toBe(threadId);
    const dir = sent.savedPath as string;
    expect(dirname(dir)).toBe(join(home.codexHome, "feedback"));
    const manifest = JSON.parse(readFileSync(join(dir, "feedback.json"), "utf8")) as Json;
    expect(manifest).toMatchObject({
      classification: "bug",
      reason: "it broke",
      threadId,
      tags: { area: "tests" },
    });
    expect(readFileSync(join(dir, "rollout.jsonl"), "utf8")).toContain(threadId);
    expect(readdirSync(join(dir, "logs"))).toContain("extra.log");

    const bare = await c.call("feedback/upload", { classification: "other", includeLogs: false });
    const bareDir = bare.savedPath as string;
    expect(readdirSync(bareDir)).toEqual(["feedback.json"]);
    expect(existsSync(join(bareDir, "logs"))).toBe(false);

    const missing = await c.waitResponse(
      c.request("feedback/upload", {
        classification: "bug",
        threadId: "00000000-0000-0000-0000-000000000000",
      }),
    );
    expect(missing.error).toMatchObject({ message: expect.stringContaining("thread not found") });
  });
});
