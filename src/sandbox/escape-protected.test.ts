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
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PatchGate } from "../core/approvals/patch-gate.js";
import type { SandboxPolicy } from "../protocol/policies.js";
import { nodePatchFs, type PatchFs } from "../tools/apply-patch/patch-fs.js";
import { runApplyPatch } from "../tools/apply-patch/run-apply-patch.js";
import { testToolContext } from "../tools/testing.js";
import { bwrapPlanInput, detectBwrap, probeSandbox, type BwrapStatus } from "./detect.js";
import { defaultHelperPath } from "./landlock.js";
import { placeholderCleanupFor } from "./placeholder-cleanup.js";
import { buildCommandEnv } from "./env-policy.js";
import { planExec } from "./plan.js";
import { runWithPlan } from "./run-with-plan.js";

const RUN_TIMEOUT_MS = 10_000;
const WORKSPACE_WRITE: SandboxPolicy = {
  type: "workspace-write",
  writable_roots: [],
  network_access: false,
  exclude_tmpdir_env_var: true,
  exclude_slash_tmp: true,
};
const READ_ONLY: SandboxPolicy = { type: "read-only" };
const FULL_ACCESS: SandboxPolicy = { type: "danger-full-access" };
const PWNED = "pwned\n";

let bwrap: BwrapStatus;
/** The same machine with bwrap hidden: the Landlock helper sandboxes instead. */
let landlock: BwrapStatus;
let scratch: string;
let counter = 0;

