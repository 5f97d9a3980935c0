import { chmodSync, lstatSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DENY_PLACEHOLDER_NAME, denyPlaceholder } from "./deny-placeholders.js";
import { scratchDir } from "../../test/support/scratch.js";

const home = scratchDir("codex-placeholder-");
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe("denyPlaceholder", () => {
  it("is an empty mode-000 file in CODEX_HOME, made once", () => {
    const file = denyPlaceholder(home);
    expect(file).toBe(path.join(home, DENY_PLACEHOLDER_NAME));
    const st = lstatSync(file);
    expect(st.isFile() && st.size === 0 && (st.mode & 0o7777) === 0).toBe(true);
    expect(denyPlaceholder(home)).toBe(file);
    expect(lstatSync(file).ino).toBe(st.ino);
  });

  it("is made again when it was written to, opened up, or swapped for a link", () => {
    const file = denyPlaceholder(home);
    chmodSync(file, 0o644);
    writeFileSync(file, "not empty");
    expect(lstatSync(denyPlaceholder(home)).size).toBe(0);
    unlinkSync(file);
    writeFileSync(path.join(home, "secret"), "s");
    symlinkSync(path.join(home, "secret"), file);
    const again = lstatSync(denyPlaceholder(home));
    expect(again.isSymbolicLink()).toBe(false);
    expect(again.mode & 0o7777).toBe(0);
  });
});
