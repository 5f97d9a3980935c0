// Which paths a workspace-write command may write, and which paths inside them stay read-only. The same
// answer serves both enforcers: the sandbox's mounts (bwrap-args.ts, seatbelt.ts) and apply_patch's own
// path check (tools/apply-patch/run-apply-patch.ts).
import path from "node:path";
import type { SandboxPolicy } from "../protocol/policies.js";
import type { FsProbe } from "./fs-probe.js";

export type WorkspaceWritePolicy = Extract<SandboxPolicy, { type: "workspace-write" }>;

/**
 * Names kept read-only directly inside every writable root, existing or not: git's metadata (whose hooks
 * and config run on the user's next git command, outside the sandbox), the project's Codex config
 * (approval policy, MCP servers, hooks for the next run) and project skills.
 */
export const PROTECTED_NAMES: readonly string[] = [".git", ".codex", ".agents"];

export interface SandboxPaths {
  /** Canonical, de-duplicated, parents before children (mount order matters for bwrap). */
  writableRoots: string[];
  /** Existing paths under some writable root that must not be written (`.git`, its gitdir, `.codex`...). */
  readOnlySubpaths: string[];
  /** Protected paths that do not exist yet and must not be created (bwrap mounts an empty read-only dir). */
  maskedSubpaths: string[];
}

export interface SandboxPathsInput {
  policy: WorkspaceWritePolicy;
  cwd: string;
  env: Record<string, string | undefined>;
  codexHome?: string | undefined;
  probe: FsProbe;
}

export function isWithin(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** Parents sort before their children: fewer path segments first, then by name for stable output. */
function byDepthThenName(a: string, b: string): number {
  const depth = (p: string) => p.split(path.sep).filter(Boolean).length;
  return depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0);
}

export function resolveSandboxPaths(input: SandboxPathsInput): SandboxPaths {
  const { policy, cwd, env, probe } = input;
  const candidates = [cwd, ...policy.writable_roots.map((root) => path.resolve(cwd, root))];
  const workRoots = new Set(candidates.filter((p) => probe.exists(p)).map((p) => probe.realpath(p)));
  const tmpdir = env.TMPDIR;
  if (!policy.exclude_tmpdir_env_var && tmpdir) candidates.push(path.resolve(cwd, tmpdir));
  if (!policy.exclude_slash_tmp) candidates.push("/tmp");

  // A root that does not exist cannot be bound (bwrap refuses) and holds nothing to protect.
  const writableRoots = [
    ...new Set(candidates.filter((p) => probe.exists(p)).map((p) => probe.realpath(p))),
  ].sort(byDepthThenName);
  const insideSomeRoot = (p: string) => writableRoots.some((root) => isWithin(p, root));

  const existing = new Set<string>();
  const missing = new Set<string>();
  const protect = (candidate: string) => {
    if (!probe.exists(candidate)) {
      missing.add(candidate);
      return;
    }
    const real = probe.realpath(candidate);
    if (insideSomeRoot(real)) existing.add(real);
  };
  for (const root of writableRoots) {
    for (const name of PROTECTED_NAMES) {
      const candidate = path.join(root, name);
      // The shared temp dirs ($TMPDIR, /tmp) only keep what exists: a placeholder `/tmp/.git` would, while
      // a command runs, make every program on the machine that tests for `.git` see /tmp as a repository.
      if (!workRoots.has(root) && !probe.exists(candidate)) continue;
      protect(candidate);
      for (const target of gitdirTargets(candidate, probe)) protect(target);
    }
  }
  // The agent's own config and credentials must not be rewritable by the commands it runs.
  if (input.codexHome !== undefined) {
    const home = path.resolve(cwd, input.codexHome);
    if (probe.exists(home) || probe.exists(path.dirname(home))) protect(home);
  }
  const readOnlySubpaths = [...existing].sort(byDepthThenName);
  const maskedSubpaths = [...missing]
    .filter((p) => insideSomeRoot(p) && !readOnlySubpaths.some((ro) => isWithin(p, ro)))
    .sort(byDepthThenName);
  return { writableRoots, readOnlySubpaths, maskedSubpaths };
}

/**
 * Where a `.git` *file* (worktrees, submodules, `git init --separate-git-dir`) sends git: its `gitdir:`
 * and that directory's `commondir`, both of which git writes through (hooks, config, refs).
 */
function gitdirTargets(dotGit: string, probe: FsProbe): string[] {
  const text = probe.readTextFile?.(dotGit);
  const match = text === undefined ? null : /^gitdir:\s*(.+?)\s*$/m.exec(text);
  if (!match?.[1]) return [];
  const gitdir = path.resolve(path.dirname(dotGit), match[1]);
  const targets = [gitdir];
  const common = probe.readTextFile?.(path.join(gitdir, "commondir"))?.trim();
  if (common) targets.push(path.resolve(gitdir, common));
  return targets;
}

/**
 * Whether `physicalPath` (symlinks already resolved) is one a workspace-write command may not write:
 * inside a read-only subpath, or at or under a protected path that does not exist yet.
 */
export function isProtectedPath(physicalPath: string, paths: SandboxPaths): boolean {
  return [...paths.readOnlySubpaths, ...paths.maskedSubpaths].some((p) => isWithin(physicalPath, p));
}
