// The empty, mode-000 file bwrap binds over each denied file (a denied folder gets a mode-000 tmpfs
// instead): with every capability dropped, not even uid 0 in the sandbox may open it, so a read fails with
// EACCES instead of returning the secret (or an empty file that looks real). It is kept in CODEX_HOME, made
// once and checked before every use, and every sandbox that masks something binds it read-only first, so no
// command can write to it or swap it for a link to what it hides.
import { closeSync, constants, lstatSync, openSync, unlinkSync } from "node:fs";
import path from "node:path";

export const DENY_PLACEHOLDER_NAME = "sandbox-denied-placeholder";

function isPlaceholder(file: string): boolean {
  try {
    const st = lstatSync(file);
    const ours = process.getuid === undefined || st.uid === process.getuid();
    return st.isFile() && st.size === 0 && (st.mode & 0o7777) === 0 && ours;
  } catch {
    return false;
  }
}

/** The placeholder's path, (re)made if it is missing or is not an empty mode-000 file of ours. */
export function denyPlaceholder(codexHome: string): string {
  const file = path.join(codexHome, DENY_PLACEHOLDER_NAME);
  if (isPlaceholder(file)) return file;
  try {
    unlinkSync(file);
  } catch {
    // Not there: made below.
  }
  try {
    // O_EXCL: never through a link someone left at the name. Mode 000 from the start.
    closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o000));
  } catch (err) {
    // Another process made it between the two steps: fine if it is right.
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if (!isPlaceholder(file))
    throw new Error(`cannot make the sandbox's placeholder for denied files at ${file}`);
  return file;
}
