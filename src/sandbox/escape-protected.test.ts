// The escape suite, second half: the paths that stay read-only inside a writable root (.git and what a
// `gitdir:` file points at, .codex, .agents, CODEX_HOME), existing or not, plus symlink and hardlink games.
// Each attempt runs by command (real bubblewrap) and by patch (the apply_patch tool with its approval gate
// set to `never`), under workspace-write and read-only; the same attempt under danger-full-access must get
// through, so a denial is the sandbox's doing. No skipping: without bwrap the command cases fail.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodePatchFs, type PatchFs } from "../tools/apply-patch/patch-fs.js";
import { bwrapPlanInput, detectBwrap, type BwrapStatus } from "./detect.js";
import { buildCommandEnv } from "./env-policy.js";
import {
  ATTEMPTS,
  byCommand,
  byPatch,
  freshSetup,
  FULL_ACCESS,
  PWNED,
  READ_ONLY,
  RUN_TIMEOUT_MS,
  WORKSPACE_WRITE,
  type Attempt,
} from "../../test/support/sandbox-escape.js";
import { placeholderCleanupFor } from "./placeholder-cleanup.js";
import { planExec } from "./plan.js";
import { runWithPlan } from "./run-with-plan.js";
import { scratchDir } from "../../test/support/scratch.js";

let bwrap: BwrapStatus;
let scratch: string;

