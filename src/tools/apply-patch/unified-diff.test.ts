import { describe, expect, it } from "vitest";
import { diffLines, unifiedDiff } from "./unified-diff.js";

/** Replays an edit script, which must turn a into b. */
function replay(a: string[], b: string[], maxEditDistance?: number): string[] {
  const out: string[] = [];
  for (const op of diffLines(a, b, maxEditDistance)) {
    if (op.type === "equal") {
      expect(a[op.oldIndex]).toBe(b[op.newIndex]);
      out.push(a[op.oldIndex]!);
    } else if (op.type === "insert") out.push(b[op.newIndex]!);
  }
  return out;
}

describe("diffLines", () => {
  it("finds a shortest edit script", () => {
    const a = "abcabba".split("");
    const b = "cbabac".split("");
    const ops = diffLines(a, b);
    expect(ops.filter((op) => op.type !== "equal")).toHaveLength(5);
    expect(replay(a, b)).toEqual(b);
  });

  it("handles empty sides and identical inputs", () => {
    expect(replay([], ["x", "y"])).toEqual(["x", "y"]);
    expect(replay(["x", "y"], [])).toEqual([]);
    expect(diffLines(["x"], ["x"])).toEqual([{ type: "equal", oldIndex: 0, newIndex: 0 }]);
  });

  it("falls back to one replacement past the edit budget, still correct", () => {
    const a = ["1", "2", "3", "4", "5"];
    const b = ["a", "2", "b", "4", "c"];
    expect(replay(a, b, 1)).toEqual(b);
  });
});

describe("unifiedDiff", () => {
  it("is empty for equal texts", () => {
    expect(unifiedDiff("a\n", "a\n")).toBe("");
  });

  it("shows changes with three lines of context and GNU-style ranges", () => {
    const oldText = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    const newText = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
    expect(unifiedDiff(oldText, newText)).toBe("@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
  });

  it("merges nearby changes into one hunk and splits distant ones", () => {
    const lines = Array.from({ length: 30 }, (_, i) => `${i + 1}`);
    const near = [...lines];
    near[4] = "x";
    near[10] = "y";
    expect(unifiedDiff(lines.join("\n") + "\n", near.join("\n") + "\n").match(/^@@/gm)).toHaveLength(1);
    const far = [...lines];
    far[2] = "x";
    far[25] = "y";
    const diff = unifiedDiff(lines.join("\n") + "\n", far.join("\n") + "\n");
    expect(diff.match(/^@@.*$/gm)).toEqual(["@@ -1,6 +1,6 @@", "@@ -23,7 +23,7 @@"]);
  });

  it("labels files and marks a missing final newline", () => {
    expect(unifiedDiff("a\nb", "a\nb\n", { oldLabel: "a/f", newLabel: "b/f", context: 1 })).toBe(
      "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
    );
  });

  it("handles a rewrite of a large file (past the edit budget) without overflowing the stack", () => {
    const oldText = Array.from({ length: 150_000 }, (_, i) => `old ${i}\n`).join("");
    const newText = Array.from({ length: 150_000 }, (_, i) => `new ${i}\n`).join("");
    const diff = unifiedDiff(oldText, newText);
    expect(diff.startsWith("@@ -1,150000 +1,150000 @@\n-old 0\n")).toBe(true);
    expect(diff.endsWith("+new 149999\n")).toBe(true);
  });

  it("describes an added and a removed file", () => {
    expect(unifiedDiff("", "x\ny\n")).toBe("@@ -0,0 +1,2 @@\n+x\n+y\n");
    expect(unifiedDiff("x\n", "")).toBe("@@ -1 +0,0 @@\n-x\n");
  });
});
