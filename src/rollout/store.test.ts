import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ThreadIndex } from "./index.js";
import { archivedDir, datedSessionsDir } from "./paths.js";
import { ThreadStore, ThreadStoreError } from "./store.js";
import { tempCodexHome, threadLines, writeRolloutFile } from "../../test/support/rollout-files.js";

const ID = "0199a3b4-1111-7222-8333-944455556666";
const CREATED = new Date(2025, 2, 4, 5, 6, 7);

let home: ReturnType<typeof tempCodexHome>;
beforeEach(() => {
  home = tempCodexHome();
});
afterEach(() => home.cleanup());

async function expectStoreError(promise: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ThreadStoreError);
  expect((error as ThreadStoreError).code).toBe(code);
  expect((error as ThreadStoreError).message).toMatch(message);
}

describe("ThreadStore", () => {
  it("archives a thread and unarchives it to its dated path with the exact same bytes", async () => {
    const { path } = writeRolloutFile(home.dir, threadLines(ID, 2), { id: ID, createdAt: CREATED });
    // Bytes the reader would not reproduce (spacing, a torn tail) must survive untouched.
    writeFileSync(path, readFileSync(path, "utf8") + '{"odd":  "spacing"}\n{"torn');
    const original = readFileSync(path);
    const store = new ThreadStore(home.dir);

    const archivedPath = await store.archive(ID);
    expect(archivedPath).toBe(join(archivedDir(home.dir), basename(path)));
    expect(existsSync(path)).toBe(false);
    expect(await store.findPathById(ID)).toEqual({ path: archivedPath, archived: true });

    // The dated folder may be gone by then; unarchive recreates it.
    home.cleanup();
    await mkdir(archivedDir(home.dir), { recursive: true });
    writeFileSync(archivedPath, original);

    const restored = await store.unarchive(ID);
    expect(restored).toBe(path);
    expect(restored.startsWith(datedSessionsDir(home.dir, CREATED))).toBe(true);
    expect(readFileSync(restored).equals(original)).toBe(true);
    expect(existsSync(archivedPath)).toBe(false);
    expect(await store.findPathById(ID)).toEqual({ path, archived: false });
  });

  it("gives clear errors for unknown, invalid, already archived and not archived threads", async () => {
    const store = new ThreadStore(home.dir);
    await expectStoreError(
      store.unarchive(ID),
      "thread_not_found",
      new RegExp(`no rollout found for thread ${ID}`),
    );
    await expectStoreError(store.archive(ID), "thread_not_found", /no rollout found/);
    await expectStoreError(store.unarchive("../../etc/passwd"), "invalid_thread_id", /expected a UUID/);

    writeRolloutFile(home.dir, threadLines(ID, 1), { id: ID, createdAt: CREATED });
    await expectStoreError(store.unarchive(ID), "not_archived", new RegExp(`thread ${ID} is not archived`));
    await store.archive(ID);
    await expectStoreError(store.archive(ID), "already_archived", /already archived/);
  });

  it("uses and updates the index when it has one", async () => {
    const { path } = writeRolloutFile(home.dir, threadLines(ID, 1), { id: ID, createdAt: CREATED });
    const index = await ThreadIndex.open(home.dir);
    const store = new ThreadStore(home.dir, index);
    expect(await store.findPathById(ID)).toEqual({ path, archived: false });

    const archivedPath = await store.archive(ID);
    expect(index.get(ID)).toMatchObject({ path: archivedPath, archived: true });
    expect(index.list().items).toEqual([]);
    expect(index.list({ archived: true }).items.map((t) => t.id)).toEqual([ID]);

    await store.unarchive(ID);
    expect(index.get(ID)).toMatchObject({ path, archived: false });
    index.close();
  });

  it("falls back to scanning when the index points at a file that moved", async () => {
    const index = await ThreadIndex.open(home.dir);
    const { path } = writeRolloutFile(home.dir, threadLines(ID, 1), { id: ID, createdAt: CREATED });
    index.refreshFromFile(path, false);
    index.markArchived(ID, false, join(home.dir, "elsewhere.jsonl"));
    expect(await new ThreadStore(home.dir, index).findPathById(ID)).toEqual({ path, archived: false });
    index.close();
  });
});
