// Keeping a missing `.git` (or `.codex`, `.agents`) from being created takes a mount at that name, and a
// mount needs a mount point: bwrap or the Landlock helper leaves an empty directory there. Left behind,
// it would make tools that only test for `.git` (codex-ts exec's own repository check among them) think
// the folder is a repository. So the command runs under a small shell wrapper that removes the empty
// placeholders afterwards, but only when no other sandboxed command is running: each one holds a shared
// flock on CODEX_HOME/sandbox.lock, and the cleanup needs the exclusive lock. (Removing a directory that is
// a mount point in another running sandbox would detach that sandbox's mount and let it create the name.)
// The lock file lies outside the writable roots (or in a read-only CODEX_HOME), so a command cannot swap it.
import { closeSync, existsSync, openSync } from "node:fs";
import path from "node:path";
import { findExecutable } from "./detect.js";

export const PLACEHOLDER_CLEANUP_SCRIPT = [
  'exec 4<"$1" || exit 125',
  "masks=$2; shift 2",
  "flock -s 4 || exit 125",
  '"$@"; rc=$?',
  'if [ -n "$masks" ] && flock -n -x 4; then',
  "  set -f; IFS='\n'",
  '  for d in $masks; do rmdir -- "$d" 2>/dev/null; done',
  "fi",
  'exit "$rc"',
].join("\n");

export interface PlaceholderCleanup {
  /** An existing file to flock (CODEX_HOME/sandbox.lock). */
  lockPath: string;
  /** Absolute path of flock(1). */
  flockPath: string;
}

/** Wraps `argv` so the empty placeholders among `masked` are removed once no sandbox needs them. */
export function wrapWithPlaceholderCleanup(
  argv: readonly string[],
  masked: readonly string[],
  cleanup: PlaceholderCleanup,
): string[] {
  // A path with a newline cannot be listed safely; it is left in place (harmless, just untidy).
  const listable = masked.filter((p) => !p.includes("\n"));
  if (listable.length === 0) return [...argv];
  const script = PLACEHOLDER_CLEANUP_SCRIPT.replaceAll("flock ", `${shellQuote(cleanup.flockPath)} `);
  return ["/bin/sh", "-c", script, "codex-sandbox-cleanup", cleanup.lockPath, listable.join("\n"), ...argv];
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

const prepared = new Map<string, PlaceholderCleanup | undefined>();

/** The cleanup settings for a CODEX_HOME (lock file created if needed); undefined without flock(1). */
export function placeholderCleanupFor(codexHome: string): PlaceholderCleanup | undefined {
  if (!prepared.has(codexHome)) prepared.set(codexHome, prepare(codexHome));
  return prepared.get(codexHome);
}

function prepare(codexHome: string): PlaceholderCleanup | undefined {
  const flockPath = findExecutable("flock");
  if (flockPath === undefined) return undefined;
  const lockPath = path.join(codexHome, "sandbox.lock");
  // Only in a CODEX_HOME that exists: a missing one is not ours to create here.
  if (!existsSync(codexHome)) return undefined;
  try {
    closeSync(openSync(lockPath, "a", 0o600));
  } catch {
    return undefined;
  }
  return { lockPath, flockPath };
}
