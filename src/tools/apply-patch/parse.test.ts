import { describe, expect, it } from "vitest";
import { parsePatch } from "./parse.js";
import type { ParsedPatch } from "./types.js";
import { PatchParseError } from "./types.js";

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

function parseError(text: string): PatchParseError {
  try {
    parsePatch(text);
  } catch (err) {
    if (err instanceof PatchParseError) return err;
    throw err;
  }
  throw new Error("expected a PatchParseError");
}

describe("parsePatch: hunks", () => {
  it("parses an Add File hunk, every line ending with a newline", () => {
    expect(parsePatch(patch("*** Add File: src/new.txt", "+line one", "+", "+line three"))).toEqual({
      hunks: [{ kind: "add", path: "src/new.txt", contents: "line one\n\nline three\n" }],
    });
  });

  it("parses an empty Add File hunk as an empty file", () => {
    expect(parsePatch(patch("*** Add File: empty.txt")).hunks).toEqual([
      { kind: "add", path: "empty.txt", contents: "" },
    ]);
  });

  it("keeps blank lines inside added content but not those before the next marker", () => {
    const parsed = parsePatch(
      patch("*** Add File: a.txt", "+one", "", "+three", "", "*** Delete File: b.txt"),
    );
    expect(parsed.hunks[0]).toEqual({ kind: "add", path: "a.txt", contents: "one\n\nthree\n" });
  });

  it("parses a Delete File hunk", () => {
    expect(parsePatch(patch("*** Delete File: old.txt")).hunks).toEqual([
      { kind: "delete", path: "old.txt" },
    ]);
  });

  it("parses an Update File hunk with a move, context header, context, removals and additions", () => {
    const parsed = parsePatch(
      patch(
        "*** Update File: src/app.py",
        "*** Move to: src/main.py",
        "@@ def greet():",
        " context before",
        "-removed",
        "+added",
        " context after",
      ),
    );
    expect(parsed).toEqual<ParsedPatch>({
      hunks: [
        {
          kind: "update",
          path: "src/app.py",
          movePath: "src/main.py",
          chunks: [
            {
              contextHeaders: ["def greet():"],
              oldLines: ["context before", "removed", "context after"],
              newLines: ["context before", "added", "context after"],
              isEndOfFile: false,
            },
          ],
        },
      ],
    });
  });

  it("accepts a bare @@, nested @@ headers and several chunks", () => {
    const parsed = parsePatch(
      patch("*** Update File: f.py", "@@", "-a", "+b", "@@ class Foo:", "@@     def bar(self):", "-c", "+d"),
    );
    const hunk = parsed.hunks[0];
    expect(hunk?.kind === "update" && hunk.chunks).toEqual([
      { contextHeaders: [], oldLines: ["a"], newLines: ["b"], isEndOfFile: false },
      {
        contextHeaders: ["class Foo:", "def bar(self):"],
        oldLines: ["c"],
        newLines: ["d"],
        isEndOfFile: false,
      },
    ]);
  });

  it("allows the first chunk without an @@ line", () => {
    const parsed = parsePatch(patch("*** Update File: f.txt", " keep", "-old", "+new"));
    const hunk = parsed.hunks[0];
    expect(hunk?.kind === "update" && hunk.chunks[0]).toEqual({
      contextHeaders: [],
      oldLines: ["keep", "old"],
      newLines: ["keep", "new"],
      isEndOfFile: false,
    });
  });

  it("marks a chunk followed by *** End of File", () => {
    const parsed = parsePatch(patch("*** Update File: f.txt", "@@", " last", "+appended", "*** End of File"));
    const hunk = parsed.hunks[0];
    expect(hunk?.kind === "update" && hunk.chunks[0]?.isEndOfFile).toBe(true);
  });

  it("reads an empty line inside a chunk as empty context, but not one trailing the chunk", () => {
    const parsed = parsePatch(
      patch("*** Update File: f.txt", " a", "", "-b", "+c", "", "*** Delete File: g"),
    );
    const hunk = parsed.hunks[0];
    expect(hunk?.kind === "update" && hunk.chunks[0]).toMatchObject({
      oldLines: ["a", "", "b"],
      newLines: ["a", "", "c"],
    });
    expect(parsed.hunks).toHaveLength(2);
  });

  it("understands a git-style @@ -1,2 +1,2 @@ header, keeping any text after it", () => {
    const parsed = parsePatch(patch("*** Update File: f", "@@ -10,2 +10,2 @@ def f():", "-a", "+b"));
    const hunk = parsed.hunks[0];
    expect(hunk?.kind === "update" && hunk.chunks[0]?.contextHeaders).toEqual(["def f():"]);
  });

  it("parses several hunks in order", () => {
    const parsed = parsePatch(
      patch("*** Add File: a", "+x", "*** Delete File: b", "*** Update File: c", "@@", "-y", "+z"),
    );
    expect(parsed.hunks.map((h) => `${h.kind}:${h.path}`)).toEqual(["add:a", "delete:b", "update:c"]);
  });
});

