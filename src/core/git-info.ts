// Git facts for a thread's session_meta, read from .git files directly (no subprocess on the turn path).
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { findRepoRoot } from "./agents-md.js";

// A type alias (not an interface) so it fits the rollout's loose JSON objects.
export type GitInfo = {
  commit_hash?: string;
  branch?: string;
  repository_url?: string;
};

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The git directory of a repository root: `.git` itself, or where a worktree's `.git` file points. */
function gitDir(root: string): string | undefined {
  const dotGit = join(root, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
  } catch {
    return undefined;
  }
  const pointer = readText(dotGit)?.match(/^gitdir:\s*(.+)$/m)?.[1];
  return pointer ? resolve(root, pointer.trim()) : undefined;
}

function resolveRef(dir: string, ref: string): string | undefined {
  const loose = readText(join(dir, ref))?.trim();
  if (loose) return loose;
  // Worktrees keep shared refs in the common dir.
  const common = readText(join(dir, "commondir"))?.trim();
  const roots = common ? [dir, resolve(dir, common)] : [dir];
  for (const root of roots) {
    const fromCommon = readText(join(root, ref))?.trim();
    if (fromCommon) return fromCommon;
    const packed = readText(join(root, "packed-refs"));
    const line = packed?.split("\n").find((l) => l.endsWith(` ${ref}`));
    if (line) return line.split(" ")[0];
  }
  return undefined;
}

function originUrl(dir: string): string | undefined {
  const configDir = readText(join(dir, "commondir"))
    ? resolve(dir, (readText(join(dir, "commondir")) ?? "").trim())
    : dir;
  const config = readText(join(configDir, "config"));
  if (!config) return undefined;
  const section = config.split(/^\[/m).find((s) => /^remote\s+"origin"\]/.test(s));
  return section?.match(/^\s*url\s*=\s*(.+)$/m)?.[1]?.trim();
}

export function readGitInfo(cwd: string): GitInfo | undefined {
  const root = findRepoRoot(cwd);
  if (!root) return undefined;
  const dir = gitDir(root);
  if (!dir) return undefined;
  const head = readText(join(dir, "HEAD"))?.trim();
  const info: GitInfo = {};
  if (head?.startsWith("ref: ")) {
    const ref = head.slice(5).trim();
    info.branch = ref.replace(/^refs\/heads\//, "");
    const commit = resolveRef(dir, ref);
    if (commit) info.commit_hash = commit;
  } else if (head && /^[0-9a-f]{40,64}$/.test(head)) {
    info.commit_hash = head;
  }
  const url = originUrl(dir);
  if (url) info.repository_url = url;
  return info;
}
