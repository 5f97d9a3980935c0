// The temp folder guard (test/support/temp-guard.ts) in a vitest run of its own: a run whose test leaves
// something in its temp folder exits 1 naming it, a run that keeps to scratch folders exits 0, and either
// way nothing of the run stays in the temp dir it was given.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch.js";

const ROOT = resolve(import.meta.dirname, "../..");
const VITEST = join(ROOT, "node_modules/vitest/vitest.mjs");
const CONFIG = join(ROOT, "test/fixtures/temp-guard/vitest.config.ts");

/** Runs the fixture `name` under the guard, with a temp dir of its own; resolves with what it printed. */
function guardedRun(name: string): Promise<{ code: number | null; output: string; tmp: string }> {
  const tmp = scratchDir("codex-ts-guard-");
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [VITEST, "run", "--config", CONFIG], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: tmp, TMPDIR: tmp, GUARD_FIXTURE: name, NO_COLOR: "1" },
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (output += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (output += c));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the guarded run did not end within 60 s:\n${output}`));
    }, 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output, tmp });
    });
  });
}

describe("the temp folder guard", () => {
  it("fails a run that leaves a folder and a tmux socket, naming them, and removes them", async () => {
    const run = await guardedRun("leaks");
    expect(run.output).toMatch(/1 passed/);
    expect(run.output).toMatch(/The tests left 2 entries in their temp folder .*codex-ts-run-\w{6}/);
    expect(run.output).toMatch(/^ {2}left-behind-\w{6}$/m);
    expect(run.output).toMatch(/^ {2}tmux-\d+\/guard-fixture$/m);
    expect(run.code).toBe(1);
    expect(readdirSync(run.tmp)).toEqual([]);
  });

  it("names what a browser that did not close cleanly left, without failing the run", async () => {
    const run = await guardedRun("browser");
    expect(run.output).toMatch(/1 passed/);
    expect(run.output).toMatch(/Left by the browser/);
    expect(run.output).toMatch(/^ {2}org\.chromium\.Chromium\.\w{6}$/m);
    expect(run.output).not.toMatch(/The tests left/);
    expect(run.code).toBe(0);
    expect(readdirSync(run.tmp)).toEqual([]);
  });

  it("passes a run whose tests keep to scratch folders, which are gone after it", async () => {
    const run = await guardedRun("clean");
    expect(run.output).toMatch(/1 passed/);
    expect(run.output).not.toMatch(/The tests left|written again/);
    expect(run.code).toBe(0);
    expect(readdirSync(run.tmp)).toEqual([]);
  });
});
