import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { basename, join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userTextMessage } from "../protocol/items.js";
import { InvalidCursorError } from "./cursor.js";
import { INDEX_FILE_NAME, SCHEMA_VERSION, ThreadIndex } from "./index.js";
import type { ThreadListQuery, ThreadSummary } from "./index.js";
import { archivedDir, rolloutPath } from "./paths.js";
import { readRollout } from "./reader.js";
import { describeProblems } from "./summary.js";
import {
  contextLines,
  item,
  metaLine,
  REAL_CODEX_FIXTURE,
  tempCodexHome,
  threadLines,
  toJsonl,
  turnLines,
  writeRolloutFile,
} from "../../test/support/rollout-files.js";

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

const BASE = Date.UTC(2025, 5, 1);

interface Spec {
  minute: number;
  cwd?: string;
  provider?: string;
  source?: string;
  question?: string;
  archived?: boolean;
}

/** Writes a thread created `minute` minutes after BASE; its file mtime is BASE + 1000 - minute minutes. */
function writeThread(spec: Spec): string {
  const id = randomUUID();
  const createdAt = new Date(BASE + spec.minute * 60_000);
  const meta = metaLine(id, {
    timestamp: createdAt.toISOString(),
    cwd: spec.cwd ?? "/repo/a",
    model_provider: spec.provider ?? "openai",
    source: spec.source ?? "cli",
  });
  const lines = [
    meta,
    ...contextLines(),
    item(userTextMessage(spec.question ?? `question at ${spec.minute}`)),
  ];
  const { path } = writeRolloutFile(home.dir, lines, { id, createdAt });
  const mtime = new Date(BASE + (1000 - spec.minute) * 60_000);
  utimesSync(path, mtime, mtime);
  if (spec.archived) {
    mkdirSync(archivedDir(home.dir), { recursive: true });
    renameSync(path, join(archivedDir(home.dir), basename(path)));
  }
  return id;
}

function listAll(idx: ThreadIndex, query: Omit<ThreadListQuery, "cursor">): ThreadSummary[] {
  const all: ThreadSummary[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = idx.list({ ...query, ...(cursor !== undefined ? { cursor } : {}) });
    all.push(...result.items);
    if (!result.nextCursor) return all;
    cursor = result.nextCursor;
  }
  throw new Error("too many pages");
}

