import { describe, expect, it } from "vitest";
import { fuzzyIndices, fuzzyScore } from "./fuzzy.js";

describe("fuzzyIndices", () => {
  it.each([
    ["mts", "src/main.ts", [4, 9, 10]],
    ["SRC", "src/a.ts", [0, 1, 2]],
    ["zz", "src/a.ts", undefined],
  ])("%s in %s -> %j", (query, text, expected) => {
    expect(fuzzyIndices(query, text)).toEqual(expected);
    expect(fuzzyScore(query.toLowerCase(), text) === undefined).toBe(expected === undefined);
  });
});
