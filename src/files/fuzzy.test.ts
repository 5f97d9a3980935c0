import fc from "fast-check";
import fuzzysort from "fuzzysort";
import { describe, expect, it } from "vitest";
import { byScoreThenPath, EXACT_NAME_BONUS, NAME_BONUS, fuzzyFilter, TopMatches } from "./fuzzy.js";
import { DIRECT_LIMIT } from "./fuzzy-preselect.js";

// A tree shaped like this repository's, and what a person typing each query expects on top.
const TREE = [
  "README.md",
  "bench/tui.bench.ts",
  "docs/architecture.md",
  "package.json",
  "src/cli.ts",
  "src/config/load.ts",
  "src/config/toml-edit.ts",
  "src/core/codex.ts",
  "src/core/session.ts",
  "src/files/fuzzy.ts",
  "src/surfaces/app-server/router.ts",
  "src/surfaces/tui/components/cells/Cell.tsx",
  "src/surfaces/tui/run-tui.ts",
  "test/e2e/tui-threads.test.ts",
  "test/support/fake-model.js",
];

describe("fuzzyFilter", () => {
  it.each([
    ["ct", "src/cli.ts"],
    ["cli", "src/cli.ts"],
    ["codex", "src/core/codex.ts"],
    ["sess", "src/core/session.ts"],
    ["fake", "test/support/fake-model.js"],
    ["router", "src/surfaces/app-server/router.ts"],
    ["readme", "README.md"],
    ["pkg", "package.json"],
    ["arch", "docs/architecture.md"],
    ["runtui", "src/surfaces/tui/run-tui.ts"],
    ["fuzzy", "src/files/fuzzy.ts"],
    ["cfgload", "src/config/load.ts"],
  ])("%s puts %s first", (query, first) => {
    expect(fuzzyFilter(query, TREE, 5)[0]?.text).toBe(first);
  });

  it("gives the matched positions, case-insensitively, and nothing for a miss", () => {
    expect(fuzzyFilter("CLI", TREE, 1)[0]).toMatchObject({ text: "src/cli.ts", indices: [4, 5, 6] });
    expect(fuzzyFilter("zzq", TREE, 5)).toEqual([]);
  });

  it("keeps the given order for an empty query, up to the limit", () => {
    expect(fuzzyFilter("", TREE, 2).map((m) => m.text)).toEqual(["README.md", "bench/tui.bench.ts"]);
  });
});

describe("dropping candidates that cannot match", () => {
  it("finds exactly what fuzzysort finds over every candidate", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_.é -]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(
          fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/")),
          { maxLength: 60 },
        ),
        fc.stringMatching(/^[A-Za-z0-9_./é -]{1,5}$/),
        (candidates, query) => {
          fc.pre(query.trim() !== "");
          const ours = fuzzyFilter(query, candidates, 1000);
          const reference = fuzzysort.go(query, candidates, { limit: 1000 });
          expect(ours.map((m) => m.text).sort()).toEqual(reference.map((r) => r.target).sort());
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds the one file among 100,000 quickly", () => {
    const paths = Array.from(
      { length: 100_000 },
      (_, i) => `src/pkg${i % 50}/mod${i >> 7}/file${i & 127}.ts`,
    );
    const started = performance.now();
    const [best] = fuzzyFilter("mod42file7", paths, 50);
    expect(best?.text).toMatch(/\/mod42\/file7/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("ranks a query that nearly every one of 100,000 paths matches quickly, the best first", () => {
    const paths = Array.from(
      { length: 100_000 },
      (_, i) => `src/pkg${i % 50}/mod${i >> 7}/file${i & 127}.ts`,
    );
    paths.push("lib/ts.ts");
    const started = performance.now();
    const found = fuzzyFilter("ts", paths, 8);
    expect(found[0]?.text).toBe("lib/ts.ts");
    expect(found).toHaveLength(8);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("TopMatches", () => {
  it("keeps the best matches of candidates given in batches, each once: as if given at once, best first", () => {
    const paths: string[] = [];
    for (let d = 0; d < 40; d++) for (let f = 0; f < 30; f++) paths.push(`src/mod${d}/file${f}.ts`);
    const top = new TopMatches("mod1file2", 25);
    for (let i = 0; i < paths.length; i += 97) top.add(paths.slice(i, i + 97));
    top.add(paths.slice(0, 300)); // given again: counted once
    const once = new TopMatches("mod1file2", 25);
    once.add(paths);
    const all = once.result();
    expect(top.result()).toEqual(all);
    expect(all).toEqual([...all].sort(byScoreThenPath));
    expect(new Set(all.map((m) => m.text)).size).toBe(25);
    top.clear();
    expect(top.result()).toEqual([]);
  });

  it("past DIRECT_LIMIT candidates, still finds a name equal to the query and names holding it", () => {
    const top = new TopMatches("ts", 5);
    const across = Array.from({ length: 3 * DIRECT_LIMIT }, (_, i) => `t/x${i}/s.md`);
    const named = Array.from({ length: 10 }, (_, i) => `a/b${i}/ts-${i}.txt`);
    const lines = [...across.slice(0, DIRECT_LIMIT), ...named, "ts/", ...across.slice(DIRECT_LIMIT)];
    for (let i = 0; i < lines.length; i += 700) top.add(lines.slice(i, i + 700));
    const ranked = top.result();
    expect(ranked[0]).toMatchObject({ text: "ts", directory: true });
    expect(ranked.slice(1).every((m) => /^a\/b\d\/ts-\d\.txt$/.test(m.text))).toBe(true);
  });

  it("ranks a file whose name holds the query first, a name equal to it above all; marks folders", () => {
    const top = new TopMatches("ct", 10);
    top.add(["src/core/turn-loop.ts", "src/core/codex.ts", "src/cli.ts", "ct/", "src/ct.ts", "docs/"]);
    const ranked = top.result();
    expect(ranked.map((m) => m.text)).toEqual([
      "ct",
      "src/ct.ts",
      "src/cli.ts",
      "src/core/codex.ts",
      "src/core/turn-loop.ts",
    ]);
    expect(ranked.find((m) => m.text === "ct")?.directory).toBe(true);
    expect(ranked.find((m) => m.text === "src/cli.ts")?.directory).toBeUndefined();
    const [exact, inName, , , across] = ranked.map((m) => m.score);
    expect(exact).toBeGreaterThanOrEqual(EXACT_NAME_BONUS);
    expect(inName).toBeGreaterThanOrEqual(NAME_BONUS);
    expect(across).toBeLessThan(NAME_BONUS);
  });
});
