import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyPatch } from "./apply.js";
import { parsePatch } from "./parse.js";
import { isInside, listPatchTargets } from "./path-safety.js";
import { makeWorkspace, removeWorkspaces } from "./test-workspace.js";

afterAll(removeWorkspaces);

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

/** A workspace and a directory beside it that the patch must not reach. */
function workspaceWithOutside() {
  const outside = makeWorkspace({ "secret.txt": "secret\n" }, "apply-patch-outside-");
  const ws = makeWorkspace({ "inside.txt": "inside\n" });
  return { ws, outside };
}

async function expectRefused(cwd: string, text: string, message: RegExp, writableRoots?: string[]) {
  const options = writableRoots ? { cwd, writableRoots } : { cwd };
  await expect(applyPatch(parsePatch(text), options)).rejects.toThrow(message);
}

describe("path safety", () => {
  it("refuses a ../ escape and writes nothing, not even the allowed hunks before it", async () => {
    const { ws, outside } = workspaceWithOutside();
    const before = [ws.snapshot(), outside.snapshot()];
    const escape = `../${outside.dir.split("/").at(-1)}/evil.txt`;
    await expectRefused(
      ws.dir,
      patch("*** Update File: inside.txt", "-inside", "+changed", `*** Add File: ${escape}`, "+evil"),
      new RegExp(
        `^Refusing to write '\\.\\./.*evil\\.txt': it resolves to ${outside.path("evil.txt")}, outside`,
      ),
    );
    expect([ws.snapshot(), outside.snapshot()]).toEqual(before);
  });

  it("refuses an absolute path outside the writable roots", async () => {
    const { ws, outside } = workspaceWithOutside();
    const before = outside.snapshot();
    await expectRefused(
      ws.dir,
      patch(`*** Update File: ${outside.path("secret.txt")}`, "-secret", "+leaked"),
      /^Refusing to write '.*secret\.txt': it is .*secret\.txt, outside the writable roots/,
    );
    await expectRefused(
      ws.dir,
      patch(`*** Delete File: ${outside.path("secret.txt")}`),
      /outside the writable/,
    );
    expect(outside.snapshot()).toEqual(before);
  });

  it("allows absolute paths inside cwd or a writable root, and .. that stays inside", async () => {
    const { ws, outside } = workspaceWithOutside();
    await applyPatch(
      parsePatch(
        patch(
          `*** Add File: ${ws.path("abs.txt")}`,
          "+a",
          "*** Add File: sub/../rel.txt",
          "+r",
          `*** Update File: ${outside.path("secret.txt")}`,
          "-secret",
          "+shared",
        ),
      ),
      { cwd: ws.dir, writableRoots: [outside.dir] },
    );
    expect(ws.read("abs.txt")).toBe("a\n");
    expect(ws.read("rel.txt")).toBe("r\n");
    expect(outside.read("secret.txt")).toBe("shared\n");
  });

  it("refuses to write through a symlinked directory that points outside", async () => {
    const { ws, outside } = workspaceWithOutside();
    symlinkSync(outside.dir, ws.path("link"));
    const before = [ws.snapshot(), outside.snapshot()];
    await expectRefused(
      ws.dir,
      patch("*** Add File: link/new/evil.txt", "+evil"),
      /^Refusing to write 'link\/new\/evil\.txt': its directory .*link leads through a symlink to .*, outside/,
    );
    await expectRefused(
      ws.dir,
      patch("*** Update File: link/secret.txt", "-secret", "+leaked"),
      /^Refusing to write 'link\/secret\.txt': it leads through a symlink to .*secret\.txt, outside/,
    );
    expect([ws.snapshot(), outside.snapshot()]).toEqual(before);
  });

  it("refuses a symlinked file that points outside, and a move onto one", async () => {
    const { ws, outside } = workspaceWithOutside();
    symlinkSync(outside.path("secret.txt"), ws.path("alias.txt"));
    const before = [ws.snapshot(), outside.snapshot()];
    await expectRefused(ws.dir, patch("*** Delete File: alias.txt"), /symlink/);
    await expectRefused(
      ws.dir,
      patch("*** Update File: inside.txt", "*** Move to: alias.txt", "-inside", "+x"),
      /^Refusing to write 'alias\.txt'/,
    );
    expect([ws.snapshot(), outside.snapshot()]).toEqual(before);
  });

  it("refuses a dangling symlink", async () => {
    const { ws, outside } = workspaceWithOutside();
    symlinkSync(outside.path("missing/dir"), ws.path("dangling"));
    await expectRefused(ws.dir, patch("*** Add File: dangling/x.txt", "+x"), /does not exist/);
    await expectRefused(ws.dir, patch("*** Add File: dangling", "+x"), /does not exist/);
  });

  it("follows a symlink that stays inside the workspace", async () => {
    const ws = makeWorkspace({ "real/f.txt": "a\n" });
    symlinkSync(ws.path("real"), ws.path("alias"));
    await applyPatch(parsePatch(patch("*** Update File: alias/f.txt", "-a", "+b")), { cwd: ws.dir });
    expect(ws.read("real/f.txt")).toBe("b\n");
  });

  it("accepts a cwd that is itself reached through a symlink", async () => {
    const ws = makeWorkspace({ "real/f.txt": "a\n" });
    symlinkSync(ws.path("real"), ws.path("cwd-link"));
    await applyPatch(parsePatch(patch("*** Update File: f.txt", "-a", "+b")), { cwd: ws.path("cwd-link") });
    expect(ws.read("real/f.txt")).toBe("b\n");
  });
});

describe("listPatchTargets", () => {
  it("lists every path with whether it is inside the writable roots", async () => {
    const { ws, outside } = workspaceWithOutside();
    const parsed = parsePatch(
      patch(
        "*** Add File: a.txt",
        "+a",
        "*** Update File: inside.txt",
        `*** Move to: ${outside.path("moved.txt")}`,
        "-inside",
        "+x",
        "*** Delete File: ../elsewhere.txt",
      ),
    );
    const targets = await listPatchTargets(parsed, { cwd: ws.dir });
    expect(targets.map((t) => [t.path, t.action, t.insideWritableRoots])).toEqual([
      ["a.txt", "add", true],
      ["inside.txt", "update", true],
      [outside.path("moved.txt"), "move", false],
      ["../elsewhere.txt", "delete", false],
    ]);
    expect(targets[0]?.absolutePath).toBe(ws.path("a.txt"));
    expect(targets[3]?.reason).toMatch(/^it resolves to .*elsewhere\.txt, outside the writable roots/);
  });

  it("treats / as a root that allows anything", async () => {
    const { ws, outside } = workspaceWithOutside();
    const parsed = parsePatch(patch(`*** Delete File: ${outside.path("secret.txt")}`));
    const targets = await listPatchTargets(parsed, { cwd: ws.dir, writableRoots: ["/"] });
    expect(targets[0]?.insideWritableRoots).toBe(true);
  });
});

describe("isInside", () => {
  it("compares path segments, not string prefixes", () => {
    expect(isInside("/a/b", "/a")).toBe(true);
    expect(isInside("/a", "/a")).toBe(true);
    expect(isInside("/ab", "/a")).toBe(false);
    expect(isInside("/a/..b", "/a")).toBe(true);
    expect(isInside(join("/a", "..", "b"), "/a")).toBe(false);
  });
});
