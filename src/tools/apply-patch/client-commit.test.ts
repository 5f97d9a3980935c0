import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { clientReadFs, commitThroughClient } from "./client-commit.js";
import { parsePatch } from "./parse.js";
import { planPatch } from "./plan.js";
import { makeWorkspace, removeWorkspaces } from "./test-workspace.js";

afterAll(removeWorkspaces);

const PATCH = [
  "*** Begin Patch",
  "*** Update File: a.txt",
  "-buffer a",
  "+new a",
  "*** Add File: b.txt",
  "+new b",
  "*** Delete File: gone.txt",
  "*** End Patch",
].join("\n");

describe("commitThroughClient", () => {
  it("plans on the editor's text, writes through the editor and deletes on disk", async () => {
    const ws = makeWorkspace({ "a.txt": "disk a\n", "gone.txt": "bye\n" });
    const buffers = new Map([[ws.path("a.txt"), "buffer a\n"]]);
    const fs = clientReadFs((path) =>
      Promise.resolve(buffers.get(path) ?? ws.read(path.slice(ws.dir.length + 1))),
    );
    const plan = await planPatch(parsePatch(PATCH), { cwd: ws.dir, fs });
    const writes: Array<[string, string]> = [];
    await commitThroughClient(plan, (path, content) => {
      writes.push([path, content]);
      return Promise.resolve();
    });
    expect(writes).toEqual([
      [ws.path("a.txt"), "new a\n"],
      [ws.path("b.txt"), "new b\n"],
    ]);
    expect(ws.read("a.txt")).toBe("disk a\n");
    expect(existsSync(ws.path("gone.txt"))).toBe(false);
  });

  it("puts back what it wrote when a later write fails, and deletes nothing", async () => {
    const ws = makeWorkspace({ "a.txt": "buffer a\n", "gone.txt": "bye\n" });
    const plan = await planPatch(parsePatch(PATCH), { cwd: ws.dir });
    const writes: Array<[string, string]> = [];
    const write = (path: string, content: string) => {
      if (path === ws.path("b.txt")) return Promise.reject(new Error("editor said no"));
      writes.push([path, content]);
      return Promise.resolve();
    };
    await expect(commitThroughClient(plan, write)).rejects.toThrow(
      /Failed to write .*b\.txt: editor said no \(no file was changed\)/,
    );
    expect(writes).toEqual([
      [ws.path("a.txt"), "new a\n"],
      [ws.path("a.txt"), "buffer a\n"],
    ]);
    expect(ws.read("gone.txt")).toBe("bye\n");
  });
});
