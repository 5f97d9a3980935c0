// withIndex repairs an index whose damage only a query meets (open does not check the whole file).
import { randomUUID } from "node:crypto";
import { closeSync, openSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INDEX_FILE_NAME, ThreadIndex } from "../../rollout/index.js";
import { tempCodexHome, threadLines, writeRolloutFile } from "../../../test/support/rollout-files.js";
import { withIndex } from "./locate.js";

let home: ReturnType<typeof tempCodexHome>;
beforeEach(() => {
  home = tempCodexHome();
});
afterEach(() => home.cleanup());

describe("withIndex", () => {
  it("rebuilds when a query meets damage, and answers that query from the rebuilt index", async () => {
    const threads = Array.from({ length: 30 }, (_, i) => {
      const id = randomUUID();
      writeRolloutFile(home.dir, threadLines(id, 1), { id, createdAt: new Date(2025, 5, 1, 10, i) });
      return id;
    }).sort();
    (await ThreadIndex.open(home.dir)).close();
    // Garbage over page 2, the threads table's root: opening and catching up still work, listing does not.
    const fd = openSync(join(home.dir, INDEX_FILE_NAME), "r+");
    expect(statSync(join(home.dir, INDEX_FILE_NAME)).size).toBeGreaterThan(8192);
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 4096);
    closeSync(fd);

    const listed = await withIndex({ codexHome: home.dir, sqliteHome: home.dir }, (idx) =>
      idx.list({ limit: 100 }).items.map((t) => t.id),
    );
    expect(listed.sort()).toEqual(threads);
    expect(await withIndex({ codexHome: home.dir, sqliteHome: home.dir }, (idx) => idx.count())).toBe(30);
  });
});
