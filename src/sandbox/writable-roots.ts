// Which paths a workspace-write command may write, and which paths inside them stay read-only.
import path from "node:path";
import type { SandboxPolicy } from "../protocol/policies.js";
import type { FsProbe } from "./fs-probe.js";

export type WorkspaceWritePolicy = Extract<SandboxPolicy, { type: "workspace-write" }>;

export interface SandboxPaths {
  /** Canonical, de-duplicated, parents before children (mount order matters for bwrap). */
  writableRoots: string[];
  /** Existing paths under some writable root that must not be written (each root's `.git`, CODEX_HOME). */
  readOnlySubpaths: string[];
}

export interface SandboxPathsInput {
  policy: WorkspaceWritePolicy;
  cwd: string;
  env: Record<string, string | undefined>;
  codexHome?: string;
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
  const tmpdir = env.TMPDIR;
  if (!policy.exclude_tmpdir_env_var && tmpdir) candidates.push(path.resolve(cwd, tmpdir));
  if (!policy.exclude_slash_tmp) candidates.push("/tmp");

  // A root that does not exist cannot be bound (bwrap refuses) and holds nothing to protect.
  const writableRoots = [
    ...new Set(candidates.filter((p) => probe.exists(p)).map((p) => probe.realpath(p))),
  ].sort(byDepthThenName);

  const protectedCandidates = writableRoots.map((root) => path.join(root, ".git"));
  // The agent's own config and credentials must not be rewritable by the commands it runs.
  if (input.codexHome !== undefined) protectedCandidates.push(path.resolve(cwd, input.codexHome));
  const readOnlySubpaths = [
    ...new Set(
      protectedCandidates
        .filter((p) => probe.exists(p))
        .map((p) => probe.realpath(p))
        .filter((p) => writableRoots.some((root) => isWithin(p, root))),
    ),
  ].sort(byDepthThenName);

  return { writableRoots, readOnlySubpaths };
}
