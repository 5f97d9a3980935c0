// The system git, for marketplaces and plugins that live in a repository. No prompts (a missing credential
// fails instead of waiting for a person); errors carry git's own message.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { PluginError } from "./manifest.js";

const run = promisify(execFile);
const TIMEOUT_MS = 120_000;

export async function git(args: string[], cwd?: string): Promise<string> {
  try {
    const { stdout } = await run("git", args, {
      ...(cwd !== undefined ? { cwd } : {}),
      timeout: TIMEOUT_MS,
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0" },
    });
    return stdout.trim();
  } catch (err) {
    const e = err as { stderr?: string; message: string; code?: string };
    if (e.code === "ENOENT") throw new PluginError("git is not installed (needed for git sources)");
    const detail = (e.stderr ?? "").trim() || e.message;
    throw new PluginError(`git ${args[0]} failed: ${detail}`);
  }
}

/** Clones `url` into `dest` (which must not exist) at `ref`, optionally sparse; returns the commit. */
export async function cloneRepo(
  url: string,
  dest: string,
  options: { ref?: string; sparsePaths?: readonly string[] } = {},
): Promise<string> {
  const sparse = options.sparsePaths ?? [];
  await git([
    "clone",
    "--quiet",
    ...(sparse.length > 0 ? ["--filter=blob:none", "--no-checkout"] : []),
    ...(options.ref !== undefined && sparse.length === 0 ? ["--branch", options.ref] : []),
    "--",
    url,
    dest,
  ]);
  if (sparse.length > 0) {
    await git(["sparse-checkout", "set", "--no-cone", ...sparse], dest);
    await git(["checkout", "--quiet", options.ref ?? "HEAD"], dest);
  }
  return git(["rev-parse", "HEAD"], dest);
}

/** Checks out `sha` in a clone (a plugin pinned to a commit). */
export async function checkoutCommit(dir: string, sha: string): Promise<void> {
  await git(["checkout", "--quiet", sha], dir);
}

/** A source the user gave that names a git repository: URL forms, or GitHub's `owner/repo[@ref]`. */
export function gitUrlOf(source: string): { url: string; ref?: string } | undefined {
  if (/^(https?|ssh|git|file):\/\//.test(source) || /^[\w.-]+@[\w.-]+:/.test(source)) return { url: source };
  const short = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)(?:@(.+))?$/.exec(source);
  if (short) {
    return {
      url: `https://github.com/${short[1]}/${short[2]}.git`,
      ...(short[3] !== undefined ? { ref: short[3] } : {}),
    };
  }
  return undefined;
}
