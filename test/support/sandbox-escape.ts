// Shared by the escape suites (escape-protected.test.ts under bwrap, escape-landlock.test.ts without it):
// fresh workspaces, the attempts on protected paths, and the two ways to make them (command and patch).
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PatchGate } from "../../src/core/approvals/patch-gate.js";
import type { SandboxPolicy } from "../../src/protocol/policies.js";
import type { PatchFs } from "../../src/tools/apply-patch/patch-fs.js";
import { runApplyPatch } from "../../src/tools/apply-patch/run-apply-patch.js";
import { testToolContext } from "./tool-context.js";
import { bwrapPlanInput, type BwrapStatus } from "../../src/sandbox/detect.js";
import { buildCommandEnv } from "../../src/sandbox/env-policy.js";
import { planExec } from "../../src/sandbox/plan.js";
import { runWithPlan } from "../../src/sandbox/run-with-plan.js";

export const RUN_TIMEOUT_MS = 10_000;
export const WORKSPACE_WRITE: SandboxPolicy = {
  type: "workspace-write",
  writable_roots: [],
  network_access: false,
  exclude_tmpdir_env_var: true,
  exclude_slash_tmp: true,
};
export const READ_ONLY: SandboxPolicy = { type: "read-only" };
export const FULL_ACCESS: SandboxPolicy = { type: "danger-full-access" };
export const PWNED = "pwned\n";

export interface Setup {
  ws: string;
  outside: string;
  codexHome: string;
}

/** A fresh workspace (and an "outside" directory) per attempt, so one attempt cannot help the next. */
let counter = 0;

export function freshSetup(scratch: string): Setup {
  const base = path.join(scratch, String(counter++));
  const setup = { ws: path.join(base, "ws"), outside: path.join(base, "outside"), codexHome: "" };
  mkdirSync(setup.ws, { recursive: true });
  mkdirSync(setup.outside);
  setup.codexHome = path.join(base, "codex-home");
  mkdirSync(setup.codexHome);
  return setup;
}

export function put(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

export interface Attempt {
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

export const ATTEMPTS: Attempt[] = [
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

export async function byCommand(
  status: BwrapStatus,
  policy: SandboxPolicy,
  attempt: Attempt,
  s: Setup,
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

export async function byPatch(
  policy: SandboxPolicy,
  attempt: Attempt,
  s: Setup,
  fs?: PatchFs,
): Promise<string> {
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
