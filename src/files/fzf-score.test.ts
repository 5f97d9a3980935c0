// The scores and highlights of the real Codex 0.169's fuzzyFileSearch for these paths (read off its answers,
// for folders and for paths whose name does not hold the query, which it scores over the whole path).
import { describe, expect, it } from "vitest";
import { alignmentScore, bestAlignment } from "./fzf-score.js";

describe("bestAlignment", () => {
  it.each([
    ["a", "A.md", 34, [0]],
    ["a", "bA", 26, [1]],
    ["a", "package.json", 16, [1]],
    ["a", ".git/hooks/update.sample", 16, [14]],
    ["ab", "ba/ab", 59, [3, 4]],
    ["x/ab", "x/ab", 109, [0, 1, 2, 3]],
    ["q/w/e", "q/w/e", 134, [0, 1, 2, 3, 4]],
    ["sess", "src/surfaces/app-server", 80, [4, 10, 11, 17]],
    ["sess", ".git/hooks/pre-rebase.sample", 56, [9, 13, 19, 22]],
    ["cli", "src/config/toml-edit.ts", 50, [4, 14, 18]],
    ["cli", "src/surfaces/app-server/handlers/files.ts", 25, [9, 28, 34]],
    ["ct", "src/files/file-list.ts", 24, [2, 20]],
    ["ts", "src/surfaces/tui/components", 36, [13, 26]],
    ["router", "src/rollout/recorder.ts", 117, [4, 5, 9, 10, 18, 19]],
    ["cfgload", "src/config/load.ts", 156, [4, 7, 9, 11, 12, 13, 14]],
  ])("%s in %s: %i at %j", (query, text, score, indices) => {
    expect(bestAlignment(query, text)).toEqual({ score, indices });
    expect(alignmentScore(text, indices)).toBe(score);
  });

  it("finds nothing where the text does not hold the query's characters in order", () => {
    expect(bestAlignment("ab", "ba")).toBeUndefined();
    expect(bestAlignment("abc", "ab")).toBeUndefined();
    expect(bestAlignment("", "ab")).toBeUndefined();
  });
});
