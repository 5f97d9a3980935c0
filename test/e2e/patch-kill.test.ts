// All-or-nothing patches under kill -9: `codex-ts apply-patch` writes an 800-file patch and is killed at
// spread-out points of its run (staging, committing, or not yet started). Right after the kill every file
// is either old or new; the next start of codex-ts finishes or rolls back the patch, says so, and leaves
// every file old or every file new, with no staged leftovers.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, makeHome, runCli } from "../support/cli.js";

const UPDATES = 760;
const ADDS = 20;
const DELETES = 20;
const KILLS = 20;
/** Bound on one run of the CLI: seconds when idle, many times more on a loaded machine. */
const RUN_TIMEOUT_MS = 60_000;

const home = makeHome("http://127.0.0.1:9", "", { git: false });
const ws = join(home.cwd, "files");
afterAll(() => rmSync(join(home.cwd, ".."), { recursive: true, force: true }));

const updated = (i: number) => `u${i}.txt`;
const added = (i: number) => `a${i}.txt`;
const deleted = (i: number) => `d${i}.txt`;

function patchText(): string {
  const lines = ["*** Begin Patch"];
  for (let i = 0; i < UPDATES; i++)
    lines.push(`*** Update File: files/${updated(i)}`, "@@", `-old ${i}`, `+new ${i}`);
  for (let i = 0; i < ADDS; i++) lines.push(`*** Add File: files/${added(i)}`, `+new ${i}`);
  for (let i = 0; i < DELETES; i++) lines.push(`*** Delete File: files/${deleted(i)}`);
  lines.push("*** End Patch");
  return `${lines.join("\n")}\n`;
}
const PATCH = patchText();

function resetWorkspace(): void {
  rmSync(ws, { recursive: true, force: true });
  mkdirSync(ws);
  for (let i = 0; i < UPDATES; i++) writeFileSync(join(ws, updated(i)), `old ${i}\n`);
  for (let i = 0; i < DELETES; i++) writeFileSync(join(ws, deleted(i)), `old ${i}\n`);
}

type FileState = "old" | "new";

/** Each file's state; throws on anything that is neither the old nor the new content. */
function states(): FileState[] {
  const read = (name: string) => (existsSync(join(ws, name)) ? readFileSync(join(ws, name), "utf8") : null);
  const result: FileState[] = [];
  const judge = (name: string, old: string | null, next: string | null) => {
    const content = read(name);
    if (content === old) result.push("old");
    else if (content === next) result.push("new");
    else throw new Error(`${name} is neither old nor new: ${JSON.stringify(content)}`);
  };
  for (let i = 0; i < UPDATES; i++) judge(updated(i), `old ${i}\n`, `new ${i}\n`);
  for (let i = 0; i < ADDS; i++) judge(added(i), null, `new ${i}\n`);
  for (let i = 0; i < DELETES; i++) judge(deleted(i), `old ${i}\n`, null);
  return result;
}

/** Runs apply-patch and SIGKILLs it once the workspace has seen `killAt` file events (never when 0). */
function applyAndKill(killAt: number): Promise<{ events: number; killed: boolean }> {
  return new Promise((resolve, reject) => {
    let events = 0;
    let killed = false;
    const child = spawn(process.execPath, [CLI, "apply-patch"], { cwd: home.cwd, env: home.env });
    const watcher = watch(ws, () => {
      events++;
      if (killAt > 0 && events >= killAt && !killed) {
        killed = child.kill("SIGKILL");
      }
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("apply-patch did not finish in time"));
    }, RUN_TIMEOUT_MS);
    child.on("close", () => {
      clearTimeout(timer);
      watcher.close();
      resolve({ events, killed });
    });
    child.stdin.end(PATCH);
  });
}

describe("apply-patch killed at random points", () => {
  // One test per kill, each bounded on its own: a loaded machine slows every run of the CLI alike, and a
  // budget for the whole series would have to grow with the number of kills.
  let fullEvents = 0;
  const outcomes = { finished: 0, rolledBack: 0, untouched: 0, complete: 0 };

  beforeAll(async () => {
    resetWorkspace();
    const full = await applyAndKill(0);
    expect(new Set(states())).toEqual(new Set(["new"]));
    expect(full.events).toBeGreaterThan(100);
    fullEvents = full.events;
  }, RUN_TIMEOUT_MS);

  it.each(Array.from({ length: KILLS }, (_, k) => k))(
    "kill %i: every file old or new, and the next start completes or rolls back",
    async (k) => {
      resetWorkspace();
      // Spread over the whole run, with jitter, so kills land in staging and in committing.
      const slot = fullEvents / KILLS;
      const killAt = Math.max(1, Math.floor(k * slot + Math.random() * slot));
      await applyAndKill(killAt);
      states(); // every file old or new right after the kill (throws otherwise)

      const next = await runCli(["mcp", "list"], { env: home.env, cwd: home.cwd, timeoutMs: RUN_TIMEOUT_MS });
      const after = new Set(states());
      expect(after.size, next.stderr).toBe(1);
      expect(readdirSync(ws).filter((name) => name.startsWith(".codex-patch-"))).toEqual([]);
      if (next.stderr.includes("finished a patch interrupted")) {
        expect(after).toEqual(new Set(["new"]));
        outcomes.finished++;
      } else if (next.stderr.includes("rolled back a patch interrupted")) {
        expect(after).toEqual(new Set(["old"]));
        outcomes.rolledBack++;
      } else if (after.has("new")) {
        outcomes.complete++;
      } else {
        outcomes.untouched++;
      }
    },
    2 * RUN_TIMEOUT_MS + 10_000,
  );

  // Tests in a file run in order: this one sees every kill's outcome.
  it(`leaves no journal behind, and some of the ${KILLS} kills interrupted a patch`, () => {
    expect(readdirSync(join(home.codexHome, "patch-journal")).filter((n) => n.endsWith(".json"))).toEqual([]);
    console.log(`patch kills: ${JSON.stringify(outcomes)}`);
    expect(outcomes.finished + outcomes.rolledBack).toBeGreaterThan(0);
  });
});