describe("parsePatch: leniency", () => {
  it("tolerates whitespace around the *** markers and CRLF line endings", () => {
    const text = [
      "  *** Begin Patch  ",
      " *** Update File:   f.txt  ",
      "\t*** Move to: g.txt ",
      "@@ ",
      "-a",
      "+b",
      "  *** End of File",
      "*** End Patch   ",
      "",
    ].join("\r\n");
    expect(parsePatch(text).hunks).toEqual([
      {
        kind: "update",
        path: "f.txt",
        movePath: "g.txt",
        chunks: [{ contextHeaders: [], oldLines: ["a"], newLines: ["b"], isEndOfFile: true }],
      },
    ]);
  });

  it.each([
    ["<<'EOF'", "EOF"],
    ["<<EOF", "EOF"],
    ['<<"PATCH"', "PATCH"],
    ["cat <<EOF", "EOF"],
    ["apply_patch <<'EOF'", "EOF"],
    ["cat <<'EOF' | apply_patch", "EOF"],
  ])("strips a heredoc wrapper opened by %s", (opener, closer) => {
    const text = `${opener}\n${patch("*** Delete File: x")}\n${closer}\n`;
    expect(parsePatch(text).hunks).toEqual([{ kind: "delete", path: "x" }]);
  });

  it("counts line numbers in the text as sent, heredoc lines included", () => {
    const err = parseError("\n<<'EOF'\n*** Begin Patch\nbogus\n*** End Patch\nEOF\n");
    expect(err.lineNumber).toBe(4);
    expect(err.message).toMatch(/^line 4: /);
  });
});

describe("parsePatch: errors name the line and what was expected", () => {
  it("rejects an unknown hunk header", () => {
    expect(parseError(patch("*** Delete File: a", "foo")).message).toBe(
      "line 3: expected '*** Add File:', '*** Delete File:' or '*** Update File:', got 'foo'",
    );
  });

  it("rejects a patch that does not start with *** Begin Patch", () => {
    expect(parseError("*** Update File: a\n@@\n-a\n+b\n*** End Patch").message).toBe(
      "line 1: expected '*** Begin Patch', got '*** Update File: a'",
    );
  });

  it("rejects an empty patch", () => {
    expect(parseError("  \n\n").message).toMatch(/expected '\*\*\* Begin Patch', got an empty patch/);
  });

  it("rejects a patch without *** End Patch", () => {
    const err = parseError("*** Begin Patch\n*** Add File: a.txt\n+hello\n");
    expect(err.message).toBe("line 4: expected '*** End Patch', got the end of the patch");
  });

  it("rejects text after *** End Patch", () => {
    expect(parseError(`${patch("*** Delete File: a")}\nextra`).message).toBe(
      "line 4: unexpected text after '*** End Patch': 'extra'",
    );
  });

  it("rejects a patch with no file operations", () => {
    expect(parseError(patch()).message).toMatch(/^line 2: expected '\*\*\* Add File:'.*changes nothing/);
  });

  it("rejects an Add File line that does not start with +", () => {
    expect(parseError(patch("*** Add File: a.txt", "+ok", "not added")).message).toBe(
      "line 4: expected a line starting with '+' in Add File 'a.txt', got 'not added'",
    );
  });

  it("rejects an Update File with no chunks", () => {
    expect(parseError(patch("*** Update File: a.txt", "*** Delete File: b")).message).toBe(
      "line 2: Update File 'a.txt' has no changes; expected '@@' or lines starting with ' ', '-' or '+'",
    );
  });

  it("rejects an @@ header with no lines under it", () => {
    expect(parseError(patch("*** Update File: a.txt", "@@ def f():")).message).toBe(
      "line 4: expected at least one changed or context line in Update File 'a.txt', got '*** End Patch'",
    );
  });

  it("rejects a line without a diff prefix inside a chunk", () => {
    expect(parseError(patch("*** Update File: a.txt", "@@", " ok", "oops")).message).toBe(
      "line 5: expected a line starting with ' ' (context), '-' (removed) or '+' (added) in Update File 'a.txt', got 'oops'",
    );
  });

  it("rejects a first chunk line that is neither @@ nor a diff line", () => {
    expect(parseError(patch("*** Update File: a.txt", "def f():")).message).toBe(
      "line 3: expected '@@' or a line starting with ' ', '-' or '+' in Update File 'a.txt', got 'def f():'",
    );
  });

  it("requires @@ before a chunk that follows *** End of File", () => {
    expect(parseError(patch("*** Update File: a", "-x", "*** End of File", "-y")).message).toBe(
      "line 5: expected '@@' to start the next chunk of Update File 'a', got '-y'",
    );
  });

  it("rejects a marker without a path", () => {
    expect(parseError(patch("*** Add File:   ")).message).toBe(
      "line 2: expected a path after '*** Add File:'",
    );
  });

  it("shortens very long lines it quotes", () => {
    const message = parseError(patch("x".repeat(200))).message;
    expect(message).toContain(`'${"x".repeat(77)}...'`);
  });
});
