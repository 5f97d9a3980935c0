import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { applyPatch } from "./apply.js";
import { parsePatch } from "./parse.js";
import { nodePatchFs } from "./patch-fs.js";
import { makeWorkspace, removeWorkspaces } from "./test-workspace.js";
import { PatchApplyError } from "./types.js";

afterAll(removeWorkspaces);

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

async function apply(dir: string, text: string) {
  return applyPatch(parsePatch(text), { cwd: dir });
}

async function applyError(dir: string, text: string): Promise<PatchApplyError> {
  try {
    await apply(dir, text);
  } catch (err) {
    if (err instanceof PatchApplyError) return err;
    throw err;
  }
  throw new Error("expected a PatchApplyError");
}

describe("applyPatch: add, delete, update, move", () => {
  it("adds a file, creating its directories", async () => {
    const ws = makeWorkspace();
    const result = await apply(ws.dir, patch("*** Add File: a/b/new.txt", "+hello", "+world"));
    expect(ws.read("a/b/new.txt")).toBe("hello\nworld\n");
    expect(result.summary).toBe("Success. Updated the following files:\nA a/b/new.txt");
    expect(result.changes).toEqual([
      { path: ws.path("a/b/new.txt"), kind: "add", content: "hello\nworld\n" },
    ]);
  });

  it("deletes a file and reports its old content", async () => {
    const ws = makeWorkspace({ "old.txt": "bye\n" });
    const result = await apply(ws.dir, patch("*** Delete File: old.txt"));
    expect(existsSync(ws.path("old.txt"))).toBe(false);
    expect(result.summary).toBe("Success. Updated the following files:\nD old.txt");
    expect(result.changes).toEqual([{ path: ws.path("old.txt"), kind: "delete", content: "bye\n" }]);
  });

  it("updates a file and reports a unified diff", async () => {
    const ws = makeWorkspace({ "f.py": "def f():\n    return 1\n" });
    const result = await apply(
      ws.dir,
      patch("*** Update File: f.py", "@@ def f():", "-    return 1", "+    return 2"),
    );
    expect(ws.read("f.py")).toBe("def f():\n    return 2\n");
    expect(result.summary).toBe("Success. Updated the following files:\nM f.py");
    expect(result.changes).toEqual([
      {
        path: ws.path("f.py"),
        kind: "update",
        unifiedDiff: "@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 2\n",
      },
    ]);
  });

  it("moves a file while updating it", async () => {
    const ws = makeWorkspace({ "src/old.txt": "one\ntwo\n" });
    const result = await apply(
      ws.dir,
      patch("*** Update File: src/old.txt", "*** Move to: lib/new.txt", "@@", " one", "-two", "+2"),
    );
    expect(existsSync(ws.path("src/old.txt"))).toBe(false);
    expect(ws.read("lib/new.txt")).toBe("one\n2\n");
    expect(result.summary).toBe("Success. Updated the following files:\nM lib/new.txt");
    expect(result.changes[0]).toMatchObject({ kind: "update", movePath: ws.path("lib/new.txt") });
  });

  it("lists added, modified and deleted files in that order", async () => {
    const ws = makeWorkspace({ "m.txt": "x\n", "d.txt": "y\n" });
    const result = await apply(
      ws.dir,
      patch("*** Delete File: d.txt", "*** Update File: m.txt", "-x", "+z", "*** Add File: a.txt", "+a"),
    );
    expect(result.summary).toBe("Success. Updated the following files:\nA a.txt\nM m.txt\nD d.txt");
  });

  it("lets a later hunk see an earlier hunk's file", async () => {
    const ws = makeWorkspace();
    await apply(ws.dir, patch("*** Add File: n.txt", "+a", "+b", "*** Update File: n.txt", "-b", "+c"));
    expect(ws.read("n.txt")).toBe("a\nc\n");
  });

  it("refuses to update or delete a file that does not exist", async () => {
    const ws = makeWorkspace();
    expect((await applyError(ws.dir, patch("*** Update File: nope.txt", "-a", "+b"))).message).toBe(
      "Cannot update nope.txt: no such file",
    );
    expect((await applyError(ws.dir, patch("*** Delete File: nope.txt"))).message).toBe(
      "Cannot delete nope.txt: no such file",
    );
  });

  it("refuses to treat a directory as a file", async () => {
    const ws = makeWorkspace({ "d/x.txt": "x\n" });
    expect((await applyError(ws.dir, patch("*** Delete File: d"))).message).toBe(
      "Cannot change d: it is a directory",
    );
  });
});