describe("ThreadIndex", () => {
  it("builds itself from the files on first open and summarizes each thread from its head", async () => {
    const id = writeThread({ minute: 5, cwd: "/repo/x", question: "  fix the parser  " });
    index = await ThreadIndex.open(home.dir);
    expect(index.openOutcome).toBe("missing");
    const [thread] = index.list().items;
    expect(thread).toMatchObject({
      id,
      createdAt: BASE + 5 * 60_000,
      updatedAt: BASE + 995 * 60_000,
      cwd: "/repo/x",
      modelProvider: "openai",
      source: "cli",
      preview: "fix the parser",
      archived: false,
      problem: null,
    });
    const db = new Database(join(home.dir, INDEX_FILE_NAME), { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it("pages newest first with a cursor: no duplicates and no gaps, even across equal timestamps", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(writeThread({ minute: Math.floor(i / 4) })); // groups of 4 ties
    index = await ThreadIndex.open(home.dir);
    for (const sortKey of ["created_at", "updated_at"] as const) {
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = index.list({ limit: 5, sortKey, ...(cursor !== undefined ? { cursor } : {}) });
        pages.push(page.items.map((t) => t.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
      const seen = pages.flat();
      expect(new Set(seen).size).toBe(23);
      expect(seen.sort()).toEqual([...ids].sort());
    }
    const ordered = (rows: ThreadSummary[], key: "createdAt" | "updatedAt"): boolean =>
      rows.every((b, i) => {
        const a = rows[i - 1];
        return !a || a[key] > b[key] || (a[key] === b[key] && a.id > b.id);
      });
    expect(ordered(listAll(index, { limit: 7 }), "createdAt")).toBe(true);
    expect(ordered(listAll(index, { limit: 7, sortKey: "updated_at" }), "updatedAt")).toBe(true);
  });

  it("clamps the page size and rejects cursors it did not make", async () => {
    for (let i = 0; i < 30; i++) writeThread({ minute: i });
    index = await ThreadIndex.open(home.dir);
    expect(index.list().items).toHaveLength(25);
    expect(index.list({ limit: 1000 }).items).toHaveLength(30);
    expect(index.list({ limit: 0 }).items).toHaveLength(1);
    const { nextCursor } = index.list({ limit: 2 });
    expect(() => index!.list({ cursor: nextCursor!, sortKey: "updated_at" })).toThrow(InvalidCursorError);
    expect(() => index!.list({ cursor: "garbage!" })).toThrow(InvalidCursorError);
  });

  it("filters by cwd, provider, source and archived state, and searches previews", async () => {
    const a = writeThread({ minute: 1, cwd: "/repo/a", question: "Refactor the 100% coverage_report" });
    const b = writeThread({ minute: 2, cwd: "/repo/b", provider: "ollama", question: "refactor tests" });
    const c = writeThread({ minute: 3, cwd: "/repo/a", source: "vscode", question: "write docs" });
    const d = writeThread({ minute: 4, cwd: "/repo/a", question: "refactor old code", archived: true });
    index = await ThreadIndex.open(home.dir);
    const ids = (query: ThreadListQuery): string[] => index!.list(query).items.map((t) => t.id);
    expect(ids({})).toEqual([c, b, a]);
    expect(ids({ cwd: "/repo/a" })).toEqual([c, a]);
    expect(ids({ modelProvider: "ollama" })).toEqual([b]);
    expect(ids({ source: "vscode" })).toEqual([c]);
    expect(ids({ archived: true })).toEqual([d]);
    expect(ids({ search: "REFACTOR" })).toEqual([b, a]);
    expect(ids({ search: "refactor", cwd: "/repo/a" })).toEqual([a]);
    expect(ids({ search: "refactor", archived: true })).toEqual([d]);
    // LIKE wildcards in the search text are literal.
    expect(ids({ search: "100%" })).toEqual([a]);
    expect(ids({ search: "e_r" })).toEqual([a]);
    expect(ids({ search: "%" })).toEqual([a]);
  });

  it("rebuilds the same list after the database is deleted", async () => {
    for (let i = 0; i < 12; i++) writeThread({ minute: i % 5, cwd: i % 2 ? "/repo/a" : "/repo/b" });
    writeThread({ minute: 20, archived: true });
    index = await ThreadIndex.open(home.dir);
    const before = [listAll(index, { limit: 4 }), listAll(index, { archived: true })];
    index.close();
    for (const suffix of ["", "-wal", "-shm"])
      rmSync(join(home.dir, INDEX_FILE_NAME + suffix), { force: true });

    index = await ThreadIndex.open(home.dir);
    expect(index.openOutcome).toBe("missing");
    expect([listAll(index, { limit: 4 }), listAll(index, { archived: true })]).toEqual(before);
    expect(await index.rebuild()).toBe(13);
    expect([listAll(index, { limit: 4 }), listAll(index, { archived: true })]).toEqual(before);
  });

  it("throws away a garbage database file and rebuilds it", async () => {
    const id = writeThread({ minute: 1 });
    writeFileSync(join(home.dir, INDEX_FILE_NAME), "this is not a database, just some text ".repeat(200));
    index = await ThreadIndex.open(home.dir);
    expect(index.openOutcome).toBe("corrupt");
    expect(index.list().items.map((t) => t.id)).toEqual([id]);
  });

  it("rebuilds an index of an older schema version, and reuses a current one", async () => {
    const id = writeThread({ minute: 1 });
    index = await ThreadIndex.open(home.dir);
    index.close();
    index = await ThreadIndex.open(home.dir);
    expect(index.openOutcome).toBe("existing");
    index.close();
    const db = new Database(join(home.dir, INDEX_FILE_NAME));
    db.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
    db.exec("DELETE FROM threads");
    db.close();
    index = await ThreadIndex.open(home.dir);
    expect(index.openOutcome).toBe("schema_mismatch");
    expect(index.list().items.map((t) => t.id)).toEqual([id]);
  });

  it("still lists a thread whose rollout has a corrupt middle line, reporting the problem on its row", async () => {
    const good = writeThread({ minute: 1 });
    const id = randomUUID();
    const lines = threadLines(id, 3);
    const text = toJsonl(lines.slice(0, 5)) + "{corrupt\n" + toJsonl(lines.slice(5));
    writeRolloutFile(home.dir, [], { id, createdAt: new Date(BASE + 2 * 60_000), text });
    const noMeta = randomUUID();
    writeRolloutFile(home.dir, turnLines(1), { id: noMeta, createdAt: new Date(BASE + 3 * 60_000) });
    index = await ThreadIndex.open(home.dir);
    const rows = index.list().items;
    expect(rows.map((t) => t.id)).toEqual(expect.arrayContaining([good, id, noMeta]));
    expect(index.get(id)?.problem).toMatch(/^line 6: not valid JSON/);
    expect(index.get(id)?.preview).toBe("question 1");
    expect(index.get(noMeta)?.problem).toMatch(/no session_meta line/);
    expect(index.get(good)?.problem).toBeNull();
  });

  it("indexes the real Codex 0.169 fixture", async () => {
    const id = "01a2022c-4e14-7020-81d0-da7c0d084d6f";
    const path = rolloutPath(home.dir, id, new Date(2026, 10, 22, 7, 33, 7));
    mkdirSync(join(path, ".."), { recursive: true });
    copyFileSync(REAL_CODEX_FIXTURE, path);
    index = await ThreadIndex.open(home.dir);
    expect(index.get(id)).toMatchObject({
      preview: "say hi",
      cwd: "/tmp/obs",
      source: "exec",
      modelProvider: "fake",
      createdAt: Date.parse("2026-11-22T07:33:07.737Z"),
      problem: null,
    });
  });

  it("reads only the head of large files, and notices a torn tail", async () => {
    const id = randomUUID();
    const lines = threadLines(id, 1);
    const filler = toJsonl(
      Array.from({ length: 3000 }, (_, i) => item(userTextMessage(`later ${i} ${"x".repeat(200)}`))),
    );
    const text = toJsonl(lines) + filler + "{deep corruption\n" + '{"timestamp":"t","type":"event_msg","payl';
    expect(text.length).toBeGreaterThan(600_000);
    const { path } = writeRolloutFile(home.dir, [], { id, createdAt: new Date(BASE), text });
    index = await ThreadIndex.open(home.dir);
    const row = index.get(id);
    expect(row).toMatchObject({
      preview: "question 1",
      problem: "last line has no final newline (torn write?)",
    });
    expect(readFileSync(path, "utf8")).toBe(text);

    // Opening the thread reads it all; what that finds can be recorded on the row.
    const { warnings } = await readRollout(path);
    expect(warnings.map((w) => w.line)).toEqual([lines.length + 3001, lines.length + 3002]);
    index.setProblem(id, describeProblems(warnings));
    expect(index.get(id)?.problem).toMatch(/^line \d+: not valid JSON.*; line \d+: torn last line/);
  });
});