beforeAll(async () => {
  bwrap = await detectBwrap();
  // The helper is built with the package; build it here too when only the sources are present.
  if (defaultHelperPath() === undefined) {
    const script = path.resolve(import.meta.dirname, "../../scripts/build-sandbox-helper.mjs");
    execFileSync(process.execPath, [script], { stdio: "inherit" });
  }
  landlock = await probeSandbox({ env: { PATH: "/nonexistent/no-bwrap-here" } });
  scratch = mkdtempSync(path.join(tmpdir(), "escape-protected-"));
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface Setup {
  ws: string;
  outside: string;
  codexHome: string;
}

/** A fresh workspace (and an "outside" directory) per attempt, so one attempt cannot help the next. */
function freshSetup(): Setup {
  const base = path.join(scratch, String(counter++));
  const setup = { ws: path.join(base, "ws"), outside: path.join(base, "outside"), codexHome: "" };
  mkdirSync(setup.ws, { recursive: true });
  mkdirSync(setup.outside);
  setup.codexHome = path.join(base, "codex-home");
  mkdirSync(setup.codexHome);
  return setup;
}

function put(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

interface Attempt {
  name: string;
  prepare?: (s: Setup) => void;
  /** The file the attempt writes, by command and by patch. */
  target: (s: Setup) => string;
  /** Overrides the plain "write the target" command. */
  command?: (s: Setup) => string[];
  /** Whether anything got through, judged from outside. */
  escaped: (s: Setup) => boolean;
}

const wrote = (file: string) => existsSync(file) && readFileSync(file, "utf8") === PWNED;

const ATTEMPTS: Attempt[] = [
  {
    name: "write outside the writable roots",
    target: (s) => path.join(s.outside, "x.txt"),
    escaped: (s) => wrote(path.join(s.outside, "x.txt")),
  },
  {
    name: "change .git/config",
    prepare: (s) => put(path.join(s.ws, ".git", "config"), "[core]\n"),
    target: (s) => path.join(s.ws, ".git", "config"),
    escaped: (s) => wrote(path.join(s.ws, ".git", "config")),
  },
  {
    name: "add a hook through a `gitdir:` file pointing inside the workspace",
    prepare: (s) => {
      put(path.join(s.ws, "real-git", "HEAD"), "ref: refs/heads/main\n");
      mkdirSync(path.join(s.ws, "real-git", "hooks"));
      writeFileSync(path.join(s.ws, ".git"), "gitdir: real-git\n");
    },
    target: (s) => path.join(s.ws, "real-git", "hooks", "pre-commit"),
    escaped: (s) => existsSync(path.join(s.ws, "real-git", "hooks", "pre-commit")),
  },
  {
    name: "create .git with a hook (git init, then a hook for the user's next commit)",
    target: (s) => path.join(s.ws, ".git", "hooks", "pre-commit"),
    command: (s) => [
      "sh",
      "-c",
      'git init -q "$0"; mkdir -p "$0/.git/hooks" && echo pwned > "$0/.git/hooks/pre-commit"',
      s.ws,
    ],
    escaped: (s) =>
      existsSync(path.join(s.ws, ".git", "hooks", "pre-commit")) ||
      existsSync(path.join(s.ws, ".git", "HEAD")),
  },
  {
    name: "create .codex/config.toml",
    target: (s) => path.join(s.ws, ".codex", "config.toml"),
    escaped: (s) => existsSync(path.join(s.ws, ".codex", "config.toml")),
  },
  {
    name: "change an existing .codex/config.toml",
    prepare: (s) => put(path.join(s.ws, ".codex", "config.toml"), 'approval_policy = "untrusted"\n'),
    target: (s) => path.join(s.ws, ".codex", "config.toml"),
    escaped: (s) => wrote(path.join(s.ws, ".codex", "config.toml")),
  },
  {
    name: "add a project skill under .agents",
    target: (s) => path.join(s.ws, ".agents", "skills", "evil", "SKILL.md"),
    escaped: (s) => existsSync(path.join(s.ws, ".agents", "skills", "evil", "SKILL.md")),
  },
  {
    name: "change config.toml in a CODEX_HOME that lies inside the workspace",
    prepare: (s) => {
      s.codexHome = path.join(s.ws, "codex-home");
      put(path.join(s.codexHome, "config.toml"), 'model = "gpt-5"\n');
    },
    target: (s) => path.join(s.codexHome, "config.toml"),
    escaped: (s) => wrote(path.join(s.codexHome, "config.toml")),
  },
  {
    name: "write through a symlink in the workspace that leads outside",
    prepare: (s) => symlinkSync(s.outside, path.join(s.ws, "out")),
    target: (s) => path.join(s.ws, "out", "x.txt"),
    escaped: (s) => existsSync(path.join(s.outside, "x.txt")),
  },
  {
    name: "write into .git through a symlink to it",
    prepare: (s) => {
      put(path.join(s.ws, ".git", "config"), "[core]\n");
      symlinkSync(path.join(s.ws, ".git"), path.join(s.ws, "g"));
    },
    target: (s) => path.join(s.ws, "g", "config"),
    escaped: (s) => wrote(path.join(s.ws, ".git", "config")),
  },
];

async function byCommand(
  policy: SandboxPolicy,
  attempt: Attempt,
  s: Setup,
  status: BwrapStatus = bwrap,
): Promise<string> {
  const target = attempt.target(s);
  const command = attempt.command?.(s) ?? [
    "sh",
    "-c",
    'mkdir -p "$(dirname "$0")"; echo pwned > "$0"',
    target,
  ];
  const plan = planExec({
    policy,
    command,
    cwd: s.ws,
    env: buildCommandEnv(undefined, process.env),
    codexHome: s.codexHome,
    platform: "linux",
    ...bwrapPlanInput(status),
  });
  if (plan.backend === "unavailable") throw new Error(plan.reason);
  const result = await runWithPlan(plan, {
    cwd: s.ws,
    signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
    timeoutMs: RUN_TIMEOUT_MS,
  });
  return result.aggregated;
}

async function byPatch(policy: SandboxPolicy, attempt: Attempt, s: Setup, fs?: PatchFs): Promise<string> {
  const text = ["*** Begin Patch", `*** Add File: ${attempt.target(s)}`, "+pwned", "*** End Patch"].join(
    "\n",
  );
  const gate = new PatchGate();
  const ctx = testToolContext({
    cwd: s.ws,
    sandboxPolicy: policy,
    env: {},
    codexHome: s.codexHome,
    authorizePatch: (request) =>
      gate.authorize({ approvalPolicy: "never", sandboxPolicy: policy, targets: request.targets }, () =>
        Promise.resolve("denied"),
      ),
  });
  const result = await runApplyPatch(text, ctx, fs ? { fs } : {});
  return typeof result.output === "string" ? result.output : JSON.stringify(result.output);
}

const tally = { denied: 0, controls: 0 };
const ENFORCERS = [
  ["command", byCommand],
  ["patch", byPatch],
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
        const s = freshSetup();
        attempt.prepare?.(s);
        const output = await run(policy, attempt, s);
        expect(attempt.escaped(s), output).toBe(false);
        tally.denied++;
      });
    }
  }

  for (const [enforcer, run] of ENFORCERS) {
    it.each(ATTEMPTS)(`danger-full-access, by ${enforcer}: $name → allowed (control)`, async (attempt) => {
      const s = freshSetup();
      attempt.prepare?.(s);
      const output = await run(FULL_ACCESS, attempt, s);
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

describe("escape suite: protected paths, symlinks, with bwrap hidden (Landlock + seccomp)", () => {
  it("bwrap is unavailable and the Landlock helper stands in", () => {
    expect(landlock.available).toBe(false);
    expect(landlock.landlockHelperPath, landlock.landlockUnavailableReason).toBeDefined();
    expect(landlock.seccompFilterPath).toBeDefined();
  });

  for (const [policyName, policy] of POLICIES) {
    it.each(ATTEMPTS)(`${policyName}, by command: $name → denied`, async (attempt) => {
      const s = freshSetup();
      attempt.prepare?.(s);
      const output = await byCommand(policy, attempt, s, landlock);
      expect(attempt.escaped(s), output).toBe(false);
    });
  }

  it("writes inside the workspace still work, new files at the top level included", async () => {
    const s = freshSetup();
    put(path.join(s.ws, "src", "a.txt"), "a\n");
    put(path.join(s.ws, "top.txt"), "t\n");
    const output = await byCommand(
      WORKSPACE_WRITE,
      {
        name: "ordinary writes",
        target: () => "",
        command: () => [
          "sh",
          "-c",
          "echo pwned > top.txt && echo pwned > src/new.txt && echo pwned > new.txt",
        ],
        escaped: () => false,
      },
      s,
      landlock,
    );
    expect(readFileSync(path.join(s.ws, "top.txt"), "utf8"), output).toBe(PWNED);
    expect(readFileSync(path.join(s.ws, "src", "new.txt"), "utf8")).toBe(PWNED);
    expect(readFileSync(path.join(s.ws, "new.txt"), "utf8")).toBe(PWNED);
  });

  it.each(["ptrace", "connect"])("%s is refused by the seccomp filter", async (what) => {
    const s = freshSetup();
    const script =
      what === "ptrace"
        ? "import ctypes,os,sys\nl=ctypes.CDLL(None,use_errno=True)\nsys.exit(0 if l.ptrace(0,0,0,0)==0 else 3)"
        : "import socket,sys\ntry:\n socket.create_connection(('127.0.0.1', 9), 2)\nexcept PermissionError:\n sys.exit(3)\nexcept OSError:\n sys.exit(0)";
    const output = await byCommand(
      WORKSPACE_WRITE,
      {
        name: what,
        target: () => "",
        command: () => ["sh", "-c", 'python3 -c "$0"; echo "rc=$?"', script],
        escaped: () => false,
      },
      s,
      landlock,
    );
    expect(output).toBe("rc=3\n");
  });
});

describe("escape suite: races and links", () => {
  it("a patch whose directory is swapped for a symlink after the check fails instead of escaping", async () => {
    const s = freshSetup();
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
    const s = freshSetup();
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
    await byCommand(WORKSPACE_WRITE, { ...attempt, target: (x) => path.join(x.ws, "linked-again.txt") }, s);
    expect(attempt.escaped(s)).toBe(true);
  });

  it("a sandboxed command cannot make a new hardlink to a file outside (EXDEV across the bind)", async () => {
    const s = freshSetup();
    writeFileSync(path.join(s.outside, "secret.txt"), "original\n");
    const output = await byCommand(
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
    const s = freshSetup();
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
    const s = freshSetup();
    execFileSync("git", ["init", "-q", s.ws]);
    const sub = path.join(s.ws, "pkg");
    mkdirSync(path.join(sub, ".git"), { recursive: true });
    const top = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: sub, encoding: "utf8" }).trim();
    expect(top).toBe(s.ws);
  });
});
