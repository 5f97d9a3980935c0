// A running app-server's thread/list sees rollouts another process wrote into the same CODEX_HOME after
// the server built its thread index (the real Codex sharing the home, or a copied-in session), and sees
// that process archive one. A page sorted by creation time is caught up with its own day folders before
// the answer, so changes anywhere in a long history show on the page they belong to.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { archivedDir, rolloutPath } from "../../src/rollout/paths.js";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { REAL_CODEX_FIXTURE, threadLines, writeRolloutFile } from "../support/rollout-files.js";

const app = useAppServer();

/** Runs a small script in a separate node process (another writer of the same home). */
function otherProcess(script: string, ...args: string[]): void {
  execFileSync(process.execPath, ["--input-type=module", "-e", script, ...args], { timeout: 30_000 });
}

const COPY = `import { copyFileSync, mkdirSync } from "node:fs";
const [from, to, dir] = process.argv.slice(1);
mkdirSync(dir, { recursive: true });
copyFileSync(from, to);`;
const MOVE = `import { mkdirSync, renameSync } from "node:fs";
const [from, to, dir] = process.argv.slice(1);
mkdirSync(dir, { recursive: true });
renameSync(from, to);`;

const ids = (page: Json) => (page.data as Json[]).map((t) => t.id);

describe("app-server thread index", () => {
  it("lists a rollout another process wrote after the index was built, and notices it being archived", async () => {
    const { home, client } = await app.start();
    expect(ids(await client.call("thread/list", {}))).toEqual([]); // builds the index

    const id = "01a2022c-4e14-7020-81d0-da7c0d084d6f";
    const path = rolloutPath(home.codexHome, id, new Date(2026, 10, 22, 7, 33, 7));
    otherProcess(COPY, REAL_CODEX_FIXTURE, path, dirname(path));
    const listed = await client.call("thread/list", {});
    expect(ids(listed)).toEqual([id]);
    expect((listed.data as Json[])[0]).toMatchObject({ preview: "say hi", cwd: "/tmp/obs" });

    const archived = join(archivedDir(home.codexHome), basename(path));
    otherProcess(MOVE, path, archived, dirname(archived));
    expect(ids(await client.call("thread/list", {}))).toEqual([]);
    expect(ids(await client.call("thread/list", { archived: true }))).toEqual([id]);
  });

  it("keeps every page of a long history right as another process adds, removes and unarchives threads", async () => {
    const { home } = await app.startModel();
    /** A thread created at `hour` (local time) `daysAgo` days ago, written outside the server. */
    const write = (daysAgo: number, hour = 12): { id: string; path: string } => {
      const id = randomUUID();
      const createdAt = new Date();
      createdAt.setHours(hour, 0, 0, 0);
      createdAt.setDate(createdAt.getDate() - daysAgo);
      const lines = threadLines(id, 1, { timestamp: createdAt.toISOString() });
      return writeRolloutFile(home.codexHome, lines, { id, createdAt });
    };
    // Newest first: one thread a day over 40 days, one of them archived.
    const threads = Array.from({ length: 40 }, (_, i) => write(i + 1));
    const archived = threads[30]!;
    mkdirSync(archivedDir(home.codexHome), { recursive: true });
    const archivedPath = join(archivedDir(home.codexHome), basename(archived.path));
    renameSync(archived.path, archivedPath);
    const client = await app.spawn(home);

    const everyPage = async (): Promise<unknown[]> => {
      const seen: unknown[] = [];
      let cursor: unknown = null;
      do {
        const page = await client.call("thread/list", { limit: 5, ...(cursor ? { cursor } : {}) });
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    let expected = threads.filter((t) => t !== archived).map((t) => t.id);
    expect(await everyPage()).toEqual(expected);

    // Today's thread, one on the first page removed, one written into an old day folder, the archived
    // one moved back into its day folder (what unarchive does).
    const today = write(0);
    rmSync(threads[1]!.path);
    const old = write(25, 18);
    renameSync(archivedPath, archived.path);
    expected = [today.id, ...threads.map((t) => t.id)].filter((id) => id !== threads[1]!.id);
    expected.splice(expected.indexOf(threads[24]!.id), 0, old.id);
    const first = await client.call("thread/list", { limit: 5 });
    expect(ids(first)).toEqual(expected.slice(0, 5));
    expect(await everyPage()).toEqual(expected);
    expect(ids(await client.call("thread/list", { archived: true }))).toEqual([]);

    // The index removed behind the server's back (another process rebuilding it): reopened and rebuilt.
    rmSync(join(home.codexHome, "threads.sqlite"));
    expect(await everyPage()).toEqual(expected);
    expect(existsSync(join(home.codexHome, "threads.sqlite"))).toBe(true);
  });
});
