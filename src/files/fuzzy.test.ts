import { describe, expect, it } from "vitest";
import { fuzzyFilter } from "./fuzzy.js";

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
