// Step two: write a plan to disk, all or nothing. Every new content is staged next to its target first;
// only when all of it is on disk are the staged files renamed over their targets (removals with them).
// With a journal directory (CODEX_HOME/patch-journal) a kill at any moment leaves each file old or new,
// and the next start completes or rolls back the patch (patch-journal.ts). A failure while writing puts
// back what was already changed.
import { dirname } from "node:path";
import type { PatchFs } from "./patch-fs.js";
import { nodePatchFs, statOrUndefined } from "./patch-fs.js";
import {
  newJournalId,
  removeJournal,
  stagedPathFor,
  writeJournal,
  type PatchJournal,
} from "./patch-journal.js";
import type { PatchChange, PatchOptions, PatchPlan } from "./plan.js";
import { planPatch } from "./plan.js";
import type { ParsedPatch } from "./types.js";
import { PatchApplyError } from "./types.js";

export interface PatchResult {
  changes: PatchChange[];
  summary: string;
}

export interface CommitOptions {
  fs?: PatchFs;
  /** Where the write-ahead journal goes; without it a killed process can leave a patch half-applied. */
  journalDir?: string;
}

/** Plans the whole patch (throwing PatchApplyError before any write), then writes it. */
export async function applyPatch(
  parsed: ParsedPatch,
  options: PatchOptions & { journalDir?: string },
): Promise<PatchResult> {
  const plan = await planPatch(parsed, options);
  await commitPlan(plan, {
    ...(options.fs ? { fs: options.fs } : {}),
    ...(options.journalDir ? { journalDir: options.journalDir } : {}),
  });
  return { changes: plan.changes, summary: plan.summary };
}

interface Step {
  /** As planned (lexical), for messages. */
  path: string;
  /** Where the write lands: symlinks resolved at plan time, none followed at write time. */
  target: string;
  content: string | null;
  staged: string | null;
  existed: boolean;
}

export async function commitPlan(plan: PatchPlan, options: CommitOptions = {}): Promise<void> {
  const fs = options.fs ?? nodePatchFs;
  const id = newJournalId();
  const steps: Step[] = [];
  let index = 0;
  for (const [path, content] of plan.finalContents) {
    const existed = plan.originalContents.get(path) != null;
    if (content === null && !existed) continue;
    const target = plan.physicalPaths.get(path) ?? path;
    const staged = content === null ? null : stagedPathFor(target, id, index++);
    steps.push({ path, target, content, staged, existed });
  }
  const createdDirs = await missingDirectories(fs, steps);
  const journal: PatchJournal = {
    version: 1,
    id,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    state: "staging",
    files: steps.map(({ target, staged }) => ({ target, staged })),
    createdDirs,
  };
  const { journalDir } = options;
  const record = (state: PatchJournal["state"]) => {
    if (journalDir !== undefined) writeJournal(journalDir, { ...journal, state });
  };
  const forget = () => {
    if (journalDir !== undefined) removeJournal(journalDir, id);
  };

  try {
    record("staging");
  } catch (err) {
    throw new PatchApplyError(
      `Cannot write the patch journal in ${journalDir}: ${(err as Error).message} (no file was changed)`,
    );
  }
  let current = "";
  const madeDirs = new Set<string>();
  try {
    for (const step of steps) {
      if (step.staged === null || step.content === null) continue;
      current = step.path;
      const dir = dirname(step.target);
      if (!madeDirs.has(dir)) await fs.mkdirRecursive(dir);
      madeDirs.add(dir);
      await fs.writeFile(step.staged, step.content, step.existed ? step.target : undefined);
    }
  } catch (err) {
    await discardStaged(fs, steps, createdDirs);
    forget();
    throw new PatchApplyError(`Failed to write ${current}: ${(err as Error).message} (no file was changed)`);
  }

  try {
    record("committing");
  } catch (err) {
    await discardStaged(fs, steps, createdDirs);
    forget();
    throw new PatchApplyError(
      `Cannot write the patch journal in ${journalDir}: ${(err as Error).message} (no file was changed)`,
    );
  }
  const done: Step[] = [];
  try {
    for (const step of steps) {
      current = step.path;
      if (step.staged === null) await fs.remove(step.target);
      else await fs.rename(step.staged, step.target);
      done.push(step);
    }
  } catch (err) {
    const failures = await undo(plan, fs, done);
    await discardStaged(fs, steps, createdDirs);
    forget();
    const undoNote =
      failures.length === 0
        ? "no file was changed"
        : `could not restore ${failures.join(", ")}; other files were restored`;
    throw new PatchApplyError(`Failed to write ${current}: ${(err as Error).message} (${undoNote})`);
  }
  forget();
}

/** The directories the patch will create, parents first (to remove them again on roll-back). */
async function missingDirectories(fs: PatchFs, steps: readonly Step[]): Promise<string[]> {
  const missing = new Set<string>();
  for (const step of steps) {
    if (step.content === null) continue;
    const chain: string[] = [];
    let dir = dirname(step.target);
    while (!missing.has(dir) && !(await statOrUndefined(fs, dir))) {
      chain.push(dir);
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    for (const created of chain.reverse()) missing.add(created);
  }
  return [...missing];
}

async function discardStaged(fs: PatchFs, steps: readonly Step[], createdDirs: readonly string[]) {
  for (const step of steps) if (step.staged !== null) await fs.remove(step.staged).catch(() => undefined);
  for (const dir of [...createdDirs].reverse()) await fs.remove(dir).catch(() => undefined);
}

/** Puts every changed file back as it was; returns the paths it could not restore. */
async function undo(plan: PatchPlan, fs: PatchFs, done: readonly Step[]) {
  const failures: string[] = [];
  for (const step of [...done].reverse()) {
    const original = plan.originalContents.get(step.path) ?? null;
    try {
      if (original === null) await fs.remove(step.target);
      else await fs.writeFile(step.target, original);
    } catch {
      failures.push(step.path);
    }
  }
  return failures;
}
