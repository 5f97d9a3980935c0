// Shared by the listing tests: the walk lists `.git` and folders too (as Codex's file search does), and a
// listing is kept only while every folder it read is older than the walk.
import { readdirSync, utimesSync } from "node:fs";
import { join } from "node:path";

/** Sets the times of `root` and of every folder under it, `.git`'s included, to `when`. */
export function ageFolders(root: string, when: Date): void {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) ageFolders(join(root, entry.name), when);
  }
  utimesSync(root, when, when);
}

/** A listing's files outside `.git`, sorted: what the tests' trees hold. */
export const worktreeFiles = (lines: readonly string[]): string[] =>
  lines.filter((line) => line !== "" && !line.endsWith("/") && !line.startsWith(".git/")).sort();
