import { describe, expect, it } from "vitest";
import { displayPath, fileDiffLines, fileDiffs } from "./patch-lines.js";
import { lineText, tailByRows, visualRows, plainLine } from "./styled-text.js";

describe("fileDiffs", () => {
  const changes = {
    "/repo/src/new.ts": { type: "add" as const, content: "a\nb\n" },
    "/repo/old.txt": { type: "delete" as const, content: "gone\n" },
    "/repo/src/app.ts": {
      type: "update" as const,
      unified_diff: "--- a\n+++ b\n@@ -10,3 +10,3 @@\n ctx\n-old\n+new\n ctx2\n",
      move_path: "/repo/src/main.ts",
    },
  };

  it("counts additions and removals per file, with paths relative to cwd", () => {
    expect(fileDiffs(changes, "/repo").map((f) => [f.verb, f.path, f.movedTo, f.added, f.removed])).toEqual([
      ["Added", "src/new.ts", undefined, 2, 0],
      ["Deleted", "old.txt", undefined, 0, 1],
      ["Edited", "src/app.ts", "src/main.ts", 1, 1],
    ]);
  });

  it("numbers diff lines from the hunk header", () => {
    const edited = fileDiffs(changes, "/repo")[2];
    expect(edited && fileDiffLines(edited).map(lineText)).toEqual([
      "    @@ -10,3 +10,3 @@",
      "    10  ctx",
      "    11 -old",
      "    11 +new",
      "    12  ctx2",
    ]);
  });

  it("colours additions green and removals red", () => {
    const added = fileDiffs(changes, "/repo")[0];
    const [first] = added ? fileDiffLines(added) : [];
    expect(first?.spans[0]?.style).toEqual({ color: "green" });
  });

  it("counts what it leaves out of a long diff", () => {
    const big = { "/r/big.txt": { type: "add" as const, content: "x\n".repeat(50) } };
    const [file] = fileDiffs(big, "/r");
    const lines = file ? fileDiffLines(file, 10) : [];
    expect(lines).toHaveLength(11);
    expect(lineText(lines[10] ?? { spans: [] })).toContain("40 more lines");
  });

  it("keeps paths outside cwd absolute", () => {
    expect(displayPath("/etc/hosts", "/repo")).toBe("/etc/hosts");
    expect(displayPath("/repo/a", "")).toBe("/repo/a");
  });
});

describe("styled lines", () => {
  it("estimates wrapped rows and keeps the tail that fits", () => {
    expect(visualRows(plainLine("x".repeat(25)), 10)).toBe(3);
    expect(visualRows(plainLine(""), 10)).toBe(1);
    const lines = ["a", "b".repeat(15), "c"].map((t) => plainLine(t));
    expect(tailByRows(lines, 3, 10).map(lineText)).toEqual(["b".repeat(15), "c"]);
    expect(tailByRows(lines, 10, 10)).toHaveLength(3);
  });
});
