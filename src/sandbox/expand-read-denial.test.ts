import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expandReadDenial, ReadDenialExpansionError } from "./expand-read-denial.js";
import { escapeGlob } from "./read-denial.js";
import { scratchDir } from "../../test/support/scratch.js";

const dir = scratchDir("codex-expand-test-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (...parts: string[]) => path.join(dir, ...parts);

function tree(): void {
  mkdirSync(at("a", "b", "c"), { recursive: true });
  mkdirSync(at("node_modules", "pkg"), { recursive: true });
  mkdirSync(at("private"));
  mkdirSync(at("conf.env"));
  writeFileSync(at("conf.env", "inner.env"), "x");
  for (const f of [
    "top.env",
    ".env",
    "a/one.env",
    "a/b/two.env",
    "a/b/c/three.env",
    "node_modules/pkg/dep.env",
  ])
    writeFileSync(at(f), "secret");
  writeFileSync(at("a", "keep.txt"), "ok");
  writeFileSync(at("private", "key"), "k");
  symlinkSync(at("a"), at("loop"));
}
tree();

describe("expandReadDenial", () => {
  it("finds every match below the fixed part, git-ignored folders included; a matched folder is one mask", async () => {
    const out = await expandReadDenial({ paths: [at("private"), at("missing")], globs: [at("**/*.env")] });
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
    // Parents come before what is under them (mount order).
    expect(out.findIndex((d) => d.path === at("a", "one.env"))).toBeLessThan(
      out.findIndex((d) => d.path === at("a", "b", "c", "three.env")),
    );
    expect([...out].sort(byPath)).toEqual(
      [
        { path: at(".env"), kind: "file" },
        { path: at("private"), kind: "dir" },
        { path: at("top.env"), kind: "file" },
        { path: at("conf.env"), kind: "dir" },
        { path: at("a", "one.env"), kind: "file" },
        { path: at("a", "b", "two.env"), kind: "file" },
        { path: at("node_modules", "pkg", "dep.env"), kind: "file" },
        { path: at("a", "b", "c", "three.env"), kind: "file" },
      ].sort(byPath),
    );
  });

  it("stops `**` at glob_scan_max_depth, and a pattern without `**` at its own depth", async () => {
    const shallow = await expandReadDenial({ paths: [], globs: [at("**/*.env")], globScanMaxDepth: 2 });
    expect(shallow.map((d) => path.relative(dir, d.path)).sort()).toEqual(
      [".env", "a/one.env", "conf.env", "top.env"].sort(),
    );
    const one = await expandReadDenial({ paths: [], globs: [at("*/*.env")] });
    expect(one.map((d) => path.relative(dir, d.path)).sort()).toEqual(["a/one.env", "conf.env/inner.env"]);
  });

  it("walks a base folder whose name has glob characters as the literal folder it is", async () => {
    mkdirSync(at("odd[1]", "deep"), { recursive: true });
    writeFileSync(at("odd[1]", "deep", "x.env"), "s");
    const out = await expandReadDenial({ paths: [], globs: [`${escapeGlob(at("odd[1]"))}/**/*.env`] });
    expect(out).toEqual([{ path: at("odd[1]", "deep", "x.env"), kind: "file" }]);
  });

  it("refuses past its bounds instead of masking part of what is denied", async () => {
    await expect(
      expandReadDenial({ paths: [], globs: [at("**/*.env")] }, { maxEntries: 5, maxMs: 5_000 }),
    ).rejects.toThrow(ReadDenialExpansionError);
    await expect(
      expandReadDenial({ paths: [], globs: [at("**/*.env")] }, { maxEntries: 5, maxMs: 5_000 }),
    ).rejects.toThrow(
      /was not fully expanded \(stopped after 5 entries or 5000 ms\); the command is not run/,
    );
  });
});