describe("applyPatch: locating chunks", () => {
  it("applies several chunks in one file, each after the previous one", async () => {
    const ws = makeWorkspace({ "f.txt": "a\nx\nb\nx\nc\n" });
    await apply(ws.dir, patch("*** Update File: f.txt", "@@", " a", "-x", "+first", "@@", "-x", "+second"));
    expect(ws.read("f.txt")).toBe("a\nfirst\nb\nsecond\nc\n");
  });

  it("seeks nested context headers before the chunk", async () => {
    const file = "class A:\n  def run(self):\n    return 1\nclass B:\n  def run(self):\n    return 1\n";
    const ws = makeWorkspace({ "f.py": file });
    await apply(
      ws.dir,
      patch("*** Update File: f.py", "@@ class B:", "@@   def run(self):", "-    return 1", "+    return 2"),
    );
    expect(ws.read("f.py")).toBe(file.replace(/return 1\n$/, "return 2\n"));
  });

  it("accepts a chunk that repeats its context header as its first line", async () => {
    const ws = makeWorkspace({ "f.py": "def f():\n    pass\n" });
    await apply(
      ws.dir,
      patch("*** Update File: f.py", "@@ def f():", " def f():", "-    pass", "+    return 0"),
    );
    expect(ws.read("f.py")).toBe("def f():\n    return 0\n");
  });

  it("inserts a pure addition after its context header, or at the end without one", async () => {
    const ws = makeWorkspace({ "f.txt": "header\nbody\n" });
    await apply(ws.dir, patch("*** Update File: f.txt", "@@ header", "+inserted", "@@", "+appended"));
    expect(ws.read("f.txt")).toBe("header\ninserted\nbody\nappended\n");
  });

  it("appends a pure addition marked *** End of File at the end, even after a context header", async () => {
    const ws = makeWorkspace({ "f.txt": "header\nbody\n" });
    await apply(ws.dir, patch("*** Update File: f.txt", "@@ header", "+tail", "*** End of File"));
    expect(ws.read("f.txt")).toBe("header\nbody\ntail\n");
  });

  it("anchors an *** End of File chunk at the end of the file", async () => {
    const ws = makeWorkspace({ "f.txt": "x\nmiddle\nx\n" });
    await apply(ws.dir, patch("*** Update File: f.txt", "@@", "-x", "+last", "*** End of File"));
    expect(ws.read("f.txt")).toBe("x\nmiddle\nlast\n");
  });

  it("fails an *** End of File chunk whose lines are not at the end", async () => {
    const ws = makeWorkspace({ "f.txt": "x\nmiddle\n" });
    const err = await applyError(ws.dir, patch("*** Update File: f.txt", "-x", "+y", "*** End of File"));
    expect(err.message).toBe("Failed to find expected lines in f.txt (at the end of the file):\nx");
  });

  it("reports a missing context header", async () => {
    const ws = makeWorkspace({ "f.txt": "a\n" });
    const err = await applyError(ws.dir, patch("*** Update File: f.txt", "@@ def g():", "-a", "+b"));
    expect(err.message).toBe("Failed to find context '@@ def g():' in f.txt");
    expect(err.path).toBe("f.txt");
  });

  it.each([
    ["exact", "    x = 1\n", "    x = 1"],
    ["ignoring trailing whitespace", "    x = 1   \n", "    x = 1"],
    ["ignoring leading and trailing whitespace", "\tx = 1 \n", "  x = 1"],
    [
      "normalising Unicode punctuation",
      "    s = \u201Cen\u2013dash \u2014 it\u2019s\u00A0ok\u201D\n",
      '    s = "en-dash - it\'s ok"',
    ],
  ])("matches %s", async (_level, fileLine, patchLine) => {
    const ws = makeWorkspace({ "f.py": `keep\n${fileLine}tail\n` });
    await apply(ws.dir, patch("*** Update File: f.py", " keep", `-${patchLine}`, "+    changed", " tail"));
    expect(ws.read("f.py")).toBe("keep\n    changed\ntail\n");
  });

  it("keeps the file's own context lines after a loose match", async () => {
    const ws = makeWorkspace({ "f.txt": "ctx \u2014 one  \nold\n" });
    await apply(ws.dir, patch("*** Update File: f.txt", " ctx - one", "-old", "+new"));
    expect(ws.read("f.txt")).toBe("ctx \u2014 one  \nnew\n");
  });

  it("tolerates a trailing empty context line that stands for the final newline", async () => {
    const ws = makeWorkspace({ "f.txt": "a\nb\n" });
    await apply(ws.dir, patch("*** Update File: f.txt", "@@", "-b", "+c", " "));
    expect(ws.read("f.txt")).toBe("a\nc\n");
  });
});

