import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, MemoryStateDb } from "./state-db.js";
import { scratchDir } from "../../../test/support/scratch.js";

const dbPath = () => join(scratchDir("codex-ts-mem-"), "memories.sqlite");
const candidate = (id: string, updatedAt = 1000) => ({
  threadId: id,
  rolloutPath: `/r/${id}`,
  cwd: "/w",
  updatedAt,
});

describe("MemoryStateDb", () => {
  it("holds the pipeline lease for one owner at a time, until released", () => {
    const path = dbPath();
    const a = MemoryStateDb.open(path);
    const b = MemoryStateDb.open(path);
    expect(a.acquireLease("job", 0, 60_000)).toBe(true);
    expect(b.acquireLease("job", 1, 60_000)).toBe(false);
    // An expired lease is taken over.
    expect(b.acquireLease("job", 70_000, 60_000)).toBe(true);
    b.releaseLease("job");
    expect(a.acquireLease("job", 70_001, 60_000)).toBe(true);
    a.close();
    b.close();
  });

  it("claims each thread version once, bounded, and retries failures a few times", () => {
    const db = MemoryStateDb.open(dbPath());
    const all = [candidate("t1"), candidate("t2"), candidate("t3")];
    expect(db.claimStage1(all, 2, 0, 1000).map((c) => c.threadId)).toEqual(["t1", "t2"]);
    // Claimed (live lease) and not yet finished: not claimed again.
    expect(db.claimStage1(all, 5, 1, 1000).map((c) => c.threadId)).toEqual(["t3"]);
    db.finishStage1("t1", {
      status: "done",
      rawMemory: "m1",
      rolloutSummary: "s1",
      rolloutSlug: null,
      at: 5,
    });
    db.finishStage1("t3", { status: "empty", at: 5 });
    db.failStage1("t2", "model error");
    // t1 and t3 are done for this version; t2 failed once and is tried again.
    expect(db.claimStage1(all, 5, 2, 1000).map((c) => c.threadId)).toEqual(["t2"]);
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      db.failStage1("t2", "model error");
      db.claimStage1(all, 5, 3, 1000);
    }
    expect(db.claimStage1(all, 5, 4, 1000)).toEqual([]);
    // Transient failures (network, overloaded server) do not use up the attempts.
    const t4 = [candidate("t4")];
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      expect(db.claimStage1(t4, 5, 4, 1000).map((c) => c.threadId)).toEqual(["t4"]);
      db.failStage1("t4", "connection reset", true);
    }
    // A newer version of a rollout is read again.
    expect(db.claimStage1([candidate("t1", 2000)], 5, 5, 1000).map((c) => c.threadId)).toEqual(["t1"]);
    db.close();
  });

  it("selects the newest memories generated within max_unused_days", () => {
    const db = MemoryStateDb.open(dbPath());
    const day = 86_400_000;
    const now = 100 * day;
    db.claimStage1([candidate("old", 1), candidate("new", 2), candidate("newer", 3)], 5, 0, 1000);
    db.finishStage1("old", {
      status: "done",
      rawMemory: "o",
      rolloutSummary: "o",
      rolloutSlug: null,
      at: now - 40 * day,
    });
    db.finishStage1("new", {
      status: "done",
      rawMemory: "n",
      rolloutSummary: "n",
      rolloutSlug: "x",
      at: now - day,
    });
    db.finishStage1("newer", {
      status: "done",
      rawMemory: "r",
      rolloutSummary: "r",
      rolloutSlug: null,
      at: now,
    });
    expect(db.selectForConsolidation(10, 30, now).map((m) => m.threadId)).toEqual(["newer", "new"]);
    expect(db.selectForConsolidation(1, 30, now).map((m) => m.threadId)).toEqual(["newer"]);
    // Pruning forgets only what is older than the window.
    expect(db.prune(now, 30)).toBe(1);
    expect(db.selectForConsolidation(10, 365, now).map((m) => m.threadId)).toEqual(["newer", "new"]);
    db.close();
  });
});
