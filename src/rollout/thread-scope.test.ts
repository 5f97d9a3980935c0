import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ThreadIndex } from "./index.js";
import { findLatestThread } from "./latest.js";
import { inThreadScope } from "./thread-scope.js";
import { scratchDir } from "../../test/support/scratch.js";

describe("inThreadScope", () => {
  it("keeps this directory's interactive threads; --all drops the directory, --include-non-interactive the source", () => {
    const cli = { cwd: "/a", source: "cli" };
    const exec = { cwd: "/a", source: "exec" };
    expect(inThreadScope(cli, { cwd: "/a" })).toBe(true);
    expect(inThreadScope({ cwd: "/a", source: "vscode" }, { cwd: "/a" })).toBe(true);
    expect(inThreadScope({ cwd: "/a", source: null }, { cwd: "/a" })).toBe(true);
    expect(inThreadScope(exec, { cwd: "/a" })).toBe(false);
    expect(inThreadScope(exec, { cwd: "/a", includeNonInteractive: true })).toBe(true);
    expect(inThreadScope(cli, { cwd: "/b" })).toBe(false);
    expect(inThreadScope(cli, {})).toBe(true);
  });
});

describe("findLatestThread", () => {
  it("finds the latest thread in scope, past newer ones out of it", async () => {
    const home = scratchDir("codex-ts-latest-");
    const dir = join(home, "sessions", "2026", "01", "02");
    mkdirSync(dir, { recursive: true });
    const write = (n: number, source: string, cwd: string) => {
      const id = `00000000-0000-4000-8000-00000000000${n}`;
      const ts = `2026-01-02T10:0${n}:00.000Z`;
      const path = join(dir, `rollout-2026-01-02T10-0${n}-00-${id}.jsonl`);
      const meta = { id, timestamp: ts, cwd, originator: "t", cli_version: "0", source };
      writeFileSync(path, `${JSON.stringify({ timestamp: ts, type: "session_meta", payload: meta })}\n`);
      utimesSync(path, 1_000 + n, 1_000 + n);
      return id;
    };
    const interactive = write(1, "cli", "/a");
    const exec = write(2, "exec", "/a");
    const elsewhere = write(3, "cli", "/b");
    const index = await ThreadIndex.open({ codexHome: home, sqliteHome: home });
    try {
      expect(findLatestThread(home, index, { cwd: "/a" })?.id).toBe(interactive);
      expect(findLatestThread(home, index, { cwd: "/a", includeNonInteractive: true })?.id).toBe(exec);
      expect(findLatestThread(home, index, {})?.id).toBe(elsewhere);
      expect(findLatestThread(home, index, { cwd: "/c" })).toBeUndefined();
    } finally {
      index.close();
    }
  });
});
