// A small write-ahead journal in CODEX_HOME that makes a patch all-or-nothing even when the process is
// killed: every new file is first staged next to its target, then the journal says "committing", then the
// staged files are renamed over their targets (each rename is atomic). A start that finds a journal
// finishes the renames (committing) or removes the staged files (staging), and says which.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { journalDirFor } from "./journal-dir.js";
import { nodePatchFs, statOrUndefined, type PatchFs } from "./patch-fs.js";

export const JournalEntry = z.object({
  /** The file the patch changes (physical path). */
  target: z.string(),
  /** Where its new content is staged, or null when the patch deletes it. */
  staged: z.string().nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

export const PatchJournal = z.object({
  version: z.literal(1),
  id: z.string(),
  /** The process applying the patch: while it lives, the journal is its own, not a leftover. */
  pid: z.number(),
  startedAt: z.string(),
  state: z.enum(["staging", "committing"]),
  files: z.array(JournalEntry),
  /** Directories the patch creates, parents first; removed again (when empty) on roll-back. */
  createdDirs: z.array(z.string()),
});
export type PatchJournal = z.infer<typeof PatchJournal>;

export { journalDirFor } from "./journal-dir.js";

export function newJournalId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
}

/** Where a target's new content waits: the same directory, so the final rename stays on one filesystem. */
export function stagedPathFor(target: string, id: string, index: number): string {
  return join(dirname(target), `.codex-patch-${id}-${index}-${basename(target)}`);
}

/** Replaces the journal file atomically (write, fsync, rename): a reader sees the old or the new state. */
export function writeJournal(dir: string, journal: PatchJournal): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${journal.id}.json`);
  const temp = `${file}.tmp`;
  const fd = openSync(temp, "w", 0o600);
  try {
    writeSync(fd, JSON.stringify(journal));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}

export function removeJournal(dir: string, id: string): void {
  try {
    unlinkSync(join(dir, `${id}.json`));
  } catch {
    // Already gone: nothing to finish.
  }
}

export interface RecoveryReport {
  id: string;
  outcome: "finished" | "rolled back" | "unreadable";
  files: number;
  /** One sentence for the user. */
  message: string;
}

/**
 * Finishes or rolls back every patch a killed process left half-done. Meant for startup; a journal whose
 * process still runs (another codex-ts sharing CODEX_HOME, mid-patch) is left alone.
 */
export async function recoverInterruptedPatches(
  codexHome: string,
  options: { fs?: PatchFs } = {},
): Promise<RecoveryReport[]> {
  const fs = options.fs ?? nodePatchFs;
  const dir = journalDirFor(codexHome);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  const reports: RecoveryReport[] = [];
  for (const name of names) {
    const id = name.slice(0, -".json".length);
    let journal: PatchJournal;
    try {
      journal = PatchJournal.parse(JSON.parse(readFileSync(join(dir, name), "utf8")));
    } catch (error) {
      reports.push({
        id,
        outcome: "unreadable",
        files: 0,
        message: `could not read the patch journal ${join(dir, name)} (${(error as Error).message}); left in place`,
      });
      continue;
    }
    if (journal.pid !== process.pid && isAlive(journal.pid)) continue;
    reports.push(await recoverOne(journal, fs));
    removeJournal(dir, id);
  }
  return reports;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function recoverOne(journal: PatchJournal, fs: PatchFs): Promise<RecoveryReport> {
  const files = journal.files.length;
  const when = journal.startedAt;
  if (journal.state === "committing") {
    // Every staged file was complete before the journal said so: finish the renames that did not happen.
    for (const entry of journal.files) {
      if (entry.staged === null) await fs.remove(entry.target);
      else if (await statOrUndefined(fs, entry.staged)) await fs.rename(entry.staged, entry.target);
    }
    return {
      id: journal.id,
      outcome: "finished",
      files,
      message: `finished a patch interrupted at ${when}: ${files} file(s) now have their new content`,
    };
  }
  for (const entry of journal.files) if (entry.staged !== null) await fs.remove(entry.staged);
  for (const dir of [...journal.createdDirs].reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty (someone wrote there since) or already gone: keep it.
    }
  }
  return {
    id: journal.id,
    outcome: "rolled back",
    files,
    message: `rolled back a patch interrupted at ${when}: none of its ${files} file(s) had been changed`,
  };
}
