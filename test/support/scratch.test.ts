// The scratch folders' helper on its own: what it makes, the order it undoes it in, and the daemon sockets
// it removes with a folder (only those the folder's symlinks lead to, without following linked folders).
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanUpScratch, onFileEnd, removeLinkedDaemonSockets, scratchDir } from "./scratch.js";

describe("scratch folders", () => {
  it("are made under the temp dir and removed after the stops registered for the file end", async () => {
    const dir = scratchDir("codex-ts-scratch-");
    expect(dirname(dir)).toBe(tmpdir());
    expect(dir).toMatch(/codex-ts-scratch-\w{6}$/);
    writeFileSync(join(dir, "file"), "x");
    const seen: string[] = [];
    onFileEnd(() => void seen.push(`first stop, folder there: ${existsSync(dir)}`));
    onFileEnd(() => void seen.push(`second stop, folder there: ${existsSync(dir)}`));
    await cleanUpScratch();
    // Stopped last registered first, like the hooks of a test file, and both before the folder went.
    expect(seen).toEqual(["second stop, folder there: true", "first stop, folder there: true"]);
    expect(existsSync(dir)).toBe(false);
  });

  it("a stop that throws does not keep the folders", async () => {
    const dir = scratchDir("codex-ts-scratch-");
    onFileEnd(() => {
      throw new Error("already stopped");
    });
    await cleanUpScratch();
    expect(existsSync(dir)).toBe(false);
  });

  it("removes the daemon sockets a folder's symlinks lead to, and no other", () => {
    const sockets = scratchDir("codex-ts-daemon-");
    for (const name of ["ours", "theirs"]) writeFileSync(join(sockets, name), "");
    const dir = scratchDir("codex-ts-scratch-");
    mkdirSync(join(dir, "home", "app-server-control"), { recursive: true });
    symlinkSync(join(sockets, "ours"), join(dir, "home", "app-server-control", "app-server-control.sock"));
    symlinkSync(tmpdir(), join(dir, "home", "elsewhere"));
    // A cycle: walked into, the scan would never end.
    symlinkSync(dir, join(dir, "home", "loop"));
    expect(removeLinkedDaemonSockets(dir, sockets)).toEqual([join(sockets, "ours")]);
    expect(readdirSync(sockets)).toEqual(["theirs"]);
  });
});
