// thread/list by `recency_at` (last activity) and by `section_position` (the order thread/section/move
// gave a section), through `codex-ts app-server`, with cursors paging both ways, as Codex 0.169 lists them.
import { utimesSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useAppServer, type Json } from "../support/app-server-fixture.js";
import { contextLines, metaLine, turnLines, writeRolloutFile } from "../support/rollout-files.js";

const app = useAppServer();
const PINNED = "01984de2-8f74-7c91-a3b2-5c5e937cf318";

const ids = (page: Json) => (page.data as Json[]).map((t) => t.id as string);

/** Five threads created a minute apart, the oldest one touched last; returns their ids, oldest first. */
function writeThreads(codexHome: string): string[] {
  return [0, 1, 2, 3, 4].map((n) => {
    const createdAt = new Date(Date.UTC(2026, 0, 10, 9, n, 0));
    const id = `0199${n}000-0000-7000-8000-00000000000${n}`;
    const meta = metaLine(id, { timestamp: createdAt.toISOString(), source: "vscode" });
    const { path } = writeRolloutFile(
      codexHome,
      [meta, ...contextLines(), ...turnLines(1, { question: `thread ${n}` })],
      { id, createdAt },
    );
    const touched = new Date(Date.UTC(2026, 0, 11, 9, 10 - n, 0));
    utimesSync(path, touched, touched);
    return id;
  });
}

