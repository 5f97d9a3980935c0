// The `@` finder's refresh policy: when an ask reads the files again, one read at a time (one more queued),
// the old list shown meanwhile, and a real directory's new and deleted files seen on the next `@`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../../files/file-list.js";
import {
  FileListCache,
  needsRead,
  REREAD_WHILE_TYPING_MS,
  type FileListSnapshot,
} from "./file-list-cache.js";

describe("needsRead (the refresh policy)", () => {
  const fresh = { hasList: true, readStartedAt: 10_000, invalidated: false };
  it.each([
    ["no list yet, typing", { hasList: false, invalidated: false }, "typing", 0, true],
    ["the finder opens on a fresh list", fresh, "open", 10_001, true],
    ["typing on a fresh list", fresh, "typing", 10_000 + REREAD_WHILE_TYPING_MS - 1, false],
    ["typing once the list is old", fresh, "typing", 10_000 + REREAD_WHILE_TYPING_MS, true],
    ["typing after a turn ended", { ...fresh, invalidated: true }, "typing", 10_001, true],
  ] as const)("%s -> %s", (_name, freshness, ask, now, expected) => {
    expect(needsRead(freshness, ask, now)).toBe(expected);
  });
});

/** A FileListCache over a fake lister whose reads the test ends by hand, on a clock the test moves. */
function harness() {
  const reads: Array<(files: string[]) => void> = [];
  const seen: FileListSnapshot[] = [];
  const clock = { now: 0 };
  const cache = new FileListCache({
    list: () => new Promise<string[]>((resolve) => reads.push(resolve)),
    onChange: (snapshot) => seen.push(snapshot),
    now: () => clock.now,
  });
  const land = async (files: string[]) => {
    reads.shift()?.(files);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { cache, reads, seen, clock, land };
}

describe("FileListCache", () => {
  it("reads when the finder opens, keeps showing the old list meanwhile, and swaps the new one in", async () => {
    const { cache, reads, seen, clock, land } = harness();
    cache.request("open");
    expect(cache.current).toEqual({ reading: true });
    await land(["a.ts"]);
    expect(cache.current).toEqual({ files: ["a.ts"], reading: false });

    clock.now = 100;
    cache.request("typing");
    expect(reads).toHaveLength(0);
    cache.request("open");
    expect(cache.current).toEqual({ files: ["a.ts"], reading: true });
    await land(["a.ts", "new.ts"]);
    expect(cache.current).toEqual({ files: ["a.ts", "new.ts"], reading: false });
    expect(seen.map((s) => s.reading)).toEqual([true, false, true, false]);
  });

  it("reads again while typing only once the list is old, or after a turn ended", async () => {
    const { cache, reads, clock, land } = harness();
    cache.request("open");
    await land(["a.ts"]);
    clock.now = REREAD_WHILE_TYPING_MS - 1;
    cache.request("typing");
    expect(reads).toHaveLength(0);
    cache.invalidate();
    cache.request("typing");
    expect(reads).toHaveLength(1);
    await land(["a.ts", "made-by-the-turn.ts"]);
    cache.request("typing");
    expect(reads).toHaveLength(0);
    clock.now += REREAD_WHILE_TYPING_MS;
    cache.request("typing");
    expect(reads).toHaveLength(1);
  });

  it("runs one read at a time and one more after it for asks that came during it", async () => {
    const { cache, reads, seen, land } = harness();
    cache.request("open");
    cache.request("open");
    cache.request("open");
    expect(reads).toHaveLength(1);
    await land(["a.ts"]);
    // The queued read starts at once; the list is shown, still marked as being read.
    expect(reads).toHaveLength(1);
    expect(cache.current).toEqual({ files: ["a.ts"], reading: true });
    await land(["a.ts", "b.ts"]);
    expect(reads).toHaveLength(0);
    expect(seen).toEqual([
      { reading: true },
      { files: ["a.ts"], reading: true },
      { files: ["a.ts", "b.ts"], reading: false },
    ]);
  });

  it("typing during a read waits for it; an open, or a turn ending, during it queues one more", async () => {
    const { cache, reads, land } = harness();
    cache.request("open");
    cache.request("typing");
    cache.request("typing");
    await land(["a.ts"]);
    expect(reads).toHaveLength(0);
    cache.request("open");
    cache.invalidate();
    cache.request("typing");
    await land(["a.ts"]);
    expect(reads).toHaveLength(1);
  });

  it("a turn ending during a read makes the next ask read again (the read may have started too early)", async () => {
    const { cache, reads, land } = harness();
    cache.request("open");
    cache.invalidate();
    await land(["a.ts"]);
    cache.request("typing");
    expect(reads).toHaveLength(1);
  });

  it("keeps the same list object when a read finds the same files, and the old list when a read fails", async () => {
    const seen: FileListSnapshot[] = [];
    let fail = false;
    const cache = new FileListCache({
      list: () => (fail ? Promise.reject(new Error("rg died")) : Promise.resolve(["a.ts"])),
      onChange: (snapshot) => seen.push(snapshot),
    });
    const settled = async () => {
      for (let i = 0; i < 4; i++) await Promise.resolve();
    };
    cache.request("open");
    await settled();
    const first = cache.current.files;
    cache.request("open");
    await settled();
    expect(cache.current.files).toBe(first);
    fail = true;
    cache.request("open");
    await settled();
    expect(cache.current).toEqual({ files: ["a.ts"], reading: false });
    expect(cache.current.files).toBe(first);
  });

  it("sees files created and deleted in a real directory (.gitignore still honoured) on the next open", async () => {
    const dir = mkdtempSync(join(tmpdir(), "codex-ts-finder-"));
    mkdirSync(join(dir, ".git"));
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, ".gitignore"), "dist/\n");
    writeFileSync(join(dir, "src", "old.ts"), "x");
    const landed: Array<() => void> = [];
    const cache = new FileListCache({
      list: () => listFiles(dir, ["git", "walk"]),
      onChange: (snapshot) => {
        if (!snapshot.reading) landed.shift()?.();
      },
    });
    const open = () =>
      new Promise<readonly string[] | undefined>((resolve) => {
        landed.push(() => resolve(cache.current.files));
        cache.request("open");
      });
    expect(await open()).toEqual([".gitignore", "src/old.ts"]);
    writeFileSync(join(dir, "src", "new.ts"), "x");
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist", "built.js"), "x");
    rmSync(join(dir, "src", "old.ts"));
    expect(await open()).toEqual([".gitignore", "src/new.ts"]);
  });
});