describe("applyPatch: line endings", () => {
  it("keeps a missing final newline when the end is untouched", async () => {
    const ws = makeWorkspace({ "f.txt": "a\nb\nc" });
    await apply(ws.dir, patch("*** Update File: f.txt", "-a", "+A"));
    expect(ws.read("f.txt")).toBe("A\nb\nc");
  });

  it("ends the file with a newline when a chunk rewrites its end", async () => {
    const ws = makeWorkspace({ "f.txt": "a\nb" });
    await apply(ws.dir, patch("*** Update File: f.txt", " a", "-b", "+B"));
    expect(ws.read("f.txt")).toBe("a\nB\n");
  });

  it("keeps CRLF line endings", async () => {
    const ws = makeWorkspace({ "f.txt": "a\r\nb\r\nc\r\n" });
    await apply(ws.dir, patch("*** Update File: f.txt", " a", "-b", "+B", "+B2"));
    expect(ws.read("f.txt")).toBe("a\r\nB\r\nB2\r\nc\r\n");
  });

  it("fills an empty file", async () => {
    const ws = makeWorkspace({ "f.txt": "" });
    await apply(ws.dir, patch("*** Update File: f.txt", "@@", "+first"));
    expect(ws.read("f.txt")).toBe("first\n");
  });
});

describe("applyPatch: all or nothing", () => {
  it("leaves the first file byte-identical when a hunk of the second file fails", async () => {
    const ws = makeWorkspace({ "one.txt": "keep me\r\nexactly  \n", "two.txt": "alpha\nbeta\n" });
    const before = ws.snapshot();
    const err = await applyError(
      ws.dir,
      patch(
        "*** Update File: one.txt",
        "-keep me",
        "+changed",
        "*** Add File: three.txt",
        "+new",
        "*** Update File: two.txt",
        "@@",
        " alpha",
        "-gamma",
        "-delta",
        "+beta",
      ),
    );
    expect(err.message).toBe("Failed to find expected lines in two.txt:\nalpha\ngamma\ndelta");
    expect(err.path).toBe("two.txt");
    expect(ws.snapshot()).toEqual(before);
  });

  it("undoes earlier writes when a later write fails", async () => {
    const ws = makeWorkspace({ "a.txt": "a\n", "gone.txt": "g\n" });
    const before = ws.snapshot();
    const failing = {
      ...nodePatchFs,
      writeFile: async (path: string, content: string) => {
        if (path.endsWith("b.txt")) throw new Error("disk full");
        await nodePatchFs.writeFile(path, content);
      },
    };
    const parsed = parsePatch(
      patch(
        "*** Delete File: gone.txt",
        "*** Update File: a.txt",
        "-a",
        "+A",
        "*** Add File: new/dir/b.txt",
        "+b",
      ),
    );
    await expect(applyPatch(parsed, { cwd: ws.dir, fs: failing })).rejects.toThrow(
      `Failed to write ${ws.path("new/dir/b.txt")}: disk full (no file was changed)`,
    );
    expect(ws.snapshot()).toEqual(before);
  });
});
