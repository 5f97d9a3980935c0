// deleteThread: the files, the index rows (with no catch-up to tidy after it) and the names of a thread
// and its subagent threads; nothing of any other thread.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteThread, ThreadDeleteError } from "./delete-thread.js";
import { ThreadIndex } from "./index.js";
import {
  NAMES_FILE,
  forgetThreadNames,
  readThreadNames,
  setThreadName,
  threadIdsNamed,
} from "./thread-names.js";
import { tempCodexHome, threadLines, writeRolloutFile } from "../../test/support/rollout-files.js";

let home: ReturnType<typeof tempCodexHome>;
beforeEach(() => {
  home = tempCodexHome();
});
afterEach(() => home.cleanup());

function thread(meta: Record<string, unknown> = {}): { id: string; path: string } {
  const id = randomUUID();
  return writeRolloutFile(home.dir, threadLines(id, 1, meta), { id });
}

describe("deleteThread", () => {
  it("removes the thread's and its subagents' files, rows and names", async () => {
    const parent = thread();
    const child = thread({ parent_thread_id: parent.id, source: "subagent" });
    const grandchild = thread({ parent_thread_id: child.id, source: "subagent" });
    const other = thread();
    setThreadName(home.dir, parent.id, "parent");
    setThreadName(home.dir, other.id, "other");
    setThreadName(home.dir, parent.id, "renamed");

    const index = await ThreadIndex.open(home.dir);
    try {
      expect(await deleteThread(home.dir, index, parent.id)).toEqual([parent.id, child.id, grandchild.id]);
      for (const gone of [parent, child, grandchild]) {
        expect(existsSync(gone.path)).toBe(false);
        expect(index.get(gone.id)).toBeUndefined();
      }
      expect(existsSync(other.path)).toBe(true);
      expect(index.get(other.id)?.id).toBe(other.id);
    } finally {
      index.close();
    }
    expect([...readThreadNames(home.dir)]).toEqual([[other.id, "other"]]);
    // What a fresh open finds agrees: nothing was left for a catch-up to repair.
    const reopened = await ThreadIndex.open(home.dir, { catchUp: false });
    try {
      expect(reopened.count()).toBe(1);
    } finally {
      reopened.close();
    }
  });

  it("a failed unlink part way: what went is forgotten (names, state), the rest is kept", async () => {
    const parent = thread();
    const child = thread({ parent_thread_id: parent.id, source: "subagent" });
    const stuck = thread({ parent_thread_id: child.id, source: "subagent" });
    for (const t of [parent, child, stuck]) setThreadName(home.dir, t.id, `name ${t.id}`);
    const keyed = Object.fromEntries([parent, child, stuck].map((t) => [t.id, { goal: { objective: "x" } }]));
    writeFileSync(join(home.dir, "thread_metadata.json"), JSON.stringify(keyed));
    const index = await ThreadIndex.open(home.dir);
    // A folder where the grandchild's file was: unlink fails (EISDIR), even for root.
    rmSync(stuck.path);
    mkdirSync(stuck.path);
    writeFileSync(join(stuck.path, "keep"), "");
    try {
      const failure = await deleteThread(home.dir, index, parent.id).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ThreadDeleteError);
      expect((failure as ThreadDeleteError).message).toContain(parent.id);
      expect((failure as ThreadDeleteError).deleted).toEqual([parent.id, child.id]);
      expect(existsSync(parent.path) || existsSync(child.path)).toBe(false);
    } finally {
      index.close();
    }
    expect([...readThreadNames(home.dir).keys()]).toEqual([stuck.id]);
    const metadata = JSON.parse(readFileSync(join(home.dir, "thread_metadata.json"), "utf8")) as object;
    expect(Object.keys(metadata)).toEqual([stuck.id]);
  });

  it("an unknown id is an error and changes nothing", async () => {
    const kept = thread();
    const index = await ThreadIndex.open(home.dir);
    try {
      await expect(deleteThread(home.dir, index, randomUUID())).rejects.toBeInstanceOf(ThreadDeleteError);
      expect(index.count()).toBe(1);
      expect(existsSync(kept.path)).toBe(true);
    } finally {
      index.close();
    }
  });
});

describe("thread names", () => {
  it("finds every thread ever given a name, the latest first, and forgets a thread's lines", () => {
    const [a, b] = [randomUUID(), randomUUID()];
    setThreadName(home.dir, a, "shared");
    setThreadName(home.dir, b, "shared");
    setThreadName(home.dir, b, "b now");
    expect(threadIdsNamed(home.dir, "shared")).toEqual([b, a]);
    expect(threadIdsNamed(home.dir, "SHARED")).toEqual([]);

    // A torn line is kept as it was: only the deleted thread's lines go.
    const path = join(home.dir, NAMES_FILE);
    writeFileSync(path, `${readFileSync(path, "utf8")}{"torn`);
    forgetThreadNames(home.dir, [b.toUpperCase()]);
    const lines = readFileSync(path, "utf8").split("\n");
    expect(lines.filter((l) => l.includes(b))).toEqual([]);
    expect(lines.filter((l) => l.includes(a))).toHaveLength(1);
    expect(lines).toContain('{"torn');
    expect(threadIdsNamed(home.dir, "shared")).toEqual([a]);
  });

  it("keeps a name appended while the file is rewritten, and drops one of a forgotten thread", () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    setThreadName(home.dir, a, "a");
    setThreadName(home.dir, b, "b");
    forgetThreadNames(home.dir, [b], () => {
      // Another process names threads between the read and the rename.
      setThreadName(home.dir, c, "c");
      setThreadName(home.dir, b, "b again");
    });
    expect([...readThreadNames(home.dir)]).toEqual([
      [a, "a"],
      [c, "c"],
    ]);
    setThreadName(home.dir, c, "c later");
    expect(readThreadNames(home.dir).get(c)).toBe("c later");
  });
});
