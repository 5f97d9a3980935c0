// The task's working tree: a git worktree of a local repository (or a clone of a URL) on the task branch
// `fleet/<id>`, under the task's directory in the store. A worker taking over a task finds it there and
// goes on in it; at the end, the diff against the base commit (and optionally a commit on the branch).
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const MAX_DIFF_BYTES = 64 * 1024 * 1024;

export class WorkspaceError extends Error {
  override name = "WorkspaceError";
}

/** Git's own lock files: another worker is changing the same repository's refs or worktree list. */
const LOCKED = /\.lock'?:? File exists|Unable to create '.*\.lock'|could not lock|cannot lock ref/i;
const LOCK_RETRIES = 20;

async function git(cwd: string, args: string[]): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { stdout } = await run("git", args, { cwd, maxBuffer: MAX_DIFF_BYTES });
      return stdout;
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      const text = (e.stderr ?? e.message).trim();
      if (attempt < LOCK_RETRIES && LOCKED.test(text)) {
        // Workers on many machines share the repository: wait for the other one's git to finish.
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100 * (attempt + 1)));
        continue;
      }
      throw new WorkspaceError(`git ${args.join(" ")}: ${text}`);
    }
  }
}

export function taskBranch(taskId: string): string {
  return `fleet/${taskId}`;
}

export interface Workspace {
  dir: string;
  branch: string;
  baseSha: string;
}

/** A local path (absolute, or an existing directory) rather than a URL to clone. */
function isLocalRepo(repo: string): boolean {
  return isAbsolute(repo) || (!/^[a-z][a-z0-9+.-]*:\/\//i.test(repo) && !/^[^/]+@[^:]+:/.test(repo));
}

/**
 * The task's tree at `dir`: made on the first run, found again on the next ones. `baseSha` is the commit the
 * first run started from (kept in the task record), so a later run diffs against the same base.
 */
export async function prepareWorkspace(
  repo: string,
  baseRef: string,
  dir: string,
  taskId: string,
  knownBaseSha?: string,
): Promise<Workspace> {
  const branch = taskBranch(taskId);
  if (existsSync(resolve(dir, ".git"))) {
    const baseSha = knownBaseSha ?? (await git(dir, ["rev-parse", "HEAD"])).trim();
    return { dir, branch, baseSha };
  }
  // A tree without .git is what a worker killed while making it left: made again from scratch.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  if (isLocalRepo(repo)) {
    const source = resolve(repo);
    if (!existsSync(source)) throw new WorkspaceError(`repository ${repo} does not exist on this worker`);
    const baseSha =
      knownBaseSha ?? (await git(source, ["rev-parse", "--verify", `${baseRef}^{commit}`])).trim();
    await addWorktree(source, dir, branch, baseSha);
    return { dir, branch, baseSha };
  }
  await git(dirname(dir), ["clone", "--quiet", repo, dir]);
  const baseSha = knownBaseSha ?? (await git(dir, ["rev-parse", "--verify", `${baseRef}^{commit}`])).trim();
  await git(dir, ["checkout", "--quiet", "-b", branch, baseSha]);
  return { dir, branch, baseSha };
}

/**
 * Git reads every registered worktree while it adds one, so two workers adding at once can fail on each
 * other's half-made entry ("failed to read .git/worktrees/X/commondir"). Such a failure, and a branch left
 * registered to a tree that is gone, are cleared (prune, remove the half-made tree) and the add is tried
 * again; each try looks afresh at whether the branch exists.
 */
async function addWorktree(source: string, dir: string, branch: string, baseSha: string): Promise<void> {
  const RACE =
    /failed to read .*commondir|already (checked out|used by worktree)|is a missing but already registered|already exists/;
  for (let attempt = 0; ; attempt++) {
    const hasBranch = (await git(source, ["branch", "--list", branch])).trim() !== "";
    const add = hasBranch
      ? ["worktree", "add", dir, branch]
      : ["worktree", "add", "-b", branch, dir, baseSha];
    try {
      await git(source, add);
      return;
    } catch (err) {
      if (attempt >= LOCK_RETRIES || !RACE.test((err as Error).message)) throw err;
      rmSync(dir, { recursive: true, force: true });
      await git(source, ["worktree", "prune"]);
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100 * (attempt + 1)));
    }
  }
}

/** Everything the task changed against its base, new files included. */
export async function workspaceDiff(ws: Workspace): Promise<string> {
  await git(ws.dir, ["add", "-A"]);
  return git(ws.dir, ["diff", "--cached", "--binary", ws.baseSha]);
}

/** Commits the staged changes on the task branch; the commit id, or undefined when nothing changed. */
export async function commitWorkspace(ws: Workspace, message: string): Promise<string | undefined> {
  await git(ws.dir, ["add", "-A"]);
  const staged = await git(ws.dir, ["diff", "--cached", "--name-only"]);
  if (staged.trim() === "") return undefined;
  await git(ws.dir, [
    "-c",
    "user.name=codex-ts fleet",
    "-c",
    "user.email=fleet@codex-ts.invalid",
    "commit",
    "--quiet",
    "--no-verify",
    "-m",
    message,
  ]);
  return (await git(ws.dir, ["rev-parse", "HEAD"])).trim();
}
