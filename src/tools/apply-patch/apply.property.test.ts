// Property: a patch generated from any edit of any file, applied to that file, reproduces the edit.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { applyPatch } from "./apply.js";
import { parsePatch } from "./parse.js";
import { makeWorkspace, removeWorkspaces } from "./test-workspace.js";
import type { DiffOp } from "./unified-diff.js";
import { diffLines } from "./unified-diff.js";

afterAll(removeWorkspaces);

const CONTEXT = 3;

// Lines never contain line breaks, and never look like a `***` marker (which context cannot express).
const lineArb = fc.string({ maxLength: 12 }).filter((s) => !/[\r\n]/.test(s) && !s.trim().startsWith("***"));

interface LineEdit {
  action: "keep" | "delete" | "replace";
  replacement: string;
  insertBefore: string[];
}

const editArb: fc.Arbitrary<LineEdit> = fc.record({
  action: fc.constantFrom<LineEdit["action"]>("keep", "keep", "keep", "delete", "replace"),
  replacement: lineArb,
  insertBefore: fc.array(lineArb, { maxLength: 2 }),
});

// Original lines are unique, so every chunk has exactly one place where it belongs.
const caseArb = fc
  .uniqueArray(lineArb, { maxLength: 40 })
  .chain((lines) =>
    fc.tuple(
      fc.constant(lines),
      fc.array(editArb, { minLength: lines.length + 1, maxLength: lines.length + 1 }),
    ),
  );

function edit(lines: readonly string[], edits: readonly LineEdit[]): string[] {
  const out: string[] = [];
  edits.forEach((e, i) => {
    out.push(...e.insertBefore);
    const line = lines[i];
    if (line === undefined) return;
    if (e.action === "keep") out.push(line);
    else if (e.action === "replace") out.push(e.replacement);
  });
  return out;
}

/** Codex patch text for old → new: one chunk per group of nearby changes, with up to 3 context lines. */
function makePatch(path: string, oldLines: readonly string[], newLines: readonly string[]): string {
  const ops = diffLines(oldLines, newLines);
  const out = ["*** Begin Patch", `*** Update File: ${path}`];
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i]?.type === "equal") i++;
    if (i >= ops.length) break;
    let last = i;
    for (let j = i; j < ops.length && j - last <= 2 * CONTEXT; j++) if (ops[j]?.type !== "equal") last = j;
    const group = ops.slice(Math.max(0, i - CONTEXT), Math.min(ops.length, last + 1 + CONTEXT));
    out.push("@@", ...group.map((op) => diffLine(op, oldLines, newLines)));
    const lastOld = [...group].reverse().find((op) => op.type !== "insert");
    if (lastOld && lastOld.oldIndex === oldLines.length - 1) out.push("*** End of File");
    i = last + 1;
  }
  out.push("*** End Patch");
  return out.join("\n");
}

function diffLine(op: DiffOp, oldLines: readonly string[], newLines: readonly string[]): string {
  if (op.type === "insert") return `+${newLines[op.newIndex]}`;
  return `${op.type === "equal" ? " " : "-"}${oldLines[op.oldIndex]}`;
}

const asFile = (lines: readonly string[]) => (lines.length === 0 ? "" : `${lines.join("\n")}\n`);

describe("applyPatch property", () => {
  it("reproduces a random edit of a random file", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ([lines, edits]) => {
        const edited = edit(lines, edits);
        fc.pre(edited.join("\n") !== lines.join("\n"));
        const ws = makeWorkspace({ "file.txt": asFile(lines) });
        try {
          await applyPatch(parsePatch(makePatch("file.txt", lines, edited)), { cwd: ws.dir });
          expect(ws.read("file.txt")).toBe(asFile(edited));
        } finally {
          ws.remove();
        }
      }),
      { numRuns: 200 },
    );
  });
});
