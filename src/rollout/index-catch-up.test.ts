// The index catching up with rollout folders changed behind its back, and the rebuild of a damaged index
// found at open (src/surfaces/threads/locate.test.ts: damage found by a later query).
import { randomUUID } from "node:crypto";
import { mkdirSync, openSync, renameSync, rmSync, statSync, utimesSync, writeSync, closeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { daySpan, rolloutFolders } from "./folders.js";
import { INDEX_FILE_NAME, ThreadIndex } from "./index.js";
import { archivedDir } from "./paths.js";
import { tempCodexHome, threadLines, writeRolloutFile } from "../../test/support/rollout-files.js";

let home: ReturnType<typeof tempCodexHome>;
let index: ThreadIndex | undefined;
beforeEach(() => {
  home = tempCodexHome();
});
afterEach(() => {
  index?.close();
  index = undefined;
  home.cleanup();
});

const DAY = new Date(2025, 5, 1, 10, 0, 0);
let clock = Date.now() - 3_600_000;

/** Gives a folder an mtime of its own in the past (outside the window in which folders are always re-read). */
function age(dir: string): void {
  clock += 1_000;
  utimesSync(dir, new Date(clock), new Date(clock));
}

function writeThread(minute: number): { id: string; path: string } {
  const id = randomUUID();
  const { path } = writeRolloutFile(home.dir, threadLines(id, 1), {
    id,
    createdAt: new Date(DAY.getTime() + minute * 60_000),
  });
  age(dirname(path));
  return { id, path };
}

const ids = (idx: ThreadIndex, archived = false) =>
  idx
    .list({ archived, limit: 100 })
    .items.map((t) => t.id)
    .sort();

describe("ThreadIndex catch-up", () => {
  it("notices files created, moved and removed by another writer since the index was built", async () => {
    const a = writeThread(1);
    const b = writeThread(2);
    const c = writeThread(3);
    index = await ThreadIndex.open(home.dir);
    expect(index.openOutcome).toBe("missing");
    index.close();

    // Nothing changed: the reopened index reads no folder.
    index = await ThreadIndex.open(home.dir);
    expect(await index.catchUp()).toBe(0);
    index.close();

    // Another writer: a new thread in the same day folder, one archived (moved), one deleted.
    const d = writeThread(4);
    mkdirSync(archivedDir(home.dir), { recursive: true });
    renameSync(b.path, join(archivedDir(home.dir), basename(b.path)));
    rmSync(c.path);
    age(dirname(a.path));
    age(archivedDir(home.dir));
    const other = new Date(2025, 6, 9, 8, 0, 0);
    const e = randomUUID();
    const { path: ePath } = writeRolloutFile(home.dir, threadLines(e, 1), { id: e, createdAt: other });
    age(dirname(ePath));

    index = await ThreadIndex.open(home.dir);
    expect(index.openOutcome).toBe("existing");
    expect(ids(index)).toEqual([a.id, d.id, e].sort());
    expect(ids(index, true)).toEqual([b.id]);
    expect(index.get(b.id)?.path).toBe(join(archivedDir(home.dir), basename(b.path)));
    expect(index.count()).toBe(4);

    // A whole day folder removed: its rows go.
    rmSync(dirname(ePath), { recursive: true });
    index.close();
    index = await ThreadIndex.open(home.dir);
    expect(ids(index)).toEqual([a.id, d.id].sort());
  });

  it("re-reads a folder changed within the last moments at every open, since its mtime may not move again", async () => {
    const a = writeThread(1);
    utimesSync(dirname(a.path), new Date(), new Date());
    index = await ThreadIndex.open(home.dir);
    index.close();
    const before = statSync(dirname(a.path)).mtimeMs;
    const b = writeThread(2);
    // The same mtime as when the index was built, as a file created in the same clock tick would leave it.
    utimesSync(dirname(b.path), new Date(before), new Date(before));
    index = await ThreadIndex.open(home.dir);
    expect(ids(index)).toEqual([a.id, b.id].sort());
  });

  it("catches up with the day folders of a span only, and reads each folder once across calls", async () => {
    /** A thread created on June `day` at 10:00 local time, its session_meta agreeing. */
    const onDay = (day: number): { id: string; path: string } => {
      const id = randomUUID();
      const createdAt = new Date(2025, 5, day, 10, 0, 0);
      const lines = threadLines(id, 1, { timestamp: createdAt.toISOString() });
      const { path } = writeRolloutFile(home.dir, lines, { id, createdAt });
      age(dirname(path));
      return { id, path };
    };
    const june1 = onDay(1);
    const june10 = onDay(10);
    const june20 = onDay(20);
    index = await ThreadIndex.open(home.dir);

    // Another writer: a thread added on June 20 and on June 10, June 1's removed.
    const late = onDay(20);
    const middle = onDay(10);
    rmSync(june1.path);
    age(dirname(june1.path));

    const looked = new Set<string>();
    // A page reaching back to June 19 (local dates are within a day of UTC's, so the span starts June 18).
    const span = daySpan(Date.UTC(2025, 5, 19, 12), undefined);
    expect(span).toEqual({ first: "2025-06-18" });
    expect([...rolloutFolders(home.dir, span).keys()]).toEqual([dirname(june20.path)]);
    expect(await index.catchUpFolders(span, looked)).toBe(1);
    expect(ids(index)).toEqual([june1.id, june10.id, june20.id, late.id].sort());
    expect(await index.catchUpFolders(span, looked)).toBe(0);
    // Widened to every folder: only the two not read yet are.
    expect(await index.catchUpFolders({}, looked)).toBe(2);
    expect(ids(index)).toEqual([june10.id, middle.id, june20.id, late.id].sort());
    expect(await index.catchUp()).toBe(0);
    expect(daySpan(Date.UTC(2025, 5, 10, 23), Date.UTC(2025, 5, 12, 1))).toEqual({
      first: "2025-06-09",
      last: "2025-06-13",
    });
  });

  /** Builds an index of 30 threads, then writes garbage over `length` bytes from `offset` of its file. */
  async function damagedIndex(offset: number, length?: number): Promise<string[]> {
    const threads = Array.from({ length: 30 }, (_, i) => writeThread(i).id);
    index = await ThreadIndex.open(home.dir);
    index.close();
    index = undefined;
    const file = join(home.dir, INDEX_FILE_NAME);
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(offset + 4096);
    const n = length ?? size - offset;
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(n, 0xa5), 0, n, offset);
    closeSync(fd);
    return threads.sort();
  }

  it("rebuilds at open an index whose pages are damaged (there is no integrity check of the whole file)", async () => {
    const threads = await damagedIndex(4096); // every page but the header and schema
    index = await ThreadIndex.open(home.dir);
    expect(index.openOutcome).toBe("corrupt");
    expect(ids(index)).toEqual(threads);
  });
});
