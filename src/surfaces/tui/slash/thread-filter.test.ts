// The /resume picker's fuzzy filter: best match first, with the matched positions to highlight.
import { describe, expect, it } from "vitest";
import type { ThreadChoice } from "./thread-choices.js";
import { filterThreads } from "./thread-filter.js";

const thread = (preview: string, i: number): ThreadChoice => ({
  id: `t${i}`,
  path: `/s/${i}.jsonl`,
  preview,
  cwd: "/w",
  updatedAt: 100 - i,
});
const threads = ["rename the config loader", "fix\nthe   cache", "Cache eviction policy", "docs"].map(thread);

describe("filterThreads", () => {
  it("keeps every thread, in order, for an empty query", () => {
    expect(filterThreads(threads, " ").map((m) => m.thread.id)).toEqual(["t0", "t1", "t2", "t3"]);
  });

  it("ranks word-start matches first and gives the positions in the one-line preview", () => {
    const matches = filterThreads(threads, "cache");
    expect(matches.map((m) => m.thread.id).sort()).toEqual(["t1", "t2"]);
    const fix = matches.find((m) => m.thread.id === "t1");
    expect(fix?.line).toBe("fix the cache");
    expect(fix?.indices).toEqual([8, 9, 10, 11, 12]);
    expect(filterThreads(threads, "cfg ldr").map((m) => m.thread.id)).toEqual(["t0"]);
    expect(filterThreads(threads, "zzz")).toEqual([]);
    expect(filterThreads(threads, "rcl")[0]?.thread.id).toBe("t0");
  });
});
