// FinderSearch: one search at a time, only the latest query waiting behind it, the last matches kept shown.
import { describe, expect, it } from "vitest";
import type { FuzzyMatch } from "../../../files/fuzzy.js";
import { FinderSearch, type FinderSnapshot } from "./finder-search.js";

/** A search whose answers the test releases one by one. */
function controlled() {
  const asked: string[] = [];
  const pending: Array<{ query: string; answer: (m: FuzzyMatch[]) => void; fail: () => void }> = [];
  const search = (query: string) =>
    new Promise<readonly FuzzyMatch[]>((resolve, reject) => {
      asked.push(query);
      pending.push({ query, answer: resolve, fail: () => reject(new Error("unreadable")) });
    });
  const match = (text: string): FuzzyMatch => ({ text, score: 1, indices: [] });
  const seen: FinderSnapshot[] = [];
  const finder = new FinderSearch({ search, onChange: (s) => seen.push(s) });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { asked, pending, match, seen, finder, settle };
}

describe("FinderSearch", () => {
  it("runs one search at a time; keys typed meanwhile leave only the latest query waiting", async () => {
    const { asked, pending, match, finder, settle } = controlled();
    finder.request("m");
    expect(finder.current.searching).toBe(true);
    finder.request("me");
    finder.request("mem");
    expect(asked).toEqual(["m"]);
    pending.shift()?.answer([match("src/m.ts")]);
    await settle();
    // The first search's matches are shown while the latest query's search runs.
    expect(finder.current).toEqual({ found: { query: "m", matches: [match("src/m.ts")] }, searching: true });
    expect(asked).toEqual(["m", "mem"]);
    pending.shift()?.answer([match("mem.ts")]);
    await settle();
    expect(finder.current).toEqual({ found: { query: "mem", matches: [match("mem.ts")] }, searching: false });
  });

  it("searches the same query again only when asked to (a turn ended), or after the finder closed", async () => {
    const { asked, pending, finder, settle } = controlled();
    finder.request("a");
    pending.shift()?.answer([]);
    await settle();
    finder.request("a");
    expect(asked).toEqual(["a"]);
    finder.request("a", true);
    pending.shift()?.answer([]);
    await settle();
    finder.forget();
    finder.request("a");
    expect(asked).toEqual(["a", "a", "a"]);
  });

  it("shows a new @ word none of the last word's matches while its own search runs", async () => {
    const { pending, match, finder, settle } = controlled();
    finder.request("old");
    pending.shift()?.answer([match("old.ts")]);
    await settle();
    finder.forget();
    finder.request("new");
    expect(finder.current).toEqual({ searching: true });
  });

  it("counts a failed search as no match, and searches nothing for an empty query", async () => {
    const { asked, pending, finder, settle } = controlled();
    finder.request("zz");
    pending.shift()?.fail();
    await settle();
    expect(finder.current).toEqual({ found: { query: "zz", matches: [] }, searching: false });
    finder.request("");
    expect(asked).toEqual(["zz"]);
    expect(finder.current).toEqual({ found: { query: "", matches: [] }, searching: false });
  });

  it("tells when a query's matches are known: at once for the last search's, else once its search lands", async () => {
    const { asked, pending, match, finder, settle } = controlled();
    finder.request("m");
    let known = false;
    void finder.whenFound("mem").then(() => (known = true));
    pending.shift()?.answer([match("src/m.ts")]);
    await settle();
    expect([known, asked]).toEqual([false, ["m", "mem"]]);
    pending.shift()?.answer([match("mem.ts")]);
    await settle();
    expect(known).toBe(true);
    await finder.whenFound("mem");
    // Closing the finder ends a wait too: there is nothing left to insert.
    const closed = finder.whenFound("zz");
    finder.forget();
    await closed;
  });
});