describe("app-server thread/list sort keys", () => {
  it("sorts by recency_at and pages it both ways", async () => {
    const { home, client } = await app.start();
    const all = writeThreads(home.codexHome);

    const recent = await client.call("thread/list", { sortKey: "recency_at" });
    expect(ids(recent)).toEqual(all);
    for (const t of recent.data as Json[]) expect(t.recencyAt).toBe(t.updatedAt);
    expect(ids(await client.call("thread/list", { sortKey: "recency_at", sortDirection: "asc" }))).toEqual(
      [...all].reverse(),
    );

    const p1 = await client.call("thread/list", { sortKey: "recency_at", limit: 2 });
    const p2 = await client.call("thread/list", { sortKey: "recency_at", limit: 2, cursor: p1.nextCursor });
    const p3 = await client.call("thread/list", { sortKey: "recency_at", limit: 2, cursor: p2.nextCursor });
    expect([ids(p1), ids(p2), ids(p3)]).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4)]);
    expect(p3.nextCursor).toBeNull();
    const back = await client.call("thread/list", {
      sortKey: "recency_at",
      sortDirection: "asc",
      cursor: p2.backwardsCursor,
    });
    expect(ids(back)).toEqual([all[2], all[1], all[0]]);

    await expect(
      client.call("thread/list", { sortKey: "created_at", cursor: p1.nextCursor }),
    ).rejects.toThrow(/cursor was made for sorting by recency_at, not created_at/);
  });

  it("lists a section in its order by section_position, paging both ways and after a move", async () => {
    const { home, client } = await app.start();
    const [t0, t1, t2, t3, t4] = writeThreads(home.codexHome) as [string, string, string, string, string];
    const { section } = await client.call("threadSection/create", { name: "Work" });
    const work = (section as Json).id as string;
    // Pinned: t3, then t1, then t0 put before t1.
    await client.call("thread/section/move", { threadId: t3, sectionId: PINNED });
    await client.call("thread/section/move", { threadId: t1, sectionId: PINNED });
    await client.call("thread/section/move", { threadId: t0, sectionId: PINNED, beforeThreadId: t1 });
    await client.call("thread/section/move", { threadId: t4, sectionId: work });
    const pinned = (extra: Json = {}) =>
      client.call("thread/list", { sortKey: "section_position", sectionId: PINNED, ...extra });

    // Ascending is the default for this key; descending reverses.
    expect(ids(await pinned())).toEqual([t3, t0, t1]);
    expect(ids(await pinned({ sortDirection: "desc" }))).toEqual([t1, t0, t3]);

    const p1 = await pinned({ limit: 1 });
    const p2 = await pinned({ limit: 1, cursor: p1.nextCursor });
    expect([ids(p1), ids(p2)]).toEqual([[t3], [t0]]);
    // Turned around, the page includes its own first thread.
    expect(ids(await pinned({ sortDirection: "desc", cursor: p2.backwardsCursor }))).toEqual([t0, t3]);
    // Read downwards from the second page's cursor: what lies before it.
    expect(ids(await pinned({ sortDirection: "desc", cursor: p2.nextCursor }))).toEqual([t3]);

    // A thread moved to the front between pages is not read twice; the rest follow the cursor's thread.
    await client.call("thread/section/move", { threadId: t1, sectionId: PINNED, beforeThreadId: t3 });
    const rest = await pinned({ cursor: p2.nextCursor });
    expect(ids(rest)).toEqual([]);
    expect(ids(await pinned())).toEqual([t1, t3, t0]);
    expect(rest.nextCursor).toBeNull();

    // The section filter with the other keys; null is the threads in no section.
    expect(ids(await client.call("thread/list", { sectionId: work }))).toEqual([t4]);
    expect(ids(await client.call("thread/list", { sectionId: null }))).toEqual([t2]);

    await expect(client.call("thread/list", { sortKey: "section_position" })).rejects.toThrow(
      "section-position sorting requires a section filter",
    );
    await expect(
      client.call("thread/list", { sortKey: "section_position", sectionId: null }),
    ).rejects.toThrow("section-position sorting requires a section filter");
    await expect(
      client.call("thread/list", { sortKey: "section_position", sectionId: work, cursor: p1.nextCursor }),
    ).rejects.toThrow(/cursor was made for section/);
    expect(ids(await pinned({ sortDirection: "desc", limit: 1 }))).toEqual([t0]);
  });

  it("a thread carries its section and when it entered it, in thread/list and thread/read", async () => {
    const { home, client } = await app.start();
    const [t0, t1] = writeThreads(home.codexHome) as [string, string];
    const { section } = await client.call("threadSection/create", { name: "Work" });
    const work = section as Json;
    const before = Math.floor(Date.now() / 1000);
    await client.call("thread/section/move", { threadId: t0, sectionId: work.id });
    const listed = async (id: string) =>
      ((await client.call("thread/list", {})).data as Json[]).find((t) => t.id === id)!;
    const placed = await listed(t0);
    expect(placed.section).toEqual({ id: work.id, name: "Work", appearance: null });
    const entered = placed.sectionEnteredAt as number;
    expect(entered).toBeGreaterThanOrEqual(before);
    expect(entered).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(await listed(t1)).toMatchObject({ section: null, sectionEnteredAt: null });
    expect((await client.call("thread/read", { threadId: t0 })).thread).toMatchObject({
      section: { id: work.id, name: "Work" },
      sectionEnteredAt: entered,
    });
    // Reordered within its section it keeps the time; taken out of every section it has none.
    await client.call("thread/section/move", { threadId: t1, sectionId: work.id });
    await client.call("thread/section/move", { threadId: t0, sectionId: work.id, beforeThreadId: t1 });
    expect((await listed(t0)).sectionEnteredAt).toBe(entered);
    await client.call("thread/section/move", { threadId: t0, sectionId: null });
    expect(await listed(t0)).toMatchObject({ section: null, sectionEnteredAt: null });
  });

  it("refuses an originator allowlist as Codex's local server does; an empty one lists all", async () => {
    const { home, client } = await app.start();
    writeThreads(home.codexHome);
    const answer = await client.waitResponse(client.request("thread/list", { originators: ["ide"] }));
    expect(answer).toMatchObject({
      error: { code: -32602, message: "originator filtering is not supported by the local app-server" },
    });
    expect(ids(await client.call("thread/list", { originators: [], currentAccountOnly: true }))).toHaveLength(
      5,
    );
  });
});
