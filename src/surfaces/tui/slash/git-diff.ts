// `/diff`: the working tree's changes against HEAD, untracked files included, as `git diff` prints them.
import { execFile } from "node:child_process";

export type WorkingTreeDiff =
  { kind: "not_a_repo" } | { kind: "error"; message: string } | { kind: "diff"; text: string };

interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

function git(args: string[], cwd: string): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile("git", args, { cwd, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      resolve({ code, stdout, stderr: stderr || (err && typeof err.code !== "number" ? err.message : "") });
    });
  });
}

export async function workingTreeDiff(cwd: string): Promise<WorkingTreeDiff> {
  const inside = await git(["rev-parse", "--is-inside-work-tree"], cwd);
  if (inside.code !== 0 || inside.stdout.trim() !== "true") return { kind: "not_a_repo" };
  const hasHead = (await git(["rev-parse", "--verify", "-q", "HEAD"], cwd)).code === 0;
  // Without a first commit there is nothing to compare with but the index.
  const tracked = await git(
    hasHead ? ["diff", "--no-color", "HEAD"] : ["diff", "--no-color", "--cached"],
    cwd,
  );
  if (tracked.code !== 0) return { kind: "error", message: tracked.stderr.trim() || "git diff failed" };
  const untracked = await git(["ls-files", "--others", "--exclude-standard", "-z"], cwd);
  const parts = [tracked.stdout];
  for (const file of untracked.stdout.split("\0").filter((f) => f !== "")) {
    // `git diff --no-index` exits 1 when the files differ, which they always do here.
    const added = await git(["diff", "--no-color", "--no-index", "--", "/dev/null", file], cwd);
    parts.push(added.stdout);
  }
  return { kind: "diff", text: parts.join("") };
}
