import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  deniedBy,
  deniedByResolved,
  escapeGlob,
  matchesDenyGlob,
  splitGlob,
  type ReadDenial,
} from "./read-denial.js";
import { scratchDir } from "../../test/support/scratch.js";

const denial: ReadDenial = { paths: ["/w/private", "/home/u/.ssh"], globs: ["/w/**/*.env"] };

describe("read denial", () => {
  it("splits a pattern at its first glob part", () => {
    expect(splitGlob("/w/a/**/*.env")).toEqual({ base: "/w/a", rest: "**/*.env" });
    expect(splitGlob("/*.env")).toEqual({ base: "/", rest: "*.env" });
    expect(splitGlob("/w/a")).toEqual({ base: "/w/a", rest: "" });
  });

  it("keeps a literal folder with glob characters (escaped) out of the pattern", () => {
    const pattern = `${escapeGlob("/w/app[1] (x)")}/**/*.env`;
    expect(splitGlob(pattern)).toEqual({ base: "/w/app[1] (x)", rest: "**/*.env" });
    expect(matchesDenyGlob("/w/app[1] (x)/a/b.env", pattern)).toBe(true);
    expect(matchesDenyGlob("/w/app1 (x)/b.env", pattern)).toBe(false);
  });

  it("matches globs at any depth, dotfiles included", () => {
    expect(matchesDenyGlob("/w/secret.env", "/w/**/*.env")).toBe(true);
    expect(matchesDenyGlob("/w/a/b/.env", "/w/**/*.env")).toBe(true);
    expect(matchesDenyGlob("/w/a/env.txt", "/w/**/*.env")).toBe(false);
    expect(matchesDenyGlob("/other/x.env", "/w/**/*.env")).toBe(false);
  });

  it("denies a path, what is under a denied folder, and what is under a matched folder", () => {
    expect(deniedBy("/w/private", denial)).toBe("/w/private");
    expect(deniedBy("/w/private/a/b.txt", denial)).toBe("/w/private");
    expect(deniedBy("/w/privateer.txt", denial)).toBeUndefined();
    expect(deniedBy("/w/config/prod.env", denial)).toBe("/w/**/*.env");
    expect(deniedBy("/w/dir.env/inner.txt", denial)).toBe("/w/**/*.env");
    expect(deniedBy("/w/src/main.ts", denial)).toBeUndefined();
    expect(deniedBy("/w/src/main.ts", undefined)).toBeUndefined();
  });

  it("with readable roots, everything outside them is denied too", () => {
    const narrow: ReadDenial = { paths: [], globs: [], readableRoots: ["/usr", "/w"] };
    expect(deniedBy("/w/a.txt", narrow)).toBeUndefined();
    expect(deniedBy("/usr/bin/env", narrow)).toBeUndefined();
    expect(deniedBy("/home/u/.bashrc", narrow)).toBe("outside the paths the profile reads");
  });

  const dir = scratchDir("codex-deny-test-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("follows symlinks: a link to a denied file, or into a denied folder, is denied", () => {
    mkdirSync(path.join(dir, "private"));
    writeFileSync(path.join(dir, "private", "key"), "k");
    writeFileSync(path.join(dir, "a.env"), "s");
    symlinkSync(path.join(dir, "a.env"), path.join(dir, "innocent.txt"));
    symlinkSync(path.join(dir, "private"), path.join(dir, "door"));
    const real: ReadDenial = { paths: [path.join(dir, "private")], globs: [path.join(dir, "**/*.env")] };
    expect(deniedByResolved(path.join(dir, "innocent.txt"), real)).toBe(path.join(dir, "**/*.env"));
    expect(deniedByResolved(path.join(dir, "door", "key"), real)).toBe(path.join(dir, "private"));
    // Not there yet: judged by where its folder leads.
    expect(deniedByResolved(path.join(dir, "door", "new.txt"), real)).toBe(path.join(dir, "private"));
    expect(deniedByResolved(path.join(dir, "plain.txt"), real)).toBeUndefined();
    // The denied path is the link: where it leads is denied too, by either name.
    const byLink: ReadDenial = { paths: [path.join(dir, "door")], globs: [] };
    expect(deniedByResolved(path.join(dir, "private", "key"), byLink)).toBe(path.join(dir, "door"));
    expect(deniedByResolved(path.join(dir, "door", "key"), byLink)).toBe(path.join(dir, "door"));
    // A readable root that is a link: read by either name; a link out of it is not.
    const narrow: ReadDenial = { paths: [], globs: [], readableRoots: [path.join(dir, "door")] };
    expect(deniedByResolved(path.join(dir, "door", "key"), narrow)).toBeUndefined();
    expect(deniedByResolved(path.join(dir, "innocent.txt"), narrow)).toBe(
      "outside the paths the profile reads",
    );
  });
});