beforeAll(async () => {
  bwrap = await detectBwrap();
  scratch = scratchDir("escape-protected-");
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const tally = { denied: 0, controls: 0 };
const ENFORCERS = [
  ["command", byCommand],
  ["patch", (_status: BwrapStatus, ...rest: Parameters<typeof byPatch>) => byPatch(...rest)],
] as const;
const POLICIES = [
  ["workspace-write", WORKSPACE_WRITE],
  ["read-only", READ_ONLY],
] as const;

describe("escape suite: protected paths, symlinks", () => {
  it("bubblewrap is available (a skipped safety test would be a defect)", () => {
    expect(bwrap.available, bwrap.reason).toBe(true);
  });

  for (const [policyName, policy] of POLICIES) {
    for (const [enforcer, run] of ENFORCERS) {
      it.each(ATTEMPTS)(`${policyName}, by ${enforcer}: $name → denied`, async (attempt) => {
        const s = freshSetup(scratch);
        attempt.prepare?.(s);
        const output = await run(bwrap, policy, attempt, s);
        expect(attempt.escaped(s), output).toBe(false);
        tally.denied++;
      });
    }
  }

  for (const [enforcer, run] of ENFORCERS) {
    it.each(ATTEMPTS)(`danger-full-access, by ${enforcer}: $name → allowed (control)`, async (attempt) => {
      const s = freshSetup(scratch);
      attempt.prepare?.(s);
      const output = await run(bwrap, FULL_ACCESS, attempt, s);
      expect(attempt.escaped(s), output).toBe(true);
      tally.controls++;
    });
  }

  it("reports the tally", () => {
    const total = ATTEMPTS.length * POLICIES.length * ENFORCERS.length;
    // eslint-disable-next-line no-console -- the tally is meant to be read in CI logs
    console.log(
      `escape suite (protected paths): ${tally.denied}/${total} denied, ${tally.controls} controls allowed`,
    );
    expect(tally).toEqual({ denied: total, controls: ATTEMPTS.length * ENFORCERS.length });
  });
});

describe("escape suite: races and links", () => {
  it("a patch whose directory is swapped for a symlink after the check fails instead of escaping", async () => {
    const s = freshSetup(scratch);
    mkdirSync(path.join(s.ws, "sub"));
    // The swap happens at the first write-time call, after every path check has passed.
    let swapped = false;
    const racing: PatchFs = {
      ...nodePatchFs,
      mkdirRecursive: async (dir) => {
        if (!swapped) {
          swapped = true;
          renameSync(path.join(s.ws, "sub"), path.join(s.ws, "sub-moved"));
          symlinkSync(s.outside, path.join(s.ws, "sub"));
        }
        return nodePatchFs.mkdirRecursive(dir);
      },
    };
    const attempt: Attempt = {
      name: "race",
      target: (x) => path.join(x.ws, "sub", "x.txt"),
      escaped: (x) => existsSync(path.join(x.outside, "x.txt")),
    };
    const output = await byPatch(WORKSPACE_WRITE, attempt, s, racing);
    expect(swapped).toBe(true);
    expect(output).toMatch(/symlink or not a directory .*no file was changed/);
    expect(attempt.escaped(s)).toBe(false);
    expect(readdirSync(s.outside)).toEqual([]);
  });

  it("a hardlink to a file outside: a patch replaces the link, a command writes through it (inherent)", async () => {
    const s = freshSetup(scratch);
    const secret = path.join(s.outside, "secret.txt");
    writeFileSync(secret, "original\n");
    linkSync(secret, path.join(s.ws, "linked.txt"));
    const attempt: Attempt = {
      name: "hardlink",
      target: (x) => path.join(x.ws, "linked.txt"),
      escaped: () => readFileSync(secret, "utf8") !== "original\n",
    };
    await byPatch(WORKSPACE_WRITE, attempt, s);
    expect(readFileSync(path.join(s.ws, "linked.txt"), "utf8")).toBe(PWNED);
    expect(attempt.escaped(s)).toBe(false);
    // Documented in docs/sandbox.md: a mount cannot tell a hardlink from any other file in the root.
    linkSync(secret, path.join(s.ws, "linked-again.txt"));
    await byCommand(
      bwrap,
      WORKSPACE_WRITE,
      { ...attempt, target: (x) => path.join(x.ws, "linked-again.txt") },
      s,
    );
    expect(attempt.escaped(s)).toBe(true);
  });

  it("a sandboxed command cannot make a new hardlink to a file outside (EXDEV across the bind)", async () => {
    const s = freshSetup(scratch);
    writeFileSync(path.join(s.outside, "secret.txt"), "original\n");
    const output = await byCommand(
      bwrap,
      WORKSPACE_WRITE,
      {
        name: "ln",
        target: () => "",
        command: (x) => ["ln", path.join(x.outside, "secret.txt"), path.join(x.ws, "new-link.txt")],
        escaped: () => false,
      },
      s,
    );
    expect(existsSync(path.join(s.ws, "new-link.txt")), output).toBe(false);
  });

  it("placeholders for missing names are removed after the command, unless another sandbox still runs", async () => {
    const s = freshSetup(scratch);
    const cleanup = placeholderCleanupFor(s.codexHome);
    if (cleanup === undefined) throw new Error("flock(1) is needed for placeholder cleanup");
    const plan = (command: string[]) => {
      const p = planExec({
        policy: WORKSPACE_WRITE,
        command,
        cwd: s.ws,
        env: buildCommandEnv(undefined, process.env),
        platform: "linux",
        placeholderCleanup: cleanup,
        ...bwrapPlanInput(bwrap),
      });
      if (p.backend === "unavailable") throw new Error(p.reason);
      return p;
    };
    const run = (command: string[], signal = AbortSignal.timeout(RUN_TIMEOUT_MS)) =>
      runWithPlan(plan(command), { cwd: s.ws, signal, timeoutMs: RUN_TIMEOUT_MS });
    expect(plan(["true"]).maskedSubpaths).toContain(path.join(s.ws, ".git"));
    await run(["true"]);
    expect(readdirSync(s.ws)).toEqual([]);

    // A long-running sandbox keeps its mount: the other one's cleanup must not remove the mount point.
    const long = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runWithPlan(plan(["sh", "-c", "echo up; sleep 30"]), {
      cwd: s.ws,
      signal: long.signal,
      timeoutMs: RUN_TIMEOUT_MS,
      onOutput: () => started(),
    });
    await running;
    await run(["true"]);
    expect(readdirSync(s.ws).sort()).toEqual([".agents", ".codex", ".git"]);
    const attempt = await run(["sh", "-c", "git init -q . && echo created"]);
    expect(attempt.stdout).not.toContain("created");
    long.abort();
    await first;
  });

  it("a leftover placeholder does not hide the enclosing repository from git", () => {
    const s = freshSetup(scratch);
    execFileSync("git", ["init", "-q", s.ws]);
    const sub = path.join(s.ws, "pkg");
    mkdirSync(path.join(sub, ".git"), { recursive: true });
    const top = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: sub, encoding: "utf8" }).trim();
    expect(top).toBe(s.ws);
  });
});
