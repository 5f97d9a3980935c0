import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  journalDirFor,
  recoverInterruptedPatches,
  stagedPathFor,
  writeJournal,
  type PatchJournal,
} from "./patch-journal.js";
import { scratchDir } from "../../../test/support/scratch.js";

const root = scratchDir("patch-journal-test-");
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A workspace with a.txt (old) about to become new, b.txt about to be deleted, new/c.txt to be created. */
function halfDone(state: PatchJournal["state"], pid = 2 ** 22 + 1) {
  const dir = join(root, String(n++));
  const ws = join(dir, "ws");
  const home = join(dir, "home");
  mkdirSync(join(ws, "new"), { recursive: true });
  writeFileSync(join(ws, "a.txt"), "old\n");
  writeFileSync(join(ws, "b.txt"), "old\n");
  const stagedA = stagedPathFor(join(ws, "a.txt"), "j1", 0);
  const stagedC = stagedPathFor(join(ws, "new", "c.txt"), "j1", 1);
  writeFileSync(stagedA, "new\n");
  writeFileSync(stagedC, "new\n");
  const journal: PatchJournal = {
    version: 1,
    id: "j1",
    pid,
    startedAt: "2026-01-01T00:00:00.000Z",
    state,
    files: [
      { target: join(ws, "a.txt"), staged: stagedA },
      { target: join(ws, "b.txt"), staged: null },
      { target: join(ws, "new", "c.txt"), staged: stagedC },
    ],
    createdDirs: [join(ws, "new")],
  };
  writeJournal(journalDirFor(home), journal);
  return { ws, home };
}

describe("recoverInterruptedPatches", () => {
  it("committing: finishes every rename and removal, and says so", async () => {
    const { ws, home } = halfDone("committing");
    const reports = await recoverInterruptedPatches(home);
    expect(reports.map((r) => r.outcome)).toEqual(["finished"]);
    expect(reports[0]?.message).toMatch(/finished a patch interrupted at 2026-01-01.*3 file/);
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("new\n");
    expect(existsSync(join(ws, "b.txt"))).toBe(false);
    expect(readFileSync(join(ws, "new", "c.txt"), "utf8")).toBe("new\n");
    expect(readdirSync(ws).filter((f) => f.startsWith(".codex-patch"))).toEqual([]);
    expect(readdirSync(journalDirFor(home))).toEqual([]);
  });

  it("staging: removes the staged files and the directories it made, leaving the old files", async () => {
    const { ws, home } = halfDone("staging");
    const reports = await recoverInterruptedPatches(home);
    expect(reports.map((r) => r.outcome)).toEqual(["rolled back"]);
    expect(readdirSync(ws).sort()).toEqual(["a.txt", "b.txt"]);
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("old\n");
  });

  it("leaves alone the journal of a process that is still running", async () => {
    const { ws, home } = halfDone("committing", process.ppid);
    expect(await recoverInterruptedPatches(home)).toEqual([]);
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("old\n");
  });

  it("reports an unreadable journal and keeps it", async () => {
    const home = join(root, "bad-home");
    mkdirSync(journalDirFor(home), { recursive: true });
    writeFileSync(join(journalDirFor(home), "x.json"), "{not json");
    const [report] = await recoverInterruptedPatches(home);
    expect(report?.outcome).toBe("unreadable");
    expect(existsSync(join(journalDirFor(home), "x.json"))).toBe(true);
  });

  it("no journal directory: nothing to do", async () => {
    expect(await recoverInterruptedPatches(join(root, "missing"))).toEqual([]);
  });
});
