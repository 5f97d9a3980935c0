// The turn diff against real files: net change per file, repository-relative paths, modes, index lines.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { blobOid, TurnDiff } from "./turn-diff.js";
import { scratchDir } from "../../../test/support/scratch.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function repo(): string {
  const dir = scratchDir("turn-diff-");
  dirs.push(dir);
  mkdirSync(join(dir, ".git"));
  mkdirSync(join(dir, "src"));
  return dir;
}

describe("TurnDiff", () => {
  it("blob ids are git's", () => {
    const out = execFileSync("git", ["hash-object", "--stdin"], { input: "hello\n" }).toString().trim();
    expect(blobOid(Buffer.from("hello\n"))).toBe(out);
  });

  it("one entry per file for the net change, relative to the repository, sorted", () => {
    const dir = repo();
    const a = join(dir, "src", "a.txt");
    const b = join(dir, "b.txt");
    writeFileSync(a, "one\ntwo\n");
    const diff = new TurnDiff();
    diff.begin({ [a]: { type: "update", unified_diff: "", move_path: null } });
    writeFileSync(a, "one\nTWO\n");
    diff.begin({
      [a]: { type: "update", unified_diff: "", move_path: null },
      [b]: { type: "add", content: "" },
    });
    writeFileSync(a, "one\nTHREE\n");
    writeFileSync(b, "new\n");
    chmodSync(b, 0o755);
    expect(diff.diff()).toBe(
      [
        "diff --git a/b.txt b/b.txt",
        "new file mode 100755",
        `index ${"0".repeat(40)}..${blobOid(Buffer.from("new\n"))}`,
        "--- /dev/null",
        "+++ b/b.txt",
        "@@ -0,0 +1 @@",
        "+new",
        "diff --git a/src/a.txt b/src/a.txt",
        `index ${blobOid(Buffer.from("one\ntwo\n"))}..${blobOid(Buffer.from("one\nTHREE\n"))}`,
        "--- a/src/a.txt",
        "+++ b/src/a.txt",
        "@@ -1,2 +1,2 @@",
        " one",
        "-two",
        "+THREE",
        "",
      ].join("\n"),
    );
  });

  it("a deleted file, a mode change, and a change undone within the turn (no entry)", () => {
    const dir = repo();
    const gone = join(dir, "gone.txt");
    const exe = join(dir, "run.sh");
    const same = join(dir, "same.txt");
    writeFileSync(gone, "bye\n");
    writeFileSync(exe, "echo\n");
    writeFileSync(same, "x\n");
    const diff = new TurnDiff();
    diff.begin({
      [gone]: { type: "delete", content: "bye\n" },
      [exe]: { type: "update", unified_diff: "", move_path: null },
      [same]: { type: "update", unified_diff: "", move_path: null },
    });
    unlinkSync(gone);
    chmodSync(exe, 0o755);
    writeFileSync(same, "y\n");
    writeFileSync(same, "x\n");
    const text = diff.diff();
    expect(text).toContain("diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n");
    expect(text).toContain(
      `index ${blobOid(Buffer.from("bye\n"))}..${"0".repeat(40)}\n--- a/gone.txt\n+++ /dev/null\n`,
    );
    expect(text).toContain("diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\nindex ");
    expect(text).not.toContain("same.txt");
  });
});
