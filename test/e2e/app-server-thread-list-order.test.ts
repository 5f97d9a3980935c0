// thread/list through `codex-ts app-server`: oldest first with `sortDirection: "asc"`, paging either way with
// `nextCursor`, and `backwardsCursor` turning a page around (read with the other direction, it starts at the
// page's first timestamp and includes it).
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { contextLines, metaLine, turnLines, writeRolloutFile } from "../support/rollout-files.js";

const app = useAppServer();

const ids = (page: Json) => (page.data as Json[]).map((t) => t.id as string);

/** Five threads created one minute apart; returns their ids, oldest first. */
function writeThreads(codexHome: string): string[] {
  return [0, 1, 2, 3, 4].map((n) => {
    const createdAt = new Date(Date.UTC(2026, 0, 10, 9, n, 0));
    const id = `0199${n}000-0000-7000-8000-00000000000${n}`;
    const meta = metaLine(id, { timestamp: createdAt.toISOString(), source: "vscode" });
    writeRolloutFile(codexHome, [meta, ...contextLines(), ...turnLines(1, { question: `thread ${n}` })], {
      id,
      createdAt,
    });
    return id;
  });
}

describe("app-server thread/list order and cursors", () => {
  it("lists oldest first with asc, pages both ways, and turns a page around with backwardsCursor", async () => {
    const { home, client } = await app.start();
    const all = writeThreads(home.codexHome);
    const newest = [...all].reverse();

    expect(ids(await client.call("thread/list", {}))).toEqual(newest);
    expect(ids(await client.call("thread/list", { sortDirection: "desc" }))).toEqual(newest);
    expect(ids(await client.call("thread/list", { sortDirection: "asc" }))).toEqual(all);

    // Oldest first, two at a time.
    const a1 = await client.call("thread/list", { sortDirection: "asc", limit: 2 });
    expect(ids(a1)).toEqual(all.slice(0, 2));
    const a2 = await client.call("thread/list", { sortDirection: "asc", limit: 2, cursor: a1.nextCursor });
    expect(ids(a2)).toEqual(all.slice(2, 4));
    const a3 = await client.call("thread/list", { sortDirection: "asc", limit: 2, cursor: a2.nextCursor });
    expect(ids(a3)).toEqual(all.slice(4));
    expect(a3.nextCursor).toBeNull();

    // The second oldest-first page, turned around: newest first from its first thread down.
    expect(typeof a2.backwardsCursor).toBe("string");
    const back = await client.call("thread/list", { sortDirection: "desc", cursor: a2.backwardsCursor });
    expect(ids(back)).toEqual([all[2], all[1], all[0]]);

    // The same from a newest-first page: oldest first from its first thread up.
    const d1 = await client.call("thread/list", { limit: 2 });
    const d2 = await client.call("thread/list", { limit: 2, cursor: d1.nextCursor });
    expect(ids(d2)).toEqual(newest.slice(2, 4));
    const up = await client.call("thread/list", { sortDirection: "asc", cursor: d2.backwardsCursor });
    expect(ids(up)).toEqual(all.slice(2));

    // updated_at pages the same way; an empty page has no backwards cursor.
    const u = await client.call("thread/list", { sortKey: "updated_at", sortDirection: "asc", limit: 5 });
    expect(ids(u).sort()).toEqual([...all].sort());
    const empty = await client.call("thread/list", { archived: true });
    expect(empty).toMatchObject({ data: [], nextCursor: null, backwardsCursor: null });

    // A cursor made for another sort key is refused, and the server keeps answering.
    await expect(
      client.call("thread/list", { sortKey: "updated_at", cursor: a1.nextCursor }),
    ).rejects.toThrow(/cursor was made for sorting by created_at/);
    expect(ids(await client.call("thread/list", { limit: 1 }))).toEqual([newest[0]]);
  });
});
